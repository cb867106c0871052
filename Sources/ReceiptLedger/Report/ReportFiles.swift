/// Every file a run writes, listed once. Each CSV file with its name, what it is made from, and
/// both ways to make it (the file as written, `ReportCSV`, and the obviously right table of
/// cells, which tests compare with it); the workbook; the pages (`ReportPage`); the manifest.
/// `ReportRun` takes its jobs, its folder's owned names and the workbook's sheets from here, and
/// `HTMLReport` its pages and their navigation, so a new file is added in one place.
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
        let condition: Condition
        let csv: @Sendable (ReportData) -> ReportCSV?
        let table: @Sendable (ReportData) -> CSVTable?
    }

    /// When a file is written: always, only with orders, only with Apple's reports, only
    /// without `--no-xlsx`.
    enum Condition: Sendable { case always, withOrders, withAppleReports, withWorkbook }

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

    /// Every file a run may write, with when it is written: the CSV files, the workbook, the
    /// pages and the manifest (written last: it lists the others with their digests).
    static let outputs: [(name: String, condition: Condition)] =
        journalFiles.map { ($0.name, .always) } + derivedFiles.map { ($0.name, $0.condition) }
        + [(ReportWorkbook.name, .withWorkbook)] + ReportPage.allCases.map { ($0.fileName, $0.condition) }
        + [(ReportStaging.manifestName, .always)]

    /// Every file name a run may write; a file of the user's named so is never replaced.
    static let names: Set<String> = Set(outputs.map(\.name))

    /// The files written only under `condition`.
    static func names(writtenOnly condition: Condition) -> Set<String> {
        Set(outputs.filter { $0.condition == condition }.map(\.name))
    }

    /// The files a run that computed `data` writes, the manifest included.
    static func names(writtenFor data: ReportData) -> Set<String> {
        Set(outputs.filter { data.writes($0.condition) }.map(\.name))
    }
}

extension ReportData {
    /// Whether this run writes the files written under `condition`.
    func writes(_ condition: ReportFiles.Condition) -> Bool {
        switch condition {
        case .always: true
        case .withOrders: reconciliation != nil
        case .withAppleReports: appleReconciliation != nil
        case .withWorkbook: options.writesWorkbook
        }
    }
}
