/// Writing exact integers as plain decimals: `.` as the point, no grouping, no `-0.00`.
enum MoneyFormat {
    /// `1234, 2` → `12.34`; `-99, 2` → `-0.99`; `120, 0` → `120`; `0, 2` → `0.00`.
    static func plain(_ value: Int64, minorDigits: Int) -> String {
        let negative = value < 0
        var digits = String(value.magnitude)
        if minorDigits > 0 {
            if digits.count <= minorDigits {
                digits = String(repeating: "0", count: minorDigits - digits.count + 1) + digits
            }
            let split = digits.index(digits.endIndex, offsetBy: -minorDigits)
            digits = digits[..<split] + "." + digits[split...]
        }
        return negative ? "-" + digits : digits
    }
}
