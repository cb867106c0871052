import Testing
@testable import ReceiptLedger

@Suite struct JSONScalarTests {
    @Test func everyScalarKindAtTheRoot() throws {
        #expect(try JSONTestSupport.root(#""hi""#).kind == .string)
        #expect(try JSONTestSupport.root("-1.5e3").kind == .number)
        #expect(try JSONTestSupport.root("true").kind == .bool)
        #expect(try JSONTestSupport.root("false").kind == .bool)
        #expect(try JSONTestSupport.root("null").kind == .null)
        #expect(try JSONTestSupport.root("[]").kind == .array)
        #expect(try JSONTestSupport.root("{}").kind == .object)
    }

    @Test func scalarAccessorsReadTheirOwnKindOnly() throws {
        let root = try JSONTestSupport.root(#"[ "x", 42, true, false, null ]"#)
        let values = root.elements
        #expect(values.count == 5)
        #expect(values[0].string == "x")
        #expect(values[0].int64 == nil && values[0].bool == nil && values[0].numberText == nil)
        #expect(values[1].int64 == 42)
        #expect(values[1].numberText == "42")
        #expect(values[1].string == nil && values[1].bool == nil && !values[1].isNull)
        #expect(values[2].bool == true)
        #expect(values[3].bool == false)
        #expect(values[2].string == nil && values[2].int64 == nil)
        #expect(values[4].isNull)
        #expect(values[4].bool == nil && values[4].string == nil)
        #expect(values[1].count == 0 && values[1].elements.isEmpty && values[1].members.isEmpty)
        #expect(values[1]["x"] == nil)
    }

    @Test(arguments: [
        ("1574919499000", Int64(1_574_919_499_000)),
        ("-5", -5),
        ("0", 0),
        ("-0", 0),
        ("9223372036854775807", Int64.max),
        ("-9223372036854775808", Int64.min),
    ])
    func int64ReadsIntegerLiterals(text: String, expected: Int64) throws {
        #expect(try JSONTestSupport.root(text).int64 == expected)
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.5", "1e3", "1.0", "-0.0"])
    func int64IsNilForFractionsExponentsAndOutOfRange(text: String) throws {
        let root = try JSONTestSupport.root(text)
        #expect(root.kind == .number)
        #expect(root.int64 == nil)
        #expect(root.numberText == text)
    }

    @Test(arguments: ["0", "-0", "12", "0.5", "-0.5E+10", "1e-7", "1E5", "123.456e789"])
    func numberTextIsTheLiteral(text: String) throws {
        #expect(try JSONTestSupport.root(" \(text) ").numberText == text)
    }

    @Test func rawBytesAreTheExactSource() throws {
        let text = #"{"a": [1, {"b" : "c\/"}], "n": -1.50}"#
        let root = try JSONTestSupport.root(text)
        #expect(String(decoding: root.rawBytes, as: UTF8.self) == text)
        #expect(String(decoding: try #require(root["a"]).rawBytes, as: UTF8.self) == #"[1, {"b" : "c\/"}]"#)
        #expect(String(decoding: try #require(root["a"]?.elements[1]["b"]).rawBytes, as: UTF8.self) == #""c\/""#)
        #expect(String(decoding: try #require(root["n"]).rawBytes, as: UTF8.self) == "-1.50")
        #expect(root["n"]?.byteOffset == 31)
    }
}
