import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// `Base64URL` (RFC 4648 §5): the test vectors of RFC 4648 §10 in the URL alphabet, padding
/// optional, everything else refused.
@Suite struct Base64URLTests {
    static func decode(_ text: String) -> String? {
        Base64URL.decode(text).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [
        ("", ""), ("Zg", "f"), ("Zm8", "fo"), ("Zm9v", "foo"), ("Zm9vYg", "foob"), ("Zm9vYmE", "fooba"), ("Zm9vYmFy", "foobar"),
        ("Zg==", "f"), ("Zm8=", "fo"), ("Zm9vYg==", "foob"), ("Zm9vYmE=", "fooba"),
    ])
    func rfc4648VectorsDecodeWithOrWithoutPadding(text: String, expected: String) {
        #expect(Self.decode(text) == expected)
    }

    @Test func urlAlphabetReplacesPlusAndSlash() {
        // 0xFB 0xFF 0xBF is "+/+/" in the standard alphabet.
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
        #expect(Base64URL.decode("+/+/") == nil)
    }

    @Test(arguments: [
        "Z",          // one character left over encodes no byte
        "Zm9vY",      // likewise after a full group
        "Zg=",        // padding that does not reach a multiple of four
        "Zg===",      // too much padding
        "Zm9v====",   // padding after a full group
        "Z=g=",       // `=` inside the text
        "Zm 9v",      // whitespace
        "Zm9v\n",
        "Zh",         // non-zero bits left over (not canonical)
        "Zm9=",
        "Zm9vYmFy!",
        "é",
    ])
    func otherTextIsRefused(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func everyByteValueRoundTrips() {
        let bytes = (0...255).map { UInt8($0) }
        for length in [0, 1, 2, 3, 4, 100, 255, 256] {
            let slice = Array(bytes.prefix(length))
            #expect(Base64URL.decode(SignedAnswers.base64URL(slice)) == slice)
        }
    }

    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648VectorsEncodeWithoutPadding(text: String, expected: String) {
        #expect(Base64URL.encode(Array(text.utf8)) == expected)
    }

    @Test func encodingUsesTheURLAlphabetAndAppends() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        var output = Array("x.".utf8)
        Base64URL.encode([0xFB, 0xFF], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "x.-_8")
    }

    @Test func encodingRoundTripsEveryLengthAndAgreesWithTheTestEncoder() {
        var random = DemoRandom(seed: 9)
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let text = Base64URL.encode(bytes)
            #expect(text == SignedAnswers.base64URL(bytes), "\(length) bytes")
            #expect(Base64URL.decode(text) == bytes, "\(length) bytes")
        }
    }
}
