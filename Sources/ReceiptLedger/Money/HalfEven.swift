/// Round-half-to-even ("banker's rounding") on exact integers, as SPEC §5 asks for proceeds
/// and SPEC §7 for day counts.
enum HalfEven {
    /// `value × digits ÷ 10^scale`, rounded half-even. Uses a 128-bit product, so no
    /// intermediate overflow for amounts and rates of realistic size.
    static func multiply(_ value: Int64, byDigits digits: Int64, scale: Int) -> Int64 {
        var divisor: Int64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let negative = (value < 0) != (digits < 0)
        let product = value.magnitude.multipliedFullWidth(by: digits.magnitude)
        let (quotient, remainder) = UInt64(divisor).dividingFullWidth((high: product.high, low: product.low))
        var rounded = quotient
        let twice = remainder * 2
        if twice > UInt64(divisor) || (twice == UInt64(divisor) && quotient % 2 == 1) { rounded += 1 }
        let magnitude = Int64(clamping: rounded)
        return negative ? -magnitude : magnitude
    }

    /// `numerator ÷ denominator`, rounded half-even to an integer (denominator > 0).
    static func divide(_ numerator: Int64, by denominator: Int64) -> Int64 {
        let negative = numerator < 0
        let magnitude = numerator.magnitude
        let d = denominator.magnitude
        var quotient = magnitude / d
        let remainder = magnitude % d
        if remainder * 2 > d || (remainder * 2 == d && quotient % 2 == 1) { quotient += 1 }
        let result = Int64(clamping: quotient)
        return negative ? -result : result
    }
}
