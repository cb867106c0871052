import Foundation

/// The HTML pages of a report, rendered from the templates built into the binary or the files
/// that replace them (`HTMLReport+Templates`), parsed before any data is read, so a broken
/// template fails fast with its file and line.
package enum HTMLReport {
    /// Template files read at start; every one is also a partial (`{{> _head}}`).
    static let templateFiles = [
        "_style.css", "_head.html", "_foot.html", "_table.html", "index.html", "ledger.html", "refunds.html",
        "sandbox.html", "findings.html", "glossary.html", "transactions.html", "apple.html",
    ]
    /// Rows shown in one HTML table at most; the CSV always has all of them.
    static let rowCap = 200

    /// One page of the report: its file name, and how to render it (on any thread).
    struct Page: Sendable {
        let name: String
        let render: @Sendable () throws -> String
    }

    /// Every page the run writes (`ReportPage.written(by:)`), in navigation order, each
    /// rendered on its own: the report renders them on two cores.
    /// `files` are the report's CSV files with their row counts, which every page links to;
    /// `sums` are the journal's (`JournalSums(data.journal.transactions)`), taken here when
    /// not given.
    static func pageRenderers(_ data: ReportData, sums: JournalSums? = nil, files csvFiles: [(name: String, rows: Int)],
                              templates: TemplateSet) -> [Page] {
        let files = csvFiles.map { PageContext.fileLink(name: $0.name, rows: $0.rows) }
        let sums = sums ?? JournalSums(data.journal.transactions)
        let drillDown = DrillDown(data)
        return ReportPage.written(by: data).map { page in
            Page(name: page.fileName) {
                var context = PageContext.common(data, title: page.title, current: page.fileName, files: files)
                for (key, value) in body(of: page, data, sums: sums, drillDown: drillDown) { context[key] = value }
                return try templates.render(template(of: page), .object(context))
            }
        }
    }

    /// The template a page is rendered from (a name of `templateFiles` without `.html`).
    static func template(of page: ReportPage) -> String {
        switch page {
        case .overview: "index"
        case .ledgerByPeriod, .ledgerByProduct, .ledgerByUser, .ledgerByStorefront: "ledger"
        case .refunds: "refunds"
        case .sandbox: "sandbox"
        case .findings: "findings"
        case .transactions: "transactions"
        case .glossary: "glossary"
        case .apple: "apple"
        }
    }

    /// What a page shows beside what every page shows (`PageContext.common`).
    private static func body(of page: ReportPage, _ data: ReportData, sums: JournalSums,
                             drillDown: DrillDown) -> [String: TemplateValue] {
        let ledgers = data.ledgers
        switch page {
        case .overview: return IndexPage.context(data, sums: sums)
        case .ledgerByPeriod:
            return LedgerPage.context(data, ledger: ledgers.byPeriod, csv: LedgerFiles.periodName, sums: sums, drillDown: drillDown)
        case .ledgerByProduct:
            return LedgerPage.context(data, ledger: ledgers.byProduct, csv: LedgerFiles.productName, sums: sums, drillDown: drillDown)
        case .ledgerByUser:
            return LedgerPage.context(data, ledger: ledgers.byUser, csv: LedgerFiles.userName, sums: sums, drillDown: drillDown)
        case .ledgerByStorefront:
            return LedgerPage.context(data, ledger: ledgers.byStorefront, csv: LedgerFiles.storefrontName, sums: sums, drillDown: drillDown)
        case .refunds: return RefundsPage.context(data, sums: sums)
        case .sandbox: return SandboxPage.context(data, sums: sums)
        case .findings: return FindingsPage.context(data)
        case .transactions: return TransactionsPage.context(data, drillDown: drillDown)
        case .glossary: return Glossary.context()
        case .apple: return ApplePage.context(data)
        }
    }

    /// Every page rendered, in the order of `pageRenderers`.
    static func pages(_ data: ReportData, files: [(name: String, rows: Int)], templates: TemplateSet) throws -> [(name: String, html: String)] {
        try pageRenderers(data, files: files, templates: templates).map { ($0.name, try $0.render()) }
    }
}
