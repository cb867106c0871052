/// The templates of a run, read from the `templates/` folder and parsed before any data is read.
///
/// Every loaded template is also a partial, by its file name without extension: `_layout.html`
/// is `{{> _layout}}`, `_style.css` is `{{> _style}}`.
struct TemplateSet: Sendable {
    /// The parsed templates by file name without extension.
    let templates: [String: Template]

    init(templates: [String: Template]) {
        self.templates = templates
    }

    /// Reads and parses each named file of `directory`. Fails with `OutputError` when a file
    /// cannot be read, `TemplateError` (file path and line) when it is not UTF-8, not valid, or
    /// its partials include themselves or expand past a page's limit (`TemplateExpansion`).
    static func load(directory: String, names: [String]) throws -> TemplateSet {
        var templates: [String: Template] = [:]
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        for name in names {
            let path = folder.isEmpty ? name : folder + "/" + name
            let bytes = try LocalFile.readAll(path)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw TemplateError(template: path, line: 0, message: "not valid UTF-8")
            }
            let key = stem(of: name)
            guard templates[key] == nil else {
                throw TemplateError(template: path, line: 0,
                                    message: "another template is also named \"\(key)\"")
            }
            templates[key] = try Template.parse(text, name: path)
        }
        try TemplateExpansion.check(templates)
        return TemplateSet(templates: templates)
    }

    /// Renders one template (`index.html` or `index`), with every template as a partial.
    func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[TemplateSet.stem(of: name)] else {
            throw TemplateError(template: name, line: 0, message: "no such template")
        }
        return try template.render(context, partials: templates)
    }

    /// The file name without its last extension: `index.html` → `index`.
    static func stem(of name: String) -> String {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
