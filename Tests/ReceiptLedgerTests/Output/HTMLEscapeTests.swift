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

    /// Issue 21 item 8: invisible and bidi characters are shown as their code point, so ids that
    /// differ only by one never look alike.
    static let invisibleCases: [(String, String)] = [
        ("u1000\u{200B}001", "u1000⟨U+200B⟩001"),
        ("\u{200C}\u{200D}\u{200E}\u{200F}", "⟨U+200C⟩⟨U+200D⟩⟨U+200E⟩⟨U+200F⟩"),
        ("\u{2060}\u{2061}\u{2062}\u{2063}\u{2064}", "⟨U+2060⟩⟨U+2061⟩⟨U+2062⟩⟨U+2063⟩⟨U+2064⟩"),
        ("a\u{FEFF}b\u{AD}c\u{34F}d\u{180E}e", "a⟨U+FEFF⟩b⟨U+00AD⟩c⟨U+034F⟩d⟨U+180E⟩e"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩⟨U+202E⟩"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "⟨U+2066⟩⟨U+2067⟩⟨U+2068⟩⟨U+2069⟩"),
        ("user\u{202E}fdp.exe", "user⟨U+202E⟩fdp.exe"),
        ("\u{85}\u{9F}\u{A0}\u{2007}\u{2028}\u{2029}\u{3000}", "⟨U+0085⟩⟨U+009F⟩⟨U+00A0⟩⟨U+2007⟩⟨U+2028⟩⟨U+2029⟩⟨U+3000⟩"),
        ("\u{FE0F}\u{E0041}\u{3164}\u{FFFF}", "⟨U+FE0F⟩⟨U+E0041⟩⟨U+3164⟩⟨U+FFFF⟩"),
        ("<\u{200B}&", "&lt;⟨U+200B⟩&amp;"),
        ("a\u{0}\u{200B}b", "a\u{2400}⟨U+200B⟩b"),
        // Visible text is left alone, right-to-left letters and combining marks included.
        ("café 😀 € — · ü e\u{301}", "café 😀 € — · ü e\u{301}"),
        ("日本 مرحبا שלום ⟨U+200B⟩", "日本 مرحبا שלום ⟨U+200B⟩"),
    ]

    @Test(arguments: invisibleCases)
    func invisibleCharactersShowAsTheirCodePoint(text: String, escaped: String) {
        #expect(Array(HTMLEscape.escape(text).unicodeScalars) == Array(escaped.unicodeScalars))
        #expect(HTMLEscape.needsEscaping(text) == (text != escaped))
    }

    /// In element content the marker is a span the style sheet makes stand out; its attribute
    /// is unquoted, so the value cannot end a quoted attribute it is placed in.
    @Test func pagesWrapTheMarkerInASpan() throws {
        #expect(HTMLEscape.escape("u1000\u{200B}001", marking: .element)
                == "u1000<span class=codepoint>⟨U+200B⟩</span>001")
        #expect(HTMLEscape.escape("\u{202E}\u{202C}", marking: .element)
                == "<span class=codepoint>⟨U+202E⟩</span><span class=codepoint>⟨U+202C⟩</span>")
        #expect(HTMLEscape.escape("plain", marking: .element) == "plain")
        let template = try Template.parse("<td title=\"{{id}}\">{{id}}</td>{{{id}}}", name: "t.html")
        let html = try template.render(["id": "u1000\u{200B}001"])
        #expect(Array(html.unicodeScalars) == Array(("<td title=\"u1000<span class=codepoint>⟨U+200B⟩</span>001\">"
            + "u1000<span class=codepoint>⟨U+200B⟩</span>001</td>u1000\u{200B}001").unicodeScalars))
    }
}
