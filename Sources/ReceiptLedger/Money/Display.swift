/// Numbers for people: grouped thousands in HTML (CSV keeps plain decimals).
enum Display {
    static func count<T: BinaryInteger>(_ value: T) -> String { group(String(value)) }

    /// `1234567, USD` → `1,234,567.00 USD`… as `12,345.67`.
    static func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
        let plain = MoneyFormat.plain(minorUnits, minorDigits: currency.minorDigits)
        let negative = plain.hasPrefix("-")
        let body = negative ? String(plain.dropFirst()) : plain
        let parts = body.split(separator: ".", maxSplits: 1)
        let whole = group(String(parts.first ?? ""))
        let text = parts.count > 1 ? whole + "." + parts[1] : whole
        return negative ? "−" + text : text
    }

    static func money(_ minorUnits: Int64, _ currency: Currency) -> String { amount(minorUnits, currency) + " " + currency.code }

    /// `1 unit`, `2 units`, `1,204 units`.
    static func counted<T: BinaryInteger>(_ value: T, _ singular: String, _ plural: String) -> String {
        count(value) + " " + (value == 1 ? singular : plural)
    }

    static func percent(_ part: Int64, of whole: Int64) -> String {
        guard whole > 0 else { return "—" }
        let tenths = HalfEven.divide(part * 1000, by: whole)
        return MoneyFormat.plain(tenths, minorDigits: 1) + "%"
    }

    private static func group(_ digits: String) -> String {
        let negative = digits.hasPrefix("-")
        let body = Array(negative ? digits.dropFirst() : Substring(digits))
        var out = ""
        for (index, character) in body.enumerated() {
            if index > 0 && (body.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return negative ? "-" + out : out
    }
}
