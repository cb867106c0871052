/// How SPEC §10 reads the cells of Apple's reports: dates, units, amounts, currencies and the
/// purchase test. Every reading is exact (no floating point) and returns nil when the cell
/// is not of its form.
enum AppleReportValues {
    /// A row is a purchase when its product type (trimmed, any case) starts with `IA` but is not
    /// `IA3`, or is `FI1` (SPEC §10: in-app purchases; `IA3` restores, apps and updates are not).
    static func isPurchase(productType: String) -> Bool {
        let type = productType.uppercased()
        return (type.hasPrefix("IA") && type != "IA3") || type == "FI1"
    }

    /// `MM/DD/YYYY`, also `M/D/YYYY` and `M/D/YY` (20YY), as days since 1970-01-01 of that civil
    /// date (a Pacific day in Apple's reports); nil for any other form or a date that does not exist.
    static func day(_ text: String) -> Int64? {
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].count == 2 || parts[2].count == 4,
              let month = number(parts[0], digits: 1...2),
              let day = number(parts[1], digits: 1...2),
              var year = number(parts[2], digits: 2...4) else { return nil }
        if parts[2].count == 2 { year += 2000 }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        return CivilDate(year: year, month: month, day: day).daysSinceEpoch
    }

    private static func number(_ digits: Substring.UTF8View, digits allowed: ClosedRange<Int>) -> Int64? {
        guard allowed.contains(digits.count) else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }

    /// The largest |Units| a row may have: far above any real row, low enough that no sum of
    /// rows can overflow.
    static let maximumUnits: Int64 = 1_000_000_000

    /// Units or Quantity: a signed decimal with an integral value (`3`, `-1`, `2.00`) of at most
    /// `maximumUnits`; nil otherwise.
    static func units(_ text: String) -> Int64? {
        guard let value = DecimalText(text) else { return nil }
        var digits = value.digits
        for _ in 0..<value.fractionDigits {
            guard digits % 10 == 0 else { return nil }
            digits /= 10
        }
        return abs(digits) <= maximumUnits ? digits : nil
    }

    /// `lhs + rhs`, held at `Int64.min` / `Int64.max` instead of overflowing: sums of amounts read
    /// from a file must not trap, whatever the file says.
    static func sum(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (total, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? (rhs < 0 ? Int64.min : Int64.max) : total
    }

    /// A currency code: three ASCII letters, any case (upper-cased by `Currency`).
    static func currency(_ text: String) -> Currency? {
        guard text.utf8.count == 3, text.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return nil }
        return Currency(code: text)
    }

    /// `value × multiplier` exactly, in `currency`'s minor units; nil when it has a non-zero digit
    /// below the minor unit (`0.995` USD) or does not fit. Apple writes `119.00` for yen: the zeros
    /// are dropped.
    static func amount(_ value: DecimalText, times multiplier: Int64, in currency: Currency) -> Money? {
        let (product, overflow) = value.digits.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        var minorUnits = product
        var scale = value.fractionDigits
        while scale > currency.minorDigits {
            guard minorUnits % 10 == 0 else { return nil }
            minorUnits /= 10
            scale -= 1
        }
        while scale < currency.minorDigits {
            let (next, overflow) = minorUnits.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            minorUnits = next
            scale += 1
        }
        return Money(minorUnits: minorUnits, currency: currency)
    }
}
