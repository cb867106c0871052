/// The three ledgers built in one pass over the journal (SPEC §5, §6, §7): sales in the period
/// holding the purchase, refunds in the period holding the cancellation (or the sale's period
/// with `--refunds sale-period`). Trial, family-shared and unpriced transactions add nothing;
/// upgrades keep their sale and book no refund.
struct LedgerBook: Sendable {
    var byPeriod = Ledger(dimension: .period)
    var byProduct = Ledger(dimension: .product)
    var byUser = Ledger(dimension: .user)
    var byStorefront = Ledger(dimension: .storefront)
    /// The earliest and the latest instant production money was booked at (a priced sale's
    /// purchase, a refund's cancellation), whatever period refunds are booked in: the span the
    /// period charts cover (`Charts.periodAxis`).
    private(set) var productionSpan: (first: UnixMillis, last: UnixMillis)?
    /// A local day inside each period label of the ledgers (a sale's or refund's), so that the
    /// pages can show a period's first and last day (`PeriodCalendar.days(containingLocalDay:)`).
    private(set) var dayInPeriod: [String: Int64] = [:]

    init(transactions: TransactionList, periods: PeriodCalendar, refunds: RefundBooking) {
        var tally = LedgerTally(periods: periods, transactions: transactions.count)
        for t in transactions where t.status.booksSale {
            if t.environment == .production, t.gross != nil {
                extendProductionSpan(t.purchase)
                if t.status == .refunded, let cancellation = t.cancellation { extendProductionSpan(cancellation) }
            }
            guard LedgerPlacement.counts(t), let currency = t.currency, let gross = t.gross, let proceeds = t.proceeds else { continue }
            let salePeriod = tally.period(of: t.purchase)
            tally.add(LedgerAmounts(unitsSold: t.quantity, gross: gross.minorUnits, proceeds: proceeds.minorUnits),
                      transaction: t, period: salePeriod, currency: currency)
            if t.status == .refunded, let cancellation = t.cancellation {
                let period = refunds == .salePeriod ? salePeriod : tally.period(of: cancellation)
                // What the refund reverses: all of it, or a prorated part with no units (SPEC §9).
                tally.add(LedgerAmounts(unitsRefunded: t.signed.isPartialRefund ? 0 : t.quantity, refund: (t.signed.refundGross ?? gross).minorUnits,
                                        refundProceeds: (t.signed.refundProceeds ?? proceeds).minorUnits),
                          transaction: t, period: period, currency: currency)
            }
        }
        byPeriod = tally.ledger(.period)
        byProduct = tally.ledger(.product)
        byUser = tally.ledger(.user)
        byStorefront = tally.ledger(.storefront)
        dayInPeriod = tally.dayInEachPeriod
    }

    private mutating func extendProductionSpan(_ instant: UnixMillis) {
        productionSpan = (min(productionSpan?.first ?? instant, instant), max(productionSpan?.last ?? instant, instant))
    }
}
