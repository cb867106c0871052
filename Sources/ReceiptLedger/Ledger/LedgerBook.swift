/// The three ledgers built in one pass over the journal (SPEC §5, §6, §7): sales in the period
/// holding the purchase, refunds in the period holding the cancellation (or the sale's period
/// with `--refunds sale-period`). Trial, family-shared and unpriced transactions add nothing;
/// upgrades keep their sale and book no refund.
struct LedgerBook: Sendable {
    var byPeriod = Ledger(dimension: .period)
    var byProduct = Ledger(dimension: .product)
    var byUser = Ledger(dimension: .user)

    init(transactions: [Transaction], periods: PeriodCalendar, refunds: RefundBooking) {
        var labels = PeriodLabels(periods)
        // At most a row per sale and refund; a user ledger comes close.
        byUser.reserveCapacity(transactions.count)
        for t in transactions where t.status.booksSale {
            guard let currency = t.currency, let gross = t.gross, let proceeds = t.proceeds else { continue }
            let salePeriod = labels.label(for: t.purchase)
            add(LedgerAmounts(unitsSold: t.quantity, gross: gross.minorUnits, proceeds: proceeds.minorUnits),
                transaction: t, period: salePeriod, currency: currency)
            if t.status == .refunded, let cancellation = t.cancellation {
                let period = refunds == .salePeriod ? salePeriod : labels.label(for: cancellation)
                add(LedgerAmounts(unitsRefunded: t.quantity, refund: gross.minorUnits, refundProceeds: proceeds.minorUnits),
                    transaction: t, period: period, currency: currency)
            }
        }
        byPeriod.complete()
        byProduct.complete()
        byUser.complete()
    }

    private mutating func add(_ amounts: LedgerAmounts, transaction t: Transaction, period: String, currency: Currency) {
        byPeriod.add(amounts, at: .init(environment: t.environment, period: period, item: "", currency: currency))
        byProduct.add(amounts, at: .init(environment: t.environment, period: period, item: t.productID, currency: currency))
        byUser.add(amounts, at: .init(environment: t.environment, period: period, item: t.userName, currency: currency))
    }
}
