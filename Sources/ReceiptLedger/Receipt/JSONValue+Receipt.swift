/// Apple sends most numbers and booleans as strings, some as JSON numbers or booleans; these
/// readers accept every form seen in stored answers.
extension JSONValue {
    /// Text of a string, or the literal of a number (`"1000000123"` and `1000000123` alike).
    var looseText: String? {
        switch kind {
        case .string: return string
        case .number: return numberText
        default: return nil
        }
    }

    /// An integer from a JSON integer or a string of ASCII digits (with an optional `-` when
    /// `allowSign`); nil for anything else or a value beyond Int64.
    func looseInteger(allowSign: Bool = false) -> Int64? {
        switch kind {
        case .number: return int64
        case .string:
            guard let text = string else { return nil }
            return Self.parseDigits(text, allowSign: allowSign)
        default: return nil
        }
    }

    /// SPEC §8: JSON `true`, a non-zero number, or the text `true`, `1`, `yes` (any case, trimmed).
    var flag: Bool {
        switch kind {
        case .bool: return bool ?? false
        case .number:
            guard let text = numberText else { return false }
            return text.contains { $0 >= "1" && $0 <= "9" }
        case .string:
            guard let text = string else { return false }
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1", "yes": return true
            default: return false
            }
        default: return false
        }
    }

    static func parseDigits(_ text: String, allowSign: Bool = false) -> Int64? {
        var utf8 = Substring(text).utf8[...]
        var negative = false
        if allowSign, utf8.first == UInt8(ascii: "-") { negative = true; utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(byte - 0x30))
            if o1 || o2 { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// One form of a date field for `TimestampForms`.
    var timestampInput: TimestampInput {
        switch kind {
        case .null: return .absent
        case .string: return .text(string ?? "")
        case .number: return int64.map { .integer($0) } ?? .other
        default: return .other
        }
    }

    /// The five forms of the date field `name` in this object (SPEC §8 order).
    func timestampForms(_ name: String) -> TimestampForms {
        func form(_ key: String) -> TimestampInput { self[key]?.timestampInput ?? .absent }
        return TimestampForms(ms: form(name + "_ms"), text: form(name), formatted: form(name + "_formatted"),
                              pst: form(name + "_pst"), formattedPST: form(name + "_formatted_pst"))
    }
}
