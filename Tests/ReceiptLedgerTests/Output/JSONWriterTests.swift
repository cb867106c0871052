import Testing
@testable import ReceiptLedger

@Suite struct JSONWriterTests {
    @Test func prettyPrintsKeysInGivenOrder() {
        let manifest = JSONOutput.object([
            ("tool", .string("receipt-ledger")),
            ("inputs", .array([
                .object([("path", .string("in.db")), ("records", .integer(3)), ("ok", .bool(true))]),
            ])),
            ("amount", .rawNumber("-0.99")),
            ("empty_object", .object([])),
            ("empty_array", .array([])),
            ("as_of", .null),
            ("zebra_before_apple", .string(orNull: nil)),
        ])
        #expect(manifest.serialized() == """
            {
              "tool": "receipt-ledger",
              "inputs": [
                {
                  "path": "in.db",
                  "records": 3,
                  "ok": true
                }
              ],
              "amount": -0.99,
              "empty_object": {},
              "empty_array": [],
              "as_of": null,
              "zebra_before_apple": null
            }

            """)
    }

    @Test func scalarsAtTopLevelEndWithNewline() {
        #expect(JSONOutput.integer(Int64.min).serialized() == "-9223372036854775808\n")
        #expect(JSONOutput.bool(false).serialized() == "false\n")
        #expect(JSONOutput.array([.integer(1), .integer(2)]).serialized() == "[\n  1,\n  2\n]\n")
    }

    static let escapes: [(String, String)] = [
        ("plain", #""plain""#),
        ("quote \" and backslash \\", #""quote \" and backslash \\""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("/slash", #""/slash""#),
        ("café 😀 e\u{301} \u{2028}", "\"café 😀 e\u{301} \u{2028}\""),
    ]

    @Test(arguments: escapes)
    func stringEscapesPerRFC8259(text: String, written: String) {
        #expect(JSONOutput.string(text).serialized() == written + "\n")
        #expect(JSONOutput.object([(text, .null)]).serialized() == "{\n  \(written): null\n}\n")
    }
}
