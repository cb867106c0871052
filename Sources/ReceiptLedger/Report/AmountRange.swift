/// The guard that keeps every sum of a report exact: amounts are `Int64` minor units, so a
/// ledger, a total or a chart axis could overflow (and a Swift overflow stops the process) on
/// absurd catalog prices or quantities. Checked once, before any ledger is built: the booked
/// gross of all transactions, per currency, must stay within 10^17 minor units (a thousand
/// trillion dollars), and the units within 10^14. Every sum the report makes is a part of
/// these, and the headroom above them covers the arithmetic of the pages (net amounts, chart
/// axes rounded up to 10ⁿ, percentages). A gross that saturated in `Money.times` fails too.
enum AmountRange {
    /// Units over all transactions at most; ×10,000 (basis points in the charts) still fits.
    static let maximumUnits: Int64 = 100_000_000_000_000
    /// Booked gross per currency at most, in minor units.
    static let maximumMinorUnits: Int64 = 100_000_000_000_000_000

    static func check(_ journal: Journal) throws(FatalError) {
        var units: Int64 = 0
        // A run has a handful of currencies: a list searched in order costs less than hashing
        // the currency of each transaction.
        var grossByCurrency: [(currency: Currency, gross: Int64)] = []
        for t in journal.transactions {
            let (sum, overflow) = units.addingReportingOverflow(t.quantity)
            guard !overflow, sum <= maximumUnits else {
                throw FatalError("amounts out of range: the transactions add up to more than \(maximumUnits) units "
                                 + "(\(t.environment.rawValue) transaction \(excerpt(t.transactionID)) has quantity \(t.quantity))")
            }
            units = sum
            guard let gross = t.gross else { continue }
            let slot = grossByCurrency.firstIndex { $0.currency == gross.currency } ?? {
                grossByCurrency.append((gross.currency, 0))
                return grossByCurrency.count - 1
            }()
            let total = grossByCurrency[slot].gross
            let amount = gross.minorUnits == .min ? Int64.max : abs(gross.minorUnits)
            let (next, grossOverflow) = total.addingReportingOverflow(amount)
            guard !grossOverflow, next <= maximumMinorUnits else {
                throw FatalError("amounts out of range: the \(gross.currency.code) transactions add up to more than "
                                 + "\(Money(minorUnits: maximumMinorUnits, currency: gross.currency).formatted) \(gross.currency.code) "
                                 + "(\(t.environment.rawValue) transaction \(excerpt(t.transactionID)): quantity \(t.quantity) "
                                 + "of \(excerpt(t.productID)) at \(t.unitPrice?.formatted ?? "?")); check the catalog prices and quantities")
            }
            grossByCurrency[slot].gross = next
        }
    }

    private static func excerpt(_ text: String) -> String {
        text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
    }
}
