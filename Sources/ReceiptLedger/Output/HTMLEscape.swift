/// HTML escaping of text placed in element content or in a quoted attribute value.
///
/// Replaces the five characters the OWASP XSS prevention cheat sheet (rule #1) lists:
/// `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;`. Text without any of
/// them (most values) is appended as is, after one scan of its bytes.
///
/// Control characters other than tab, LF and CR are not valid in HTML or SVG text (WHATWG HTML
/// "control-character-in-input-stream"; a browser drops U+0000 outright, so `a\0b` would show as
/// the different id `ab`): each is shown as its Unicode control picture (U+2400 `␀` … U+241F,
/// U+2421 `␡` for DEL), so a value with one stays visibly different from one without.
///
/// Characters that show no glyph (`InvisibleText`: zero-width, bidi overrides and isolates,
/// BOM, soft hyphen, C1 controls, spaces other than U+0020) are shown as their code point,
/// `⟨U+200B⟩`, so `u1000\u{200B}001` never looks like `u1000001` and no override reorders a
/// page. In element content (`marking: .element`) the marker is wrapped in
/// `<span class=codepoint>`, styled by `templates/_style.css`; the attribute is unquoted, so
/// the span holds no quote and a value placed in a quoted attribute cannot end it.
enum HTMLEscape {
    /// How an invisible character is shown.
    enum Marking: Sendable {
        /// `⟨U+200B⟩` as text: right anywhere, in attributes and SVG too.
        case text
        /// `<span class=codepoint>⟨U+200B⟩</span>`: for the element content of HTML pages.
        case element
    }

    /// The class of the span around an invisible character's marker.
    static let markerClass = "codepoint"

    /// The escaped text.
    static func escape(_ text: String, marking: Marking = .text) -> String {
        guard needsEscaping(text) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &output, marking: marking)
        return output
    }

    /// Appends the escaped text to `output`, the way the template renderer builds a page.
    static func appendEscaped(_ text: String, to output: inout String, marking: Marking = .text) {
        guard needsEscaping(text) else { return output.append(text) }
        // Runs are cut on Unicode scalars, not on `String` (Character) indices: `"<\u{301}"` is one
        // Character, and String slicing would round a cut inside it down to its start. Runs are
        // appended as `Substring`s: `unicodeScalars.append(contentsOf:)` copies the whole output
        // each time (quadratic, as of Swift 6.3).
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        while index < scalars.endIndex {
            let replacement: String?
            switch scalars[index] {
            case "&": replacement = "&amp;"
            case "<": replacement = "&lt;"
            case ">": replacement = "&gt;"
            case "\"": replacement = "&quot;"
            case "'": replacement = "&#39;"
            case let scalar where isControl(scalar.value):
                replacement = Unicode.Scalar(scalar.value == 0x7F ? 0x2421 : 0x2400 + scalar.value).map { String($0) } ?? "\u{FFFD}"
            case let scalar where scalar.value >= 0x80 && InvisibleText.isInvisible(scalar):
                let marker = InvisibleText.marker(scalar)
                replacement = marking == .element ? "<span class=\(markerClass)>\(marker)</span>" : marker
            default: replacement = nil
            }
            if let replacement {
                output.append(contentsOf: Substring(scalars[runStart..<index]))
                output.append(replacement)
                runStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.append(contentsOf: Substring(scalars[runStart..<scalars.endIndex]))
    }

    /// Whether the text holds any of `& < > " '`, a control or an invisible character: whether
    /// escaping changes it. ASCII text is judged from its bytes alone.
    static func needsEscaping(_ text: String) -> Bool {
        var beyondASCII = false
        let special = text.utf8.contains { byte in
            beyondASCII = beyondASCII || byte >= 0x80
            return byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isControl(UInt32(byte))
        }
        return special || (beyondASCII && text.unicodeScalars.contains(where: InvisibleText.isInvisible))
    }

    /// C0 controls but tab, LF and CR, and DEL.
    @inline(__always)
    static func isControl(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0x7F
    }
}
