/// The templates of a run, parsed before any data is read: the built-in ones, or files of a
/// folder that replace them (`HTMLReport.loadTemplates`).
///
/// Every loaded template is also a partial, by its file name without extension: `_layout.html`
/// is `{{> _layout}}`, `_style.css` is `{{> _style}}`.
struct TemplateSet: Sendable {
    /// The parsed templates by file name without extension.
    let templates: [String: Template]
    /// What each was parsed from, in the order loaded (for the manifest).
    let sources: [TemplateSource]

    init(templates: [String: Template], sources: [TemplateSource] = []) {
        self.templates = templates
        self.sources = sources
    }

    /// Reads and parses each named file of `directory`. Fails with `OutputError` when a file
    /// cannot be read, `TemplateError` (file path and line) when it is not UTF-8, not valid, or
    /// its partials include themselves or expand past a page's limit (`TemplateExpansion`).
    static func load(directory: String, names: [String]) throws -> TemplateSet {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var sources: [TemplateSource] = []
        for name in names {
            sources.append(try TemplateSource.file(name, at: folder.isEmpty ? name : folder + "/" + name))
        }
        return try load(sources)
    }

    /// Parses templates read before; errors name each by `TemplateSource.label`.
    static func load(_ sources: [TemplateSource]) throws -> TemplateSet {
        var templates: [String: Template] = [:]
        for source in sources {
            guard let text = String(validating: source.bytes, as: UTF8.self) else {
                throw TemplateError(template: source.label, line: 0, message: "not valid UTF-8")
            }
            let key = stem(of: source.name)
            guard templates[key] == nil else {
                throw TemplateError(template: source.label, line: 0,
                                    message: "another template is also named \"\(key)\"")
            }
            templates[key] = try Template.parse(text, name: source.label)
        }
        try TemplateExpansion.check(templates)
        return TemplateSet(templates: templates, sources: sources)
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
