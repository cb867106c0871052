import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

@Suite struct DemoJSONWriterTests {
    @Test func separatesMembersAndEscapesStrings() {
        var writer = DemoJSONWriter()
        writer.append("{")
        writer.field("a", "quote \" backslash \\ newline \n tab \t bell \u{7}")
        writer.key("n")
        writer.integer(-42)
        writer.key("list")
        writer.append("[")
        for value in [Int64(0), 7, Int64.max] {
            writer.separate()
            writer.quotedInteger(value)
        }
        writer.append("]")
        writer.key("flags")
        writer.append("[")
        writer.flag(true, typed: false)
        writer.separate()
        writer.flag(false, typed: true)
        writer.append("]}")
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"a":"quote \" backslash \\ newline \n tab \t bell \u0007","n":-42,"list":["0","7","9223372036854775807"],"flags":["true",false]}"#
        )
    }

    @Test func slashesAreEscapedLikePHP() {
        let escaped = DemoResponseRenderer.escapingSlashes(Array(#"{"d":"2024-03-05 10:00:00 Etc/GMT"}"#.utf8))
        #expect(String(decoding: escaped, as: UTF8.self) == #"{"d":"2024-03-05 10:00:00 Etc\/GMT"}"#)
    }
}
