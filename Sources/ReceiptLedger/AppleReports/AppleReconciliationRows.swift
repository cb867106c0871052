/// A row of `apple_reconciliation.csv`: units per (report, period, product id).
struct AppleUnitsRow: Equatable, Sendable {
    var report: AppleReportKind
    var span: AppleSpan
    var productID: String
    var appleUnits: Int64
    var ourUnits: Int64
    /// Ours − Apple's: positive when we booked more than Apple reports.
    var difference: Int64 { AppleReportValues.sum(ourUnits, -appleUnits) }
    var finding: AppleFinding
    /// Our transactions with a sale or a refund of the product in the span, in (purchase
    /// instant, transaction id) order: the first `AppleReconciliation.listedTransactions`.
    var transactions: [String]
    /// How many there are in all.
    var transactionCount: Int
}

/// A row of `apple_amounts.csv`: money per (report, period, product id, currency).
struct AppleAmountsRow: Equatable, Sendable {
    var report: AppleReportKind
    var span: AppleSpan
    var productID: String
    var currency: Currency
    /// Σ Apple's customer amounts in this currency; 0 when none.
    var appleCustomerAmount: Money
    /// Σ our gross in this currency: sales in the span, less refunds in it; 0 when none.
    var ourGross: Money
    /// Σ Apple's proceeds in this currency; nil (written empty) when Apple has none in it.
    var appleProceeds: Money?
    var ourProceeds: Money
    var finding: AppleFinding

    /// Ours − Apple's.
    var grossDifference: Money { Money(minorUnits: AppleReportValues.sum(ourGross.minorUnits, -appleCustomerAmount.minorUnits), currency: currency) }
    /// Ours − Apple's; nil when Apple has no proceeds in this currency.
    var proceedsDifference: Money? {
        appleProceeds.map { Money(minorUnits: AppleReportValues.sum(ourProceeds.minorUnits, -$0.minorUnits), currency: currency) }
    }
}
