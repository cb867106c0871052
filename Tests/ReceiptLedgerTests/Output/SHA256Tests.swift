import Foundation
import Testing
@testable import ReceiptLedger

@Suite struct SHA256Tests {
    /// FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA2_Additional.pdf").
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ]

    @Test(arguments: vectors)
    func nistMessageDigest(message: String, expected: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == expected)
    }

    @Test func oneMillionTimesA() {
        var hasher = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(thousand) }
        #expect(SHA256.hex(of: hasher.finalize())
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everySplitOfTwoHundredBytesGivesTheSameDigest() {
        let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        let expected = "2c7e18c942ef065b526a2d4e5546283749cd3ddfb51d8fc71f42717363685f46"
        #expect(SHA256.hexDigest(of: message) == expected)
        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(Array(message[..<split]))
            hasher.update(Array(message[split...]))
            #expect(SHA256.hex(of: hasher.finalize()) == expected, "split at \(split)")
        }
        var bytewise = SHA256()
        for byte in message { bytewise.update([byte]) }
        #expect(SHA256.hex(of: bytewise.finalize()) == expected)
    }

    /// The CPU's SHA instructions and the portable code give the same state for any blocks
    /// (on a CPU without the instructions both calls run the portable code).
    @Test(arguments: [1, 2, 3, 17, 1000])
    func hardwareAndPortableCompressionAgree(blocks: Int) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(blocks * SHA256.blockSize)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var hardware = SHA256.State()
        var portable = SHA256.State()
        bytes.withUnsafeBytes { SHA256.compress(&hardware, blocks: $0) }
        bytes.withUnsafeBytes { SHA256.compressPortable(&portable, blocks: $0) }
        let (h0, h1, h2, h3, h4, h5, h6, h7) = hardware.words
        let (p0, p1, p2, p3, p4, p5, p6, p7) = portable.words
        #expect([h0, h1, h2, h3, h4, h5, h6, h7] == [p0, p1, p2, p3, p4, p5, p6, p7])
    }

    @Test func fileDigestStreamsAcrossChunks() throws {
        let path = NSTemporaryDirectory() + "sha256-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = (1 << 20) * 2 + 77
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 9)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try SHA256.hexDigest(ofFileAt: path) == SHA256.hexDigest(of: bytes))
    }

    @Test func missingFileNamesPathAndReason() {
        #expect(throws: OutputError(action: "cannot read", path: "/nonexistent/x.db",
                                    reason: "No such file or directory")) {
            try SHA256.hexDigest(ofFileAt: "/nonexistent/x.db")
        }
    }
}
