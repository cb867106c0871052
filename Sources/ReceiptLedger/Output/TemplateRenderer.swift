/// What rendering one page may take, so that no template over no data fills the disk or
/// never ends (issue 21): `bytes` of output and `steps` nodes visited (a tag that writes
/// nothing, repeated over nested lists, still costs time).
struct TemplateLimits: Sendable, Equatable {
    var bytes: Int
    var steps: Int

    /// 64 MiB and 64 Mi steps (`TemplateExpansion.maximumPageBytes`).
    static let page = TemplateLimits(bytes: TemplateExpansion.maximumPageBytes, steps: TemplateExpansion.maximumPageBytes)
}

/// Renders parsed templates into one growing `String`, in time linear in the output.
///
/// Names resolve up a context stack (Mustache spec "sections"): the first part of `a.b.c` is
/// looked up in the innermost object that has it, the rest strictly inside that value.
/// Rendering stops with a `TemplateError` once it passes its `TemplateLimits`.
struct TemplateRenderer {
    /// Partials nested deeper than this are taken for a recursion and fail.
    static let maximumPartialDepth = 32

    private(set) var output = ""
    private var stack: [TemplateValue]
    private let partials: [String: Template]
    private let limits: TemplateLimits
    /// Standalone partials re-indented for a call site, by indentation and name.
    private var indentedPartials: [String: Template] = [:]
    private var partialDepth = 0
    private var steps = 0

    init(root: TemplateValue, partials: [String: Template], limits: TemplateLimits = .page) {
        self.stack = [root]
        self.partials = partials
        self.limits = limits
    }

    /// Appends the rendering of `template` to `output`.
    mutating func render(_ template: Template) throws(TemplateError) {
        try render(template.nodes, in: template.name, line: 0)
    }

    /// `line` is the line of the tag holding `nodes` (0 for a whole template): where a text
    /// node that passes a limit is reported, with the tags after it in the same list.
    private mutating func render(_ nodes: [TemplateNode], in template: String, line enclosingLine: Int) throws(TemplateError) {
        var lastLine = enclosingLine
        for node in nodes {
            steps += 1
            if steps > limits.steps {
                throw TemplateError(template: template, line: node.line ?? lastLine,
                                    message: "the page takes more than \(limits.steps) template steps to render, the limit for one page")
            }
            lastLine = node.line ?? lastLine
            try render(node, in: template)
            if output.utf8.count > limits.bytes {
                throw TemplateError(template: template, line: lastLine,
                                    message: "the page is larger than \(TemplateExpansion.describe(bytes: limits.bytes)), "
                                             + "the limit for one page")
            }
        }
    }

    private mutating func render(_ node: TemplateNode, in template: String) throws(TemplateError) {
        switch node {
        case .text(let text):
            output.append(text)
        case .variable(let name, let escaped, let line):
            switch try resolve(name, line: line, in: template) {
            case .string(let text):
                if escaped { HTMLEscape.appendEscaped(text, to: &output, marking: .element) } else { output.append(text) }
            case .bool(let value):
                output.append(value ? "true" : "false")
            case let value:
                throw TemplateError(template: template, line: line,
                                    message: "\"\(name.text)\" is \(value.kindName), not text")
            }
        case .section(let name, let inverted, let children, let line):
            let value = try resolve(name, line: line, in: template)
            if inverted {
                if !value.isTruthy { try render(children, in: template, line: line) }
            } else if case .list(let elements) = value {
                for element in elements {
                    stack.append(element)
                    try render(children, in: template, line: line)
                    stack.removeLast()
                }
            } else if case .bool(let flag) = value {
                if flag { try render(children, in: template, line: line) }
            } else if value.isTruthy {
                stack.append(value)
                try render(children, in: template, line: line)
                stack.removeLast()
            }
        case .partial(let name, let indentation, let line):
            try renderPartial(name, indentation: indentation, line: line, in: template)
        }
    }

    private mutating func renderPartial(_ name: String, indentation: String, line: Int,
                                        in template: String) throws(TemplateError) {
        guard var partial = partials[name] else {
            throw TemplateError(template: template, line: line, message: "no partial named \"\(name)\"")
        }
        guard partialDepth < Self.maximumPartialDepth else {
            throw TemplateError(template: template, line: line,
                                message: "partials nested more than \(Self.maximumPartialDepth) deep "
                                         + "(does \"\(name)\" include itself?)")
        }
        if !indentation.isEmpty {
            let key = indentation + "\u{0}" + name
            if let cached = indentedPartials[key] {
                partial = cached
            } else {
                partial = try partial.indented(by: indentation)
                indentedPartials[key] = partial
            }
        }
        partialDepth += 1
        try render(partial.nodes, in: partial.name, line: 0)
        partialDepth -= 1
    }

    /// The value of a name, or an error naming the template line when no context has it.
    private func resolve(_ name: TemplateName, line: Int,
                         in template: String) throws(TemplateError) -> TemplateValue {
        guard let first = name.parts.first else { return stack[stack.count - 1] }
        var found: TemplateValue?
        for context in stack.reversed() {
            if case .object(let members) = context, let value = members[first] {
                found = value
                break
            }
        }
        guard var value = found else {
            throw TemplateError(template: template, line: line, message: "no value named \"\(name.text)\"")
        }
        for part in name.parts.dropFirst() {
            guard case .object(let members) = value, let next = members[part] else {
                throw TemplateError(template: template, line: line,
                                    message: "no value named \"\(name.text)\" (\"\(part)\" is missing)")
            }
            value = next
        }
        return value
    }
}
