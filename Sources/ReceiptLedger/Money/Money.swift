/// An exact amount of one currency, held as an integer count of its minor units
/// (cents for USD, yen for JPY). Never binary floating point.
struct Money: Hashable, Sendable {
    var minorUnits: Int64
    var currency: Currency

    init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// Strict decimal text in the currency's unit: `4.99`, `120`, `0.5`.
    /// Rejects signs other than a leading `-`, grouping, exponents, commas and more
    /// fraction digits than the currency has (`0.999` USD), so a typo never becomes money.
    init?(parsing text: String, currency: Currency) {
        guard let value = DecimalText(text), value.fractionDigits <= currency.minorDigits else { return nil }
        guard let scaled = value.scaled(toFractionDigits: currency.minorDigits) else { return nil }
        self.init(minorUnits: scaled, currency: currency)
    }

    static func + (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "adding \(lhs.currency.code) to \(rhs.currency.code)")
        return Money(minorUnits: lhs.minorUnits + rhs.minorUnits, currency: lhs.currency)
    }

    static func - (lhs: Money, rhs: Money) -> Money {
        precondition(lhs.currency == rhs.currency, "subtracting \(rhs.currency.code) from \(lhs.currency.code)")
        return Money(minorUnits: lhs.minorUnits - rhs.minorUnits, currency: lhs.currency)
    }

    static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }

    /// This amount times a whole quantity.
    func times(_ quantity: Int64) -> Money {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: quantity)
        return Money(minorUnits: overflow ? (product < 0 ? Int64.min : Int64.max) : product, currency: currency)
    }

    /// This amount times an exact decimal rate, rounded half-even to the minor unit
    /// (SPEC §5: proceeds are rounded per transaction).
    func times(_ rate: DecimalText) -> Money {
        Money(minorUnits: HalfEven.multiply(minorUnits, byDigits: rate.digits, scale: rate.fractionDigits), currency: currency)
    }

    /// Plain decimal text with the currency's digits: `12.34`, `-0.99`, `120`; never `-0.00`.
    var formatted: String { MoneyFormat.plain(minorUnits, minorDigits: currency.minorDigits) }
}
