/// Turns template text into a tree of `TemplateNode`s, following the Mustache spec
/// (mustache/spec, "interpolation", "sections", "inverted", "comments", "partials") for the
/// subset STYLE "Templates" names; set-delimiter tags and lambdas are not supported.
///
/// "Standalone" lines: a line holding only one section, inverted, close, comment or partial tag
/// and spaces or tabs is removed whole, its line end included, so it leaves no blank line.
struct TemplateParser {
    private let source: [UInt8]
    private let name: String
    /// The sections open at the current point, innermost last; the first is the template itself.
    private var frames: [Frame]
    /// 1-based line number at `lineCursor`.
    private var line = 1
    private var lineCursor = 0

    private struct Frame {
        var name: TemplateName
        var inverted: Bool
        var line: Int
        var nodes: [TemplateNode] = []
    }

    init(source: [UInt8], name: String) {
        self.source = source
        self.name = name
        self.frames = [Frame(name: TemplateName(text: "", parts: []), inverted: false, line: 0)]
    }

    /// The template's nodes, or the first syntax error.
    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        var cursor = 0
        var textStart = 0
        while let open = find([0x7B, 0x7B], from: cursor) {  // "{{"
            let tagLine = lineNumber(at: open)
            let triple = open + 2 < source.count && source[open + 2] == 0x7B
            let contentStart = open + (triple ? 3 : 2)
            guard let close = find(triple ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D], from: contentStart) else {
                throw error(tagLine, "unclosed tag \"{{\"")
            }
            let end = close + (triple ? 3 : 2)
            var content = source[contentStart..<close]
            var sigil: UInt8 = triple ? UInt8(ascii: "&") : 0
            if !triple, let first = content.first, Self.sigils.contains(first) {
                sigil = first
                content = content.dropFirst()
            }
            let tagText = String(decoding: content, as: UTF8.self)
            let trimmed = tagText.trimmingSpaces()

            var textEnd = open
            var next = end
            var indentation = ""
            if Self.standaloneSigils.contains(sigil), let span = standaloneSpan(open: open, end: end) {
                textEnd = span.lineStart
                next = span.next
                indentation = String(decoding: source[span.lineStart..<open], as: UTF8.self)
            }
            appendText(from: textStart, to: textEnd)
            cursor = next
            textStart = next

            if sigil == UInt8(ascii: "!") { continue }
            if sigil == UInt8(ascii: "=") {
                throw error(tagLine, "set-delimiter tags are not supported")
            }
            guard !trimmed.isEmpty else { throw error(tagLine, "empty tag name") }
            if sigil == UInt8(ascii: ">") {
                guard !trimmed.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "{" || $0 == "}" }) else {
                    throw error(tagLine, "bad partial name \"\(trimmed)\"")
                }
                frames[frames.count - 1].nodes.append(.partial(trimmed, indentation: indentation, line: tagLine))
                continue
            }
            guard let tagName = TemplateName(trimmed) else {
                throw error(tagLine, "bad tag name \"\(trimmed)\"")
            }
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                frames.append(Frame(name: tagName, inverted: sigil == UInt8(ascii: "^"), line: tagLine))
            case UInt8(ascii: "/"):
                try closeSection(tagName, line: tagLine)
            default:
                frames[frames.count - 1].nodes.append(
                    .variable(tagName, escaped: sigil != UInt8(ascii: "&"), line: tagLine))
            }
        }
        appendText(from: textStart, to: source.count)
        if frames.count > 1, let open = frames.last {
            throw error(open.line, "unclosed section \"\(open.name.text)\"")
        }
        return frames[0].nodes
    }

    private static let sigils: Set<UInt8> = Set("#^/!>&=".utf8)
    private static let standaloneSigils: Set<UInt8> = Set("#^/!>".utf8)

    private mutating func closeSection(_ tagName: TemplateName, line: Int) throws(TemplateError) {
        guard frames.count > 1, let open = frames.popLast() else {
            throw error(line, "close tag \"\(tagName.text)\" without an open section")
        }
        guard open.name == tagName else {
            throw error(line, "mismatched close tag \"\(tagName.text)\": section \"\(open.name.text)\" "
                              + "opened on line \(open.line) is still open")
        }
        frames[frames.count - 1].nodes.append(
            .section(open.name, inverted: open.inverted, children: open.nodes, line: open.line))
    }

    /// Where a standalone tag's line starts and where the text after its line end resumes, or
    /// `nil` when something other than spaces and tabs shares the line.
    private func standaloneSpan(open: Int, end: Int) -> (lineStart: Int, next: Int)? {
        var lineStart = open
        while lineStart > 0, source[lineStart - 1] == 0x20 || source[lineStart - 1] == 0x09 {
            lineStart -= 1
        }
        guard lineStart == 0 || source[lineStart - 1] == 0x0A else { return nil }
        var next = end
        while next < source.count, source[next] == 0x20 || source[next] == 0x09 { next += 1 }
        if next == source.count { return (lineStart, next) }
        if source[next] == 0x0A { return (lineStart, next + 1) }
        if source[next] == 0x0D, next + 1 < source.count, source[next + 1] == 0x0A {
            return (lineStart, next + 2)
        }
        return nil
    }

    private mutating func appendText(from start: Int, to end: Int) {
        guard start < end else { return }
        frames[frames.count - 1].nodes.append(.text(String(decoding: source[start..<end], as: UTF8.self)))
    }

    /// The 1-based line of a byte offset; offsets are asked in increasing order.
    private mutating func lineNumber(at offset: Int) -> Int {
        while lineCursor < offset {
            if source[lineCursor] == 0x0A { line += 1 }
            lineCursor += 1
        }
        return line
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard needle.count <= source.count else { return nil }
        var index = start
        while index + needle.count <= source.count {
            if source[index] == needle[0], source[index + 1] == needle[1],
               needle.count < 3 || source[index + 2] == needle[2] {
                return index
            }
            index += 1
        }
        return nil
    }

    private func error(_ line: Int, _ message: String) -> TemplateError {
        TemplateError(template: name, line: line, message: message)
    }
}

private extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
