import Testing
@testable import ReceiptLedger

@Suite struct HTMLEscapeTests {
    static let cases: [(String, String)] = [
        ("", ""),
        ("plain text 4.99", "plain text 4.99"),
        ("a & b", "a &amp; b"),
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("\"quoted\"", "&quot;quoted&quot;"),
        ("&amp;", "&amp;amp;"),
        ("é<😀>", "é&lt;😀&gt;"),
        ("a<\u{301}b", "a&lt;\u{301}b"),
        (">\u{301}", "&gt;\u{301}"),
    ]

    @Test(arguments: cases)
    func escapesTheFiveCharacters(text: String, escaped: String) {
        #expect(Array(HTMLEscape.escape(text).unicodeScalars) == Array(escaped.unicodeScalars))
        var output = "x"
        HTMLEscape.appendEscaped(text, to: &output)
        #expect(Array(output.unicodeScalars) == Array(("x" + escaped).unicodeScalars))
    }

    @Test func needsEscapingOnlyForTheFive() {
        #expect(!HTMLEscape.needsEscaping("com.example.pro_monthly 2024-03 -0.99 / \\ `"))
        for special in ["&", "<", ">", "\"", "'"] { #expect(HTMLEscape.needsEscaping("a\(special)b")) }
    }
}
