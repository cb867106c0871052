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

    @Test func parseCopyingOwnsItsBytes() throws {
        let parser = JSONParser()
        var source = Array(#"{"k": "one"}"#.utf8)
        let first = try source.withUnsafeBytes { raw throws(JSONParseError) in try parser.parse(copying: raw) }
        source[7] = UInt8(ascii: "X")
        let second = try Array(#"{"k": "two"}"#.utf8).withUnsafeBytes { raw throws(JSONParseError) in
            try parser.parse(copying: raw)
        }
        #expect(first.root["k"]?.string == "one")
        #expect(second.root["k"]?.string == "two")
        let copied = try source.withUnsafeBytes { raw throws(JSONParseError) in try JSONDocument(bytes: raw) }
        source[7] = UInt8(ascii: "Y")
        #expect(copied.root["k"]?.string == "Xne")
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
