/// The bounds on what templates expand into (issue 21): a few KB of partials that include each
/// other several times per level would otherwise render gigabytes, and a partial that includes
/// itself would never end.
///
/// Checked when the templates are loaded, before any data is read: no partial may include
/// itself, directly or through others, and no template may expand, through its partials, to
/// more than `maximumPageBytes` of text and tags, each section counted once. What data adds
/// (a section repeated over a long list) is bounded while rendering (`TemplateRenderer`).
enum TemplateExpansion {
    /// The most one page may hold: 64 MiB, far above any real page (their tables show at most
    /// `HTMLReport.rowCap` rows) and far below a full disk.
    static let maximumPageBytes = 64 << 20

    /// The limit as people read it, for messages.
    static func describe(bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    /// Fails with a `TemplateError` naming the template and line of the `{{> name}}` tag that
    /// closes a cycle of partials, or that makes a template expand past `limit`. Templates are
    /// followed pages first (names not starting with `_`), then the others, each in name order,
    /// so the same set always reports the same tag.
    static func check(_ templates: [String: Template], limit: Int = maximumPageBytes) throws(TemplateError) {
        var walk = Walk(templates: templates, limit: limit)
        let names = templates.keys.sorted { ($0.hasPrefix("_") ? 1 : 0, $0) < ($1.hasPrefix("_") ? 1 : 0, $1) }
        for name in names { _ = try walk.size(of: name) }
    }

    /// A depth-first walk of the partials, remembering each template's expanded size.
    private struct Walk {
        let templates: [String: Template]
        let limit: Int
        var sizes: [String: Int] = [:]
        /// The templates being expanded, outermost first.
        var path: [String] = []

        init(templates: [String: Template], limit: Int) {
            self.templates = templates
            self.limit = limit
        }

        /// The bytes of text plus one per tag that `name` expands to, each section once.
        mutating func size(of name: String) throws(TemplateError) -> Int {
            if let known = sizes[name] { return known }
            guard let template = templates[name] else { return 0 }
            path.append(name)
            let size = try size(of: template.nodes, in: template)
            path.removeLast()
            sizes[name] = size
            return size
        }

        private mutating func size(of nodes: [TemplateNode], in template: Template) throws(TemplateError) -> Int {
            var total = 0
            var line = 0
            for node in nodes {
                var through = ""
                switch node {
                case .text(let text):
                    total += text.utf8.count
                case .variable(_, _, let tagLine):
                    line = tagLine
                    total += 1
                case .section(_, _, let children, let tagLine):
                    line = tagLine
                    total += 1 + (try size(of: children, in: template))
                case .partial(let name, _, let tagLine):
                    line = tagLine
                    if let start = path.firstIndex(of: name) {
                        let cycle = (path[start...] + [name]).joined(separator: " → ")
                        throw TemplateError(template: template.name, line: line,
                                            message: "partial \"\(name)\" includes itself (\(cycle))")
                    }
                    total += 1 + (try size(of: name))
                    through = "partial \"\(name)\" makes the template expand"
                }
                if total > limit {
                    throw TemplateError(template: template.name, line: line,
                                        message: (through.isEmpty ? "the template expands" : through)
                                                 + " to more than \(describe(bytes: limit)), the limit for one page"
                                                 + " (each section counted once)")
                }
            }
            return total
        }
    }
}
