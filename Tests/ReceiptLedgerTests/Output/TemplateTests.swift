import Testing
@testable import ReceiptLedger

@Suite struct TemplateTests {
    private func render(_ text: String, _ context: TemplateValue,
                        partials: [String: String] = [:]) throws -> String {
        var parsed: [String: Template] = [:]
        for (name, source) in partials { parsed[name] = try Template.parse(source, name: name) }
        return try Template.parse(text, name: "t.html").render(context, partials: parsed)
    }

    private func renderError(_ text: String, _ context: TemplateValue = [:],
                             partials: [String: String] = [:]) -> TemplateError? {
        do {
            _ = try render(text, context, partials: partials)
            return nil
        } catch let error as TemplateError {
            return error
        } catch {
            return nil
        }
    }

    @Test func variablesAreEscapedUnlessTriple() throws {
        let context: TemplateValue = ["v": "<a href=\"x\">Tom & Jerry's</a>"]
        #expect(try render("[{{v}}]", context) == "[&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;]")
        #expect(try render("[{{{v}}}]", context) == "[<a href=\"x\">Tom & Jerry's</a>]")
        #expect(try render("[{{& v }}]", context) == "[<a href=\"x\">Tom & Jerry's</a>]")
        #expect(try render("[{{ v }}]", ["v": "x"]) == "[x]")
    }

    @Test func dottedNamesAndBooleans() throws {
        let context: TemplateValue = ["ledger": ["period": "2024-03", "net": ["amount": "-0.99"]], "ok": true]
        #expect(try render("{{ledger.period}} {{ledger.net.amount}} {{ok}}", context) == "2024-03 -0.99 true")
        #expect(try render("{{int}}", ["int": .int(42)]) == "42")
    }

    @Test func listSectionRepeatsWithElementOnTheStack() throws {
        let context: TemplateValue = [
            "currency": "USD",
            "rows": [["period": "2024-01"], ["period": "2024-02", "currency": "EUR"]],
        ]
        #expect(try render("{{#rows}}{{period}} {{currency}};{{/rows}}", context)
                == "2024-01 USD;2024-02 EUR;")
        #expect(try render("{{#names}}<{{.}}>{{/names}}", ["names": ["a", "b&c"]]) == "<a><b&amp;c>")
    }

    @Test func sectionTruthiness() throws {
        let context: TemplateValue = [
            "yes": true, "no": false, "empty": [], "text": "x", "blank": "",
            "object": ["k": "v"], "none": .object([:]),
        ]
        let template = "{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#empty}}E{{/empty}}{{#text}}[{{.}}]{{/text}}"
            + "{{#blank}}B{{/blank}}{{#object}}{{k}}{{/object}}{{#none}}O{{/none}}"
        #expect(try render(template, context) == "Y[x]v")
        let inverted = "{{^yes}}Y{{/yes}}{{^no}}N{{/no}}{{^empty}}E{{/empty}}{{^text}}T{{/text}}"
            + "{{^blank}}B{{/blank}}{{^object}}O{{/object}}{{^none}}-{{/none}}"
        #expect(try render(inverted, context) == "NEB-")
    }

    @Test func commentsRenderNothing() throws {
        #expect(try render("a{{! a comment }}b{{!\nmulti\nline}}c", [:]) == "abc")
    }

    @Test func standaloneTagLinesLeaveNoBlankLine() throws {
        let template = """
            <ul>
              {{#rows}}
              <li>{{.}}</li>
              {{/rows}}
              {{^rows}}
              <li>none</li>
              {{/rows}}
              {{! comment line }}
            </ul>
            {{#rows}}inline {{.}} {{/rows}}
            end
            """
        #expect(try render(template, ["rows": ["a", "b"]]) == """
            <ul>
              <li>a</li>
              <li>b</li>
            </ul>
            inline a inline b 
            end
            """)
        #expect(try render(template, ["rows": []]) == "<ul>\n  <li>none</li>\n</ul>\n\nend")
    }

    @Test func standaloneRuleHandlesCRLFAndEndOfFile() throws {
        #expect(try render("a\r\n{{#t}}\r\nb\r\n{{/t}}\r\nc", ["t": true]) == "a\r\nb\r\nc")
        #expect(try render("a\n  {{! end }}", [:]) == "a\n")
        #expect(try render("  {{#t}}x{{/t}}\n", ["t": true]) == "  x\n")
        #expect(try render("{{v}} {{#t}}\n{{/t}}", ["v": "1", "t": false]) == "1 ")
    }

    @Test func partialsSeeTheContextAndAreIndentedWhenStandalone() throws {
        let partials = ["_row": "<td>{{period}}</td>\n<td>{{net}}</td>\n", "_title": "<h1>{{title}}</h1>"]
        let template = "<title>{{> _title}}</title>\n<tr>\n  {{> _row}}\n</tr>\n"
        let context: TemplateValue = ["title": "Q&A", "period": "2024-03", "net": "-0.99"]
        #expect(try render(template, context, partials: partials) == """
            <title><h1>Q&amp;A</h1></title>
            <tr>
              <td>2024-03</td>
              <td>-0.99</td>
            </tr>

            """)
    }

    @Test func indentedPartialFollowsMustacheSpecStandaloneIndentation() throws {
        // mustache/spec partials.yml "Standalone Indentation".
        let result = try render("\\\n {{>partial}}\n/\n", ["content": "<\n->"],
                                partials: ["partial": "|\n{{{content}}}\n|\n"])
        #expect(result == "\\\n |\n <\n->\n |\n/\n")
    }

    static let parseErrors: [(String, Int, String)] = [
        ("a\n{{#ledgers}}\nx", 2, "unclosed section \"ledgers\""),
        ("{{#a}}\n{{#b}}\n{{/a}}", 3, "mismatched close tag \"a\": section \"b\" opened on line 2 is still open"),
        ("x\n\n{{/a}}", 3, "close tag \"a\" without an open section"),
        ("line1\nline2 {{name", 2, "unclosed tag \"{{\""),
        ("{{{raw}}", 1, "unclosed tag \"{{\""),
        ("a\n{{ }}", 2, "empty tag name"),
        ("{{#}}{{/}}", 1, "empty tag name"),
        ("{{a b}}", 1, "bad tag name \"a b\""),
        ("{{a..b}}", 1, "bad tag name \"a..b\""),
        ("{{=<% %>=}}", 1, "set-delimiter tags are not supported"),
        ("{{!\n\n}}\n{{>}}", 4, "empty tag name"),
    ]

    @Test(arguments: parseErrors)
    func parseErrorNamesTemplateAndLine(text: String, line: Int, message: String) {
        #expect(throws: TemplateError(template: "templates/index.html", line: line, message: message)) {
            try Template.parse(text, name: "templates/index.html")
        }
    }

    @Test func errorDescriptionIsOneLine() {
        let error = TemplateError(template: "templates/index.html", line: 12, message: "unclosed section \"ledgers\"")
        #expect(error.description == "templates/index.html:12: unclosed section \"ledgers\"")
        #expect(TemplateError(template: "t.css", line: 0, message: "not valid UTF-8").description
                == "t.css: not valid UTF-8")
    }

    @Test func missingNameIsARenderErrorWithLine() {
        #expect(renderError("a\nb {{ledgr}}", ["ledger": "x"])
                == TemplateError(template: "t.html", line: 2, message: "no value named \"ledgr\""))
        #expect(renderError("\n\n{{#rows}}{{/rows}}")
                == TemplateError(template: "t.html", line: 3, message: "no value named \"rows\""))
        #expect(renderError("{{^rows}}{{/rows}}")
                == TemplateError(template: "t.html", line: 1, message: "no value named \"rows\""))
        #expect(renderError("{{a.b}}", ["a": ["c": "x"], "b": "outer"])
                == TemplateError(template: "t.html", line: 1, message: "no value named \"a.b\" (\"b\" is missing)"))
        #expect(renderError("{{rows}}", ["rows": []])
                == TemplateError(template: "t.html", line: 1, message: "\"rows\" is a list, not text"))
    }

    @Test func partialErrorsNameThePartialFile() {
        #expect(renderError("x\n{{> _nope}}")
                == TemplateError(template: "t.html", line: 2, message: "no partial named \"_nope\""))
        #expect(renderError("{{> _p}}", [:], partials: ["_p": "\n\n{{missing}}"])
                == TemplateError(template: "_p", line: 3, message: "no value named \"missing\""))
        let recursion = renderError("{{> _loop}}", [:], partials: ["_loop": "x{{> _loop}}"])
        #expect(recursion?.template == "_loop")
        #expect(recursion?.message.hasPrefix("partials nested more than 32 deep") == true)
    }

    /// Issue 21: rendering stops at the page's limits, naming the template line where it
    /// passed them: the bytes written, and the steps taken (tags that write nothing, repeated).
    @Test func renderingStopsAtThePageLimits() throws {
        let rows: TemplateValue = ["rows": .list((0..<100).map { .string("\($0)") })]
        let small = TemplateLimits(bytes: 1000, steps: 10_000)
        let template = try Template.parse("<ul>\n{{#rows}}\n<li>{{.}}</li>\n{{/rows}}\n</ul>\n", name: "t.html")
        #expect(throws: TemplateError(template: "t.html", line: 3, message: "the page is larger than 1000 bytes, the limit for one page")) {
            try template.render(rows, limits: small)
        }
        // "<ul>\n", 10 rows of 11 bytes, 90 of 12, "</ul>\n": exactly at the limit is fine.
        #expect(try template.render(rows, limits: TemplateLimits(bytes: 1201, steps: 10_000)).utf8.count == 1201)
        let nested = try Template.parse("x\n{{#rows}}{{#rows}}{{#rows}}{{/rows}}{{/rows}}{{/rows}}", name: "t.html")
        #expect(throws: TemplateError(template: "t.html", line: 2,
                                      message: "the page takes more than 10000 template steps to render, the limit for one page")) {
            try nested.render(rows, limits: small)
        }
        #expect(TemplateLimits.page == TemplateLimits(bytes: 64 << 20, steps: 64 << 20))
    }

    @Test(.timeLimit(.minutes(1)))
    func renderingIsLinearInTheOutput() throws {
        // 100,000 escaped rows (~4 MB); a quadratic append would take many minutes.
        let rows = (0..<100_000).map { index -> TemplateValue in ["v": .string("<\(index)> & é")] }
        let output = try render("{{#rows}}<td>{{v}}</td>\n{{/rows}}", ["rows": .list(rows)])
        #expect(output.hasPrefix("<td>&lt;0&gt; &amp; é</td>\n<td>&lt;1&gt;"))
        #expect(output.utf8.count > 3_000_000)
    }
}
