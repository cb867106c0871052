/// HTML escaping of text placed in element content or in a quoted attribute value.
///
/// Replaces the five characters the OWASP XSS prevention cheat sheet (rule #1) lists:
/// `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;`. Text without any of
/// them (most values) is appended as is, after one scan of its bytes.
enum HTMLEscape {
    /// The escaped text.
    static func escape(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &output)
        return output
    }

    /// Appends the escaped text to `output`, the way the template renderer builds a page.
    static func appendEscaped(_ text: String, to output: inout String) {
        guard needsEscaping(text) else { return output.append(text) }
        // Runs are cut on Unicode scalars, not on `String` (Character) indices: `"<\u{301}"` is one
        // Character, and String slicing would round a cut inside it down to its start. Runs are
        // appended as `Substring`s: `unicodeScalars.append(contentsOf:)` copies the whole output
        // each time (quadratic; measured in Swift 6.3).
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

    /// Whether the text holds any of `& < > " '`.
    static func needsEscaping(_ text: String) -> Bool {
        text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
    }
}
