import Testing
@testable import ReceiptLedger

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
}
