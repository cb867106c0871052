/// A JSON value built in code for `manifest.json`, written deterministically.
///
/// Object keys keep the order they are given in (never a dictionary's order), so the same run
/// gives the same bytes (SPEC §7, STYLE "Dictionaries iterate in a different order every run").
indirect enum JSONOutput: Sendable {
    /// An object whose members are written in this order.
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null
    /// A number already formatted as JSON (RFC 8259 §6), e.g. an amount `"4.99"`; written as is.
    case rawNumber(String)

    /// A whole number.
    static func integer(_ value: Int) -> JSONOutput { .integer(Int64(value)) }

    /// A string, or `null` when absent.
    static func string(orNull value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// Pretty JSON: two-space indent, `"key": value`, empty containers as `{}` and `[]`, a final
    /// `\n`. Strings escape `"`, `\` and the control characters U+0000–U+001F (RFC 8259 §7) and
    /// keep every other character as UTF-8.
    func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        output.append("\n")
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return output.append("{}") }
            output.append("{\n")
            for (index, (key, value)) in members.enumerated() {
                output.append(String(repeating: "  ", count: indent + 1))
                JSONOutput.appendQuoted(key, to: &output)
                output.append(": ")
                value.write(to: &output, indent: indent + 1)
                output.append(index == members.count - 1 ? "\n" : ",\n")
            }
            output.append(String(repeating: "  ", count: indent))
            output.append("}")
        case .array(let elements):
            guard !elements.isEmpty else { return output.append("[]") }
            output.append("[\n")
            for (index, value) in elements.enumerated() {
                output.append(String(repeating: "  ", count: indent + 1))
                value.write(to: &output, indent: indent + 1)
                output.append(index == elements.count - 1 ? "\n" : ",\n")
            }
            output.append(String(repeating: "  ", count: indent))
            output.append("]")
        case .string(let text):
            JSONOutput.appendQuoted(text, to: &output)
        case .integer(let value):
            output.append(String(value))
        case .bool(let value):
            output.append(value ? "true" : "false")
        case .null:
            output.append("null")
        case .rawNumber(let text):
            output.append(text)
        }
    }

    /// Appends a JSON string literal (RFC 8259 §7): short escapes where JSON has them,
    /// `\u00XX` (lower-case hex) for the other control characters.
    static func appendQuoted(_ text: String, to output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }
}
