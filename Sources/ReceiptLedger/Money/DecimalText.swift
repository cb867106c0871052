/// A strictly parsed decimal literal such as `0.70` or `-12.5`: an integer of digits and
/// the number of those digits after the point. Exact; no floating point involved.
///
/// `Decimal(string:)` silently reads a prefix ("4,99" gives 4), so it is not used.
struct DecimalText: Hashable, Sendable {
    /// All digits without the point, with the sign: `0.70` → 70.
    let digits: Int64
    /// How many of them were after the point: `0.70` → 2.
    let fractionDigits: Int

    init(digits: Int64, fractionDigits: Int) {
        self.digits = digits
        self.fractionDigits = fractionDigits
    }

    /// Accepts `-?\d+(\.\d+)?` after trimming spaces; at most 18 significant digits.
    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var value: Int64 = 0
        var integerDigits = 0
        var fraction = 0
        var seenPoint = false
        var total = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, integerDigits > 0 else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            total += 1
            guard total <= 18 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
            if seenPoint { fraction += 1 } else { integerDigits += 1 }
        }
        guard integerDigits > 0, !seenPoint || fraction > 0 else { return nil }
        self.digits = negative ? -value : value
        self.fractionDigits = fraction
    }

    /// The value as an integer with `target` fraction digits, when that is exact.
    func scaled(toFractionDigits target: Int) -> Int64? {
        guard target >= fractionDigits else { return nil }
        var result = digits
        for _ in 0..<(target - fractionDigits) {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }
}
