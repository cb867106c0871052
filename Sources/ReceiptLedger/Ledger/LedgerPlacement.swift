/// Where the ledgers book a transaction, for `transactions.csv`'s trail columns
/// (`period_sold`, `period_refunded`, `counted`): `LedgerBook` books by these same rules, so
/// summing the file's amounts by these columns gives the ledgers to the cent.
struct LedgerPlacement: Sendable {
    let periods: PeriodCalendar
    let refunds: RefundBooking

    /// Whether the transaction adds to the ledgers' sales (units sold, gross, proceeds): status
    /// `sold`, `upgraded` or `refunded` with a price (SPEC §7). Only such a refund is booked too.
    static func counts(_ t: Transaction) -> Bool {
        t.status.booksSale && t.currency != nil && t.gross != nil && t.proceeds != nil
    }

    /// The labels of one slice of rows, remembered per local day (`PeriodLabels`).
    struct Labels {
        let refunds: RefundBooking
        var labels: PeriodLabels

        /// The period holding the purchase: where the ledgers book the sale when it counts.
        mutating func periodSold(_ t: Transaction) -> String {
            labels.label(for: t.purchase)
        }

        /// The period the ledgers book the refund in (or would, for a refund that does not
        /// count): the cancellation's, or the sale's with `--refunds sale-period`. Empty when
        /// the transaction has no refund (no cancellation, or an upgrade).
        mutating func periodRefunded(_ t: Transaction) -> String {
            guard t.isRefund, let cancellation = t.cancellation else { return "" }
            return labels.label(for: refunds == .salePeriod ? t.purchase : cancellation)
        }
    }

    func labels() -> Labels {
        Labels(refunds: refunds, labels: PeriodLabels(periods))
    }
}
