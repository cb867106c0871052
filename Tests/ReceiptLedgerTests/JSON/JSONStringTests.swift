import Testing
@testable import ReceiptLedger

@Suite struct JSONStringTests {
    @Test func escapesDecode() throws {
        let root = try JSONTestSupport.root(#""\/ \" \\ \n \u00e9 \ud83d\ude00 \b\f\r\t \u0041\u00E9\u20AC""#)
        #expect(root.string == "/ \" \\ \n é 😀 \u{8}\u{C}\r\t Aé€")
    }

    @Test func escapedSlashDecodesToSlash() throws {
        let root = try JSONTestSupport.root(#"{"tz": "Etc\/GMT"}"#)
        #expect(root["tz"]?.string == "Etc/GMT")
        #expect(root["tz"]?.stringEquals("Etc/GMT") == true)
        #expect(root["tz"]?.stringEquals("Etc\\/GMT") == false)
        #expect(root["tz"]?.unescapedUTF8 == nil)
    }

    @Test func escapedNulIsAllowed() throws {
        #expect(try JSONTestSupport.root(#""a\u0000b""#).string == "a\u{0}b")
    }

    @Test func rawMultiByteUTF8IsAccepted() throws {
        let text = "\"é € 😀 ߿ \u{FFFD} \u{10FFFF}\""
        #expect(try JSONTestSupport.root(text).string == "é € 😀 ߿ \u{FFFD} \u{10FFFF}")
    }

    @Test func stringEqualsComparesWithoutDecodingPlainStrings() throws {
        let root = try JSONTestSupport.root(#"["Sandbox", "Sandbo", 1, "", "caf\u00e9"]"#)
        let values = root.elements
        #expect(values[0].stringEquals("Sandbox"))
        #expect(!values[0].stringEquals("Sandbo"))
        #expect(!values[1].stringEquals("Sandbox"))
        #expect(!values[2].stringEquals("1"))
        #expect(values[3].stringEquals(""))
        #expect(values[4].stringEquals("café"))
        #expect(!values[4].stringEquals("cafe"))
    }

    @Test func unescapedUTF8IsTheContentsBetweenTheQuotes() throws {
        let root = try JSONTestSupport.root(#"["abc", "a\nb", 5]"#)
        let values = root.elements
        #expect(values[0].unescapedUTF8.map { Array($0) } == Array("abc".utf8))
        #expect(values[1].unescapedUTF8 == nil)
        #expect(values[2].unescapedUTF8 == nil)
    }

    @Test func isAllDigitsString() throws {
        let root = try JSONTestSupport.root(#"["1574919499000", "", "12a", "-1", 123, "\u0031"]"#)
        #expect(root.elements.map(\.isAllDigitsString) == [true, false, false, false, false, false])
    }

    @Test func byteOrderMarkAtTheStartIsSkipped() throws {
        let document = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#" {"a": 1}"#.utf8))
        #expect(document.root["a"]?.int64 == 1)
        #expect(document.root.byteOffset == 4)
    }

    @Test func byteOrderMarkAnywhereElseIsAnError() {
        #expect(JSONTestSupport.error([0x20, 0xEF, 0xBB, 0xBF] + Array("{}".utf8))?.offset == 1)
        #expect(JSONTestSupport.error([0xEF, 0xBB, 0xBF])?.message == "unexpected end of input")
        #expect(JSONTestSupport.error([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8))?.offset == 3)
    }

    @Test func int64FromDigitStringReadsMillisecondFields() throws {
        let root = try JSONTestSupport.root(#"["1574919499000", "0", "9223372036854775807", "9223372036854775808", "-5", "", "12a", "\u0031", 15, " 1"]"#)
        #expect(root.elements.map(\.int64FromDigitString) == [1_574_919_499_000, 0, .max, nil, nil, nil, nil, nil, nil, nil])
    }
}
