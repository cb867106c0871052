/// A template that cannot be parsed or rendered, naming the file and line (STYLE "Errors").
///
/// Its description is the one line the CLI prints, e.g.
/// `templates/index.html:12: unclosed section "ledgers"`; with line 0 (the whole file) the line
/// is left out: `templates/index.html: not valid UTF-8`.
struct TemplateError: Error, Equatable, CustomStringConvertible {
    /// The template's name as the user knows it (its path when loaded from a folder).
    var template: String
    /// The 1-based line of the tag at fault, or 0 for the whole file.
    var line: Int
    var message: String

    var description: String {
        line > 0 ? "\(template):\(line): \(message)" : "\(template): \(message)"
    }
}
