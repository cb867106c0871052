/// How long a server may take to revoke content after a refund (`--revoke-grace-hours`):
/// a non-negative decimal number of hours (SPEC §8 Revision 2: `0.5` is half an hour), held
/// exactly as the text given and as whole milliseconds.
struct GraceHours: Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// The hours as written in details and the manifest: `24`, `0.5` (no sign, no exponent).
    let text: String
    /// The grace in milliseconds, rounded half-even (an hour is 3,600,000 ms).
    let milliseconds: Int64

    /// The most hours accepted: ten years, far beyond any real grace.
    static let maximumHours: Int64 = 87_600

    init(integerLiteral hours: Int) {
        self.init(hours: hours)
    }

    /// A whole number of hours (clamped to 0...`maximumHours`).
    init(hours: Int) {
        let clamped = Int64(max(0, min(hours, Int(Self.maximumHours))))
        text = String(clamped)
        milliseconds = clamped * 3_600_000
    }

    /// Reads `-?digits(.digits)?` as hours; nil for anything else, a negative value or more
    /// than `maximumHours`.
    init?(parsing raw: String) {
        guard let decimal = DecimalText(raw), decimal.digits >= 0 else { return nil }
        let milliseconds = HalfEven.multiply(decimal.digits, byDigits: 3_600_000, scale: decimal.fractionDigits)
        guard milliseconds <= Self.maximumHours * 3_600_000 else { return nil }
        self.milliseconds = milliseconds
        text = Self.normalized(decimal)
    }

    /// `024` → `24`, `0.50` → `0.50` (the digits after the point as given).
    private static func normalized(_ decimal: DecimalText) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimal.fractionDigits { scale *= 10 }
        let whole = String(decimal.digits / scale)
        guard decimal.fractionDigits > 0 else { return whole }
        let fraction = String(decimal.digits % scale)
        return whole + "." + String(repeating: "0", count: decimal.fractionDigits - fraction.count) + fraction
    }
}
