import Testing
@testable import ReceiptLedger

@Suite struct JSONErrorTests {
    @Test func emptyOrBlankInputEndsUnexpectedly() {
        #expect(JSONTestSupport.error("") == JSONParseError(offset: 0, message: "unexpected end of input"))
        #expect(JSONTestSupport.error(" \n\t") == JSONParseError(offset: 3, message: "unexpected end of input"))
        #expect(JSONTestSupport.error("")?.description == "unexpected end of input at byte 0")
    }

    @Test(arguments: [
        (#"{"a": 1} x"#, 9),
        ("{} {}", 3),
        ("1 2", 2),
        ("[] ]", 3),
        ("\"a\"\"b\"", 3),
    ])
    func trailingGarbageIsAnError(text: String, offset: Int) {
        #expect(JSONTestSupport.error(text) == JSONParseError(offset: offset, message: "unexpected data after the root value"))
    }

    @Test(arguments: [
        [0xC3, 0x28],  // lead byte, then ASCII
        [0x80],  // lone continuation byte
        [0xC0, 0xAF],  // overlong '/'
        [0xC1, 0xBF],  // overlong
        [0xE0, 0x80, 0xAF],  // overlong
        [0xF0, 0x80, 0x80, 0xAF],  // overlong
        [0xED, 0xA0, 0x80],  // UTF-8-encoded surrogate U+D800
        [0xED, 0xBF, 0xBF],  // UTF-8-encoded surrogate U+DFFF
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],  // byte above F4
        [0xFF],
        [0xE2, 0x82],  // cut 3-byte sequence
        [0xF0, 0x9F, 0x98],  // cut 4-byte sequence
        [0xE2, 0x28, 0xA1],
    ] as [[UInt8]])
    func invalidUTF8InStringIsAnError(sequence: [UInt8]) {
        let bytes = [UInt8(ascii: "\""), UInt8(ascii: "a")] + sequence + [UInt8(ascii: "\"")]
        #expect(JSONTestSupport.error(bytes) == JSONParseError(offset: 2, message: "invalid UTF-8 in string"))
    }

    @Test func invalidUTF8IsFoundPastTheFirstEightBytes() {
        let bytes = Array(#"{"key": "0123456789abcdef"#.utf8) + [0xC0, 0x80] + Array("\"}".utf8)
        #expect(JSONTestSupport.error(bytes) == JSONParseError(offset: 25, message: "invalid UTF-8 in string"))
    }

    @Test func rawControlCharactersInStringsAreErrors() {
        let nul = Array(#"{"k": "ab"#.utf8) + [0x00] + Array(#"c"}"#.utf8)
        #expect(JSONTestSupport.error(nul) == JSONParseError(offset: 9, message: "unescaped control character in string"))
        #expect(JSONTestSupport.error("\"a\nb\"")?.message == "unescaped control character in string")
        #expect(JSONTestSupport.error("\"a\tb\"")?.message == "unescaped control character in string")
        #expect(JSONTestSupport.error("\"\u{1F}\"")?.offset == 1)
    }

    @Test func nulOutsideStringsIsAnError() {
        #expect(JSONTestSupport.error([UInt8(ascii: "[")] + [0] + [UInt8(ascii: "]")]) != nil)
        #expect(JSONTestSupport.error(Array("{}".utf8) + [0]) != nil)
    }

    @Test(arguments: ["01", "1.", "-", "+1", ".5", "1e", "-01", "1.e5", "1e+", "--1", "0x1", "1.5.", "Infinity", "NaN", "-a", "[01]", "[1.]", "[-]", "1E-", "00"])
    func badNumbersAreErrors(text: String) {
        #expect(JSONTestSupport.error(text) != nil)
    }

    @Test func badNumberMessagesNameTheProblem() {
        #expect(JSONTestSupport.error("01") == JSONParseError(offset: 0, message: "leading zero in number"))
        #expect(JSONTestSupport.error("[1.]") == JSONParseError(offset: 3, message: "invalid number: expected a digit"))
        #expect(JSONTestSupport.error("+1") == JSONParseError(offset: 0, message: "expected a value, found '+'"))
        #expect(JSONTestSupport.error("1e") == JSONParseError(offset: 2, message: "unexpected end of input"))
    }

    @Test(arguments: [#""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, #""\ud83dx""#, #""\ude00\ud83d""#, #""\ud83d\ud83d""#, #""\uDBFF\n""#])
    func loneSurrogateEscapesAreErrors(text: String) {
        #expect(JSONTestSupport.error(text) == JSONParseError(offset: 1, message: "unpaired surrogate in \\u escape"))
    }

    @Test(arguments: [#""\x""#, #""\'""#, #""\U0041""#, #""\ ""#])
    func unknownEscapesAreErrors(text: String) {
        #expect(JSONTestSupport.error(text) == JSONParseError(offset: 1, message: "invalid escape in string"))
    }

    @Test(arguments: [#""\u12G4""#, #""\u-123""#, #""\u00""#])
    func badUnicodeEscapesAreErrors(text: String) {
        #expect(JSONTestSupport.error(text) == JSONParseError(offset: 1, message: "invalid \\u escape"))
    }

    @Test(arguments: [
        (#"{"a" 1}"#, 5, "expected ':', found '1'"),
        ("{1: 2}", 1, "expected a string key, found '1'"),
        (#"{"a": 1,}"#, 8, "expected a string key, found '}'"),
        ("[1,]", 3, "expected a value, found ']'"),
        ("[1 2]", 3, "expected ',' or ']', found '2'"),
        (#"{"a": 1]"#, 7, "expected ',' or '}', found ']'"),
        ("]", 0, "expected a value, found ']'"),
        ("[\u{1}]", 1, "expected a value, found byte 0x01"),
        ("tru", 3, "unexpected end of input"),
        ("nul!", 0, "invalid literal (expected null)"),
        ("[fals]", 1, "invalid literal (expected false)"),
        ("truex", 4, "unexpected data after the root value"),
        ("{'a': 1}", 1, "expected a string key, found '''"),
        ("[\"abc", 5, "unexpected end of input"),
    ])
    func structuralErrorsHaveOffsetsAndMessages(text: String, offset: Int, message: String) {
        #expect(JSONTestSupport.error(text) == JSONParseError(offset: offset, message: message))
    }

    @Test func hundredThousandNestedArraysFailWithoutCrashing() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(JSONTestSupport.error(deep) == JSONParseError(offset: 512, message: "nesting deeper than 512"))
        let closed = deep + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        #expect(JSONTestSupport.error(closed) == JSONParseError(offset: 512, message: "nesting deeper than 512"))
    }

    @Test func deeplyNestedObjectsFailWithoutCrashing() {
        let deep = String(repeating: #"{"a":"#, count: 100_000)
        #expect(JSONTestSupport.error(deep)?.message == "nesting deeper than 512")
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let text = String(repeating: "[", count: 512) + "7" + String(repeating: "]", count: 512)
        var value = try JSONTestSupport.root(text)
        for _ in 0..<512 { value = value.elements[0] }
        #expect(value.int64 == 7)
        #expect(JSONTestSupport.error("[[[1]]]", maxDepth: 2) == JSONParseError(offset: 2, message: "nesting deeper than 2"))
        #expect(JSONTestSupport.error("[[1]]", maxDepth: 2) == nil)
    }
}
