/// Everything a run computed, handed to the file writers and the HTML pages.
struct ReportData: Sendable {
    var options: RunOptions
    var sourceLabel: String
    var journal: Journal
    var asOf: UnixMillis?
    var periods: PeriodCalendar
    var ledgers: LedgerBook
    var refunds: [Refund]
    var subscriptions: [Subscription]
    /// nil when no orders were given.
    var reconciliation: Reconciliation?
    /// Where the orders came from, for the manifest and the pages.
    var ordersLabel: String?
    var orderCount: Int
    /// The run's warnings, shown first on the overview.
    var diagnosis: RunDiagnosis = .none
    /// Apple's report files read and the books against them (SPEC §10); nil when none was given.
    var appleReports: AppleReportSet?
    var appleReconciliation: AppleReconciliation?

    /// Where the ledgers book each transaction, for `transactions.csv`'s trail columns.
    var placement: LedgerPlacement { LedgerPlacement(periods: periods, refunds: options.refunds) }
}
