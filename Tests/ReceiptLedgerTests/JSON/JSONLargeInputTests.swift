import Testing
@testable import ReceiptLedger

/// Large inputs parse in linear time and memory.
@Suite struct JSONLargeInputTests {
    @Test func tenMegabyteString() throws {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(10_450_020)
        bytes.append(UInt8(ascii: "\""))
        let chunk = Array("abcdefgh\u{E9}\u{20AC}\u{1F600}\\n".utf8)  // 19 bytes: ASCII, 2-, 3-, 4-byte UTF-8, an escape
        for _ in 0..<550_000 { bytes.append(contentsOf: chunk) }
        bytes.append(contentsOf: Array("\", 1]".utf8))
        let root = try JSONDocument(bytes: bytes).root
        let string = try #require(root.elements.first?.string)
        #expect(string.utf8.count == 550_000 * 18)
        #expect(string.hasPrefix("abcdefghé€😀\nabc"))
        #expect(root.elements.last?.int64 == 1)
    }

    @Test func millionElementArray() throws {
        var text = "["
        text.reserveCapacity(8_000_000)
        for k in 0..<1_000_000 {
            if k > 0 { text += "," }
            text += String(k)
        }
        text += "]"
        let root = try JSONTestSupport.root(text)
        #expect(root.count == 1_000_000)
        var sum: Int64 = 0
        var seen = 0
        root.forEachElement { value in
            sum += value.int64 ?? 0
            seen += 1
        }
        #expect(seen == 1_000_000)
        #expect(sum == 499_999_500_000)
        #expect(root.elements.last?.int64 == 999_999)
    }

    @Test func lookupInAWideObject() throws {
        let text = "{" + (0..<100_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        let root = try JSONTestSupport.root(text)
        #expect(root.count == 100_000)
        #expect(root["k99999"]?.int64 == 99_999)
        #expect(root["k100000"] == nil)
    }
}
