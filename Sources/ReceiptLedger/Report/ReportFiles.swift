/// Every CSV file a run writes, listed once: its name, what it is made from, and both ways to
/// make it (the file as written, `ReportCSV`, and the obviously right table of cells, which
/// tests compare with it). `ReportRun` takes its jobs, its folder's owned names and the
/// workbook's sheets from here, so a new file is added in one place.
enum ReportFiles {
    /// A file made from the journal alone: written while the ledgers are built.
    struct JournalFile: Sendable {
        let name: String
        let csv: @Sendable (Journal, LedgerPlacement) -> ReportCSV
        let table: @Sendable (Journal, LedgerPlacement) -> CSVTable
    }

    /// A file made from the whole run; nil when the run does not write it (no orders, no
    /// Apple reports).
    struct DerivedFile: Sendable {
        let name: String
        /// When it is written: always, only with orders, only with Apple's reports.
        let condition: Condition
        let csv: @Sendable (ReportData) -> ReportCSV?
        let table: @Sendable (ReportData) -> CSVTable?
    }

    enum Condition: Sendable { case always, withOrders, withAppleReports }

    static let journalFiles: [JournalFile] = [
        JournalFile(name: TransactionsFile.name, csv: { TransactionsFile.csv($0.transactions, placement: $1) },
                    table: { TransactionsFile.cellTable($0.transactions, placement: $1) }),
        JournalFile(name: AnomaliesFile.name, csv: { j, _ in AnomaliesFile.csv(j.anomalies) }, table: { j, _ in AnomaliesFile.table(j.anomalies) }),
        JournalFile(name: RejectedFile.name, csv: { j, _ in RejectedFile.csv(j.rejected) }, table: { j, _ in RejectedFile.table(j.rejected) }),
        JournalFile(name: EnvironmentCheckFile.name, csv: { j, _ in EnvironmentCheckFile.csv(j.environmentChecks) },
                    table: { j, _ in EnvironmentCheckFile.table(j.environmentChecks) }),
        JournalFile(name: NotificationsFile.name, csv: { j, _ in NotificationsFile.csv(j.notifications) },
                    table: { j, _ in NotificationsFile.table(j.notifications) }),
    ]

    static let derivedFiles: [DerivedFile] = [
        ledger(LedgerFiles.periodName, \.byPeriod),
        ledger(LedgerFiles.productName, \.byProduct),
        ledger(LedgerFiles.userName, \.byUser),
        ledger(LedgerFiles.storefrontName, \.byStorefront),
        DerivedFile(name: RefundsFile.name, condition: .always, csv: { RefundsFile.csv($0.refunds) }, table: { RefundsFile.table($0.refunds) }),
        DerivedFile(name: SubscriptionsFile.name, condition: .always, csv: { SubscriptionsFile.csv($0.subscriptions) },
                    table: { SubscriptionsFile.cellTable($0.subscriptions) }),
        DerivedFile(name: ReconciliationFile.name, condition: .withOrders, csv: { $0.reconciliation.map(ReconciliationFile.csv) },
                    table: { $0.reconciliation.map(ReconciliationFile.table) }),
        DerivedFile(name: AppleReconciliationFile.name, condition: .withAppleReports,
                    csv: { $0.appleReconciliation.map(AppleReconciliationFile.csv) },
                    table: { $0.appleReconciliation.map(AppleReconciliationFile.table) }),
        DerivedFile(name: AppleAmountsFile.name, condition: .withAppleReports, csv: { $0.appleReconciliation.map(AppleAmountsFile.csv) },
                    table: { $0.appleReconciliation.map(AppleAmountsFile.table) }),
    ]

    private static func ledger(_ name: String, _ ledger: KeyPath<LedgerBook, Ledger> & Sendable) -> DerivedFile {
        DerivedFile(name: name, condition: .always, csv: { LedgerFiles.csv($0.ledgers[keyPath: ledger]) },
                    table: { LedgerFiles.cellTable($0.ledgers[keyPath: ledger]) })
    }

    /// Every CSV file name a run may write.
    static var csvNames: [String] { journalFiles.map(\.name) + derivedFiles.map(\.name) }

    /// The CSV files written only under `condition`.
    static func names(writtenOnly condition: Condition) -> [String] {
        derivedFiles.filter { $0.condition == condition }.map(\.name)
    }
}
