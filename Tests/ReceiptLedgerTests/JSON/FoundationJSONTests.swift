import Testing
@testable import ReceiptLedger

/// Foundation's parser as the reference reading uses it (`FoundationJSON`, `JSONTreeWriter`):
/// it reads every value as the strict tape parser does, and refuses what that one refuses, in
/// its words (docs/DECISIONS.md, "The reference reading parses with Foundation").
@Suite struct FoundationJSONTests {
    static func foundation(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try FoundationJSON.document(buffer) }
    }

    static func foundationError(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try foundation(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The value at `index` as the rules can see it: kinds, number literals and integer
    /// readings, decoded strings, and objects as their keys (each once, the last value) in order.
    static func describe(_ view: JSONView, _ index: Int) -> String {
        switch view.kind(index) {
        case .object:
            var members: [String: String] = [:]
            view.forEachMember(index) { key, value in members[view.string(key) ?? "?"] = describe(view, value) }
            return "{" + members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { "\($0.debugDescription):\(members[$0] ?? "")" }.joined(separator: ",") + "}"
        case .array:
            var elements: [String] = []
            view.forEachElement(index) { elements.append(describe(view, $0)) }
            return "[" + elements.joined(separator: ",") + "]"
        case .string:
            return "s" + (view.string(index) ?? "?").debugDescription + "\(view.stringBytes(index) ?? [])"
        case .number:
            return "n\(view.numberText(index) ?? "?")/\(view.int64(index).map(String.init) ?? "-")"
        case .bool:
            return "b\(view.bool(index) ?? false)"
        case .null:
            return "null"
        }
    }

    static let literals = [
        "0", "-0", "2", "2.0", "1.50", "1E3", "1e+3", "-2.5e-3", "1e400", "-1e400", "99999999999999999999", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1704067200000.5", "1698148900000.99999999",
        "1.0000000000000001", "123456789012345678901234567890",
    ]

    /// Foundation would make each of these a binary value; the reference keeps its literal.
    @Test(arguments: literals)
    func aNumberKeepsItsLiteral(literal: String) throws {
        let document = try Self.foundation(Array("[\(literal)]".utf8))
        let strict = try JSONDocument(text: "[\(literal)]")
        document.withView { view in
            #expect(view.numberText(1) == literal)
            strict.withView { #expect(Self.describe(view, 0) == Self.describe($0, 0)) }
        }
        #expect(document.tape[1].flags == strict.tape[1].flags)
    }

    @Test(arguments: [
        #"{"b" : [1, true, null, "x\u0041\n\/"], "a": {"c": -0.5e2, "d": false}}"#,
        #"{"a": 1, "a": 2, "b": {"a": 3, "a": {"z": null}}}"#,
        "\"eyJhbGciOiJFUzI1NiJ9.eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2ln\"", "12", "true", "null", "\"\"", "[]", "{}",
        #"["\u0000", "\uFEFFa", "\ufeff", "\u00e9", "\ud83d\ude00", "\uFFFE", "e\u0301", "\"\\", "\u001f"]"#,
        "\u{FEFF}{\"a\": [\"\u{FEFF}\", \"\u{10FFFF}\", \"\u{7F}\"]}",
        " \r\n\t[ 1 , { \"k\" : \"v\" } ]\n",
        #"{"in\u005fapp": [{"transaction_id": 1000000123, "quantity": 2.0}], "in_app": []}"#,
    ])
    func everyValueReadsAsTheStrictParserReadsIt(text: String) throws {
        let document = try Self.foundation(Array(text.utf8))
        let strict = try JSONDocument(text: text)
        document.withView { view in strict.withView { #expect(Self.describe(view, 0) == Self.describe($0, 0)) } }
    }

    /// Canonical bytes: no whitespace, members by their keys' UTF-8, the last of a repeated key,
    /// strings escaped only where JSON must; the tape over them as the tape parser leaves it.
    @Test func theWrittenDocumentIsCanonical() throws {
        let text = #"{ "b" : [1.50, true, null, "x\u0041\n\/"], "a": {"c": -0, "c": -0.5e2}, "é": "" }"#
        let document = try Self.foundation(Array(text.utf8))
        let canonical = #"{"a":{"c":-0.5e2},"b":[1.50,true,null,"xA\n/"],"é":""}"#
        #expect(document.bytes == Array(canonical.utf8))
        let reparsed = try JSONDocument(text: canonical)
        #expect(document.tape.count == reparsed.tape.count)
        for index in 0..<reparsed.tape.count {
            let (written, parsed) = (document.tape[index], reparsed.tape[index])
            #expect([written.start, written.end, written.next, written.count] == [parsed.start, parsed.end, parsed.next, parsed.count])
            #expect(written.kind == parsed.kind && written.flags == parsed.flags, "entry \(index)")
        }
    }

    @Test func booleansAreNotNumbers() throws {
        let document = try Self.foundation(Array("[true, 1, false, 0]".utf8))
        document.withView { view in
            #expect([1, 2, 3, 4].map { view.kind($0) } == [.bool, .number, .bool, .number])
            #expect(view.bool(1) == true && view.bool(3) == false && view.int64(2) == 1 && view.int64(4) == 0)
        }
    }

    /// Documents the strict parser refuses, among them what Foundation alone would read (a
    /// trailing comma, UTF-16 found by zero bytes): refused, in the strict parser's words.
    @Test(arguments: [
        "[1,]", "{\"a\":1,}", "{\"a\":1 , }", "[1,,2]", "[,1]", "{,}", "", "   ", "[1]x", "{}{}", "/*c*/[]", "[1]//c", "NaN", "[Infinity]",
        "[01]", "[1.]", "[.5]", "[+1]", "[-]", "[1e]", "[1e+]", "[--1]", "[1.5.5]", "[0x10]", "{'a':1}", "{a:1}", "[True]", "tru",
        "\"\\ud800\"", "\"\\udc00x\"", "\"\\ud800\\u0041\"", "\"\\udc00\\ud800\"", "\"\\x41\"", "\"\\'\"", "\"\\u12\"", "\"\\uZZZZ\"",
        "\"a\u{7}b\"", "\"abc", "[\"a\"\"b\"]", "{\"a\"}", "{\"a\":}", "\u{C}[]", " \u{FEFF}[]", "\u{FEFF}\u{FEFF}[]", "\u{A0}[]", "[1]\u{7F}",
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
    ])
    func whatTheStrictParserRefusesIsRefusedInItsWords(text: String) {
        let error = Self.foundationError(Array(text.utf8))
        #expect(error != nil)
        #expect(error == JSONTestSupport.error(text))
    }

    @Test(arguments: [
        [0x5B, 0x00, 0x5D, 0x00], [0x00, 0x5B, 0x00, 0x5D], [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
        [0x22, 0x00, 0x22], [0x22, 0xC3, 0x22], [0x22, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
        [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
    ] as [[UInt8]])
    func zeroBytesAndInvalidUTF8AreRefusedInTheStrictParsersWords(bytes: [UInt8]) {
        let error = Self.foundationError(bytes)
        #expect(error != nil)
        #expect(error == JSONTestSupport.error(bytes))
    }

    @Test func nestingIsBoundedAsInTheStrictParser() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try Self.foundation(Array(deepest.utf8))
        let objects = String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)
        _ = try Self.foundation(Array(objects.utf8))
        let parser = JSONParser(maxDepth: 3, parsing: .foundation)
        var refusal: JSONParseError?
        do { _ = try parser.parse(Array("[[[[]]]]".utf8)) } catch { refusal = error }
        #expect(refusal != nil && refusal == JSONTestSupport.error("[[[[]]]]", maxDepth: 3))
        #expect(try parser.parse(Array("[[[]]]".utf8)).tape.count == 3)
        #expect(parser.documentsRead.foundation == 2 && parser.documentsRead.tape == 0)
    }

    /// The grammar of RFC 8259 §6, which numbers are checked against before Foundation sees them.
    @Test func theNumberGrammarIsRFC8259s() {
        let valid = ["0", "-0", "7", "-12", "0.5", "10.25", "1e5", "1E+5", "1e-5", "-0.0e0", "12345678901234567890"]
        let invalid = ["", "-", "01", "-01", "1.", ".5", "+1", "1e", "1e+", "1.5.5", "1-2", "1e5e5", "--1", "1ee5", "0.e1"]
        for literal in valid { #expect(Array(literal.utf8).withUnsafeBufferPointer(FoundationJSON.isNumber), "\(literal)") }
        for literal in invalid { #expect(!Array(literal.utf8).withUnsafeBufferPointer(FoundationJSON.isNumber), "\(literal)") }
    }
}
