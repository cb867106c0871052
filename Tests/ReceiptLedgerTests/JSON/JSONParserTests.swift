import Testing
@testable import ReceiptLedger

/// A reused `JSONParser` never lets one document's storage leak into another's.
@Suite struct JSONParserTests {
    @Test func parsesOneDocumentAfterAnother() throws {
        let parser = JSONParser()
        for k in 0..<50 {
            let root = try parser.parse(Array(#"{"n": \#(k), "s": "v\#(k)"}"#.utf8)).root
            #expect(root["n"]?.int64 == Int64(k))
            #expect(root["s"]?.string == "v\(k)")
        }
    }

    @Test func keptDocumentsStayValidAfterTheNextParse() throws {
        let parser = JSONParser()
        let first = try parser.parse(Array(#"{"a": [1, 2, 3], "b": "first"}"#.utf8))
        let second = try parser.parse(Array(#"["second", {"x": null}]"#.utf8))
        #expect(first.root["a"]?.count == 3)
        #expect(first.root["b"]?.string == "first")
        #expect(second.root.elements[0].string == "second")
        #expect(second.root.elements[1]["x"]?.isNull == true)
    }

    @Test func parsingInPlaceReadsTheBytesWhereTheyAre() throws {
        let parser = JSONParser()
        var source = Array(#"{"k": "two"}"#.utf8)
        var kind = JSONKind.null, members = -1, value = ""
        var kept: JSONDocument?
        try source.withUnsafeBytes { raw in
            try parser.withView(parsingInPlace: raw) { view in
                // Tape: 0 the object, 1 the key "k", 2 its value.
                kind = view.kind(0)
                members = view.count(0)
                value = String(decoding: view.rawBytes(2), as: UTF8.self)
                kept = JSONDocument(copying: view)
            }
        }
        #expect(kind == .object)
        #expect(members == 1)
        #expect(value == #""two""#)
        // A view's document copy outlives the bytes it was parsed from.
        source[7] = UInt8(ascii: "X")
        #expect(kept?.root["k"]?.string == "two")
        #expect(throws: JSONParseError.self) {
            try Array(#"{"k": tru"#.utf8).withUnsafeBytes { raw in try parser.withView(parsingInPlace: raw) { _ in } }
        }
        let copied = try source.withUnsafeBytes { raw in try JSONDocument(bytes: raw) }
        source[7] = UInt8(ascii: "Y")
        #expect(copied.root["k"]?.string == "Xwo")
    }

    @Test func anErrorDoesNotSpoilTheNextParse() throws {
        let parser = JSONParser(maxDepth: 4)
        #expect(throws: JSONParseError(offset: 4, message: "nesting deeper than 4")) {
            try parser.parse(Array("[[[[[]]]]]".utf8))
        }
        #expect(throws: JSONParseError.self) { try parser.parse(Array(#"{"a": tru"#.utf8)) }
        let root = try parser.parse(Array(#"{"a": [[[true]]]}"#.utf8)).root
        #expect(root["a"]?.elements[0].elements[0].elements[0].bool == true)
    }
}
