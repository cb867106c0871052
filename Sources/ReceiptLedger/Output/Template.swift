/// A parsed Mustache-subset template (STYLE "Templates"), parsed once before any data is read so
/// that a broken user-edited template fails before the run does any work.
///
/// Tags: `{{name}}` (HTML-escaped), `{{a.b}}` (dotted), `{{{raw}}}` and `{{&raw}}` (unescaped),
/// `{{#name}}…{{/name}}` (section), `{{^name}}…{{/name}}` (inverted section), `{{! comment }}`,
/// `{{> partial}}` and `{{.}}` (the current element). Semantics follow the Mustache spec
/// (github.com/mustache/spec) with two strict choices: a name found in no context of the stack is
/// an error, in sections too (the code always provides every key, with `false` or empty lists);
/// and rendering a list or an object as text is an error.
struct Template: Sendable {
    /// The name used in error messages, usually the file's path (`templates/index.html`).
    let name: String
    /// The text it was parsed from, kept to re-indent it as a standalone partial.
    let source: String
    let nodes: [TemplateNode]

    /// Parses a template; the error names `name` and the line of the faulty tag.
    static func parse(_ text: String, name: String) throws(TemplateError) -> Template {
        var parser = TemplateParser(source: Array(text.utf8), name: name)
        return Template(name: name, source: text, nodes: try parser.parse())
    }

    /// Renders with `context` as the bottom of the context stack; `{{> name}}` looks `name` up
    /// in `partials`. Fails once the page passes `limits`.
    func render(_ context: TemplateValue, partials: [String: Template] = [:],
                limits: TemplateLimits = .page) throws(TemplateError) -> String {
        var renderer = TemplateRenderer(root: context, partials: partials, limits: limits)
        try renderer.render(self)
        return renderer.output
    }

    /// This template's text with `indentation` before every line, parsed again: the Mustache
    /// spec's reading of a standalone `{{> partial}}` tag that is indented.
    func indented(by indentation: String) throws(TemplateError) -> Template {
        var text = ""
        var atLineStart = true
        for scalar in source.unicodeScalars {
            if atLineStart {
                text.append(indentation)
                atLineStart = false
            }
            text.unicodeScalars.append(scalar)
            atLineStart = scalar == "\n"
        }
        return try Template.parse(text, name: name)
    }
}

/// One piece of a parsed template.
enum TemplateNode: Sendable {
    /// Literal text, written as is.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(TemplateName, escaped: Bool, line: Int)
    /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`; `line` is the opening tag's.
    case section(TemplateName, inverted: Bool, children: [TemplateNode], line: Int)
    /// `{{> name}}`; `indentation` is the whitespace before a standalone tag, else empty.
    case partial(String, indentation: String, line: Int)
}

/// A tag's name: `.` (the current element) or dot-separated keys (`ledger.period`).
struct TemplateName: Sendable, Equatable {
    /// The name as written, for messages.
    var text: String
    /// The keys; empty for `.`.
    var parts: [String]

    init(text: String, parts: [String]) {
        self.text = text
        self.parts = parts
    }

    /// A name made of non-empty keys without spaces or braces, or `.`; `nil` otherwise.
    init?(_ text: String) {
        if text == "." {
            self.init(text: text, parts: [])
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let allowed = parts.allSatisfy { part in
            !part.isEmpty && !part.contains { $0.isWhitespace || $0 == "{" || $0 == "}" }
        }
        guard allowed else { return nil }
        self.init(text: text, parts: parts)
    }
}

extension TemplateNode {
    /// The line of a tag; nil for literal text.
    var line: Int? {
        switch self {
        case .text: nil
        case .variable(_, _, let line), .section(_, _, _, let line), .partial(_, _, let line): line
        }
    }
}
