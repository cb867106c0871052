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
    static let pageNames: Set<String> = [
        "index.html", "ledger_period.html", "ledger_product.html", "ledger_user.html", "ledger_storefront.html", "refunds.html", "sandbox.html", "findings.html",
        Glossary.pageName, DrillDown.pageName,
    ]
    /// Rows shown in one HTML table at most; the CSV always has all of them.
    static let rowCap = 200

    /// One page of the report: its file name, and how to render it (on any thread).
    struct Page: Sendable {
        let name: String
        let render: @Sendable () throws -> String
    }

    /// Every page, each rendered on its own: the report renders them on two cores.
    /// `files` are the report's CSV files with their row counts, which every page links to;
    /// `sums` are the journal's (`JournalSums(data.journal.transactions)`), taken here when
    /// not given.
    static func pageRenderers(_ data: ReportData, sums: JournalSums? = nil, files csvFiles: [(name: String, rows: Int)],
                              templates: TemplateSet) -> [Page] {
        let files = csvFiles.map { PageContext.fileLink(name: $0.name, rows: $0.rows) }
        func page(_ template: String, _ name: String, _ title: String,
                  _ body: @escaping @Sendable () -> [String: TemplateValue]) -> Page {
            Page(name: name) {
                var context = PageContext.common(data, title: title, current: name, files: files)
                for (key, value) in body() { context[key] = value }
                return try templates.render(template, .object(context))
            }
        }
        let ledgers = data.ledgers
        let sums = sums ?? JournalSums(data.journal.transactions)
        let drillDown = DrillDown(data)
        var pages = [
            page("index", "index.html", "Overview") { IndexPage.context(data, sums: sums) },
            page("ledger", "ledger_period.html", "Ledger by period") {
                LedgerPage.context(data, ledger: ledgers.byPeriod, csv: LedgerFiles.periodName, sums: sums, drillDown: drillDown)
            },
            page("ledger", "ledger_product.html", "Ledger by product") {
                LedgerPage.context(data, ledger: ledgers.byProduct, csv: LedgerFiles.productName, sums: sums, drillDown: drillDown)
            },
            page("ledger", "ledger_user.html", "Ledger by user") {
                LedgerPage.context(data, ledger: ledgers.byUser, csv: LedgerFiles.userName, sums: sums, drillDown: drillDown)
            },
            page("ledger", "ledger_storefront.html", "Ledger by storefront") {
                LedgerPage.context(data, ledger: ledgers.byStorefront, csv: LedgerFiles.storefrontName, sums: sums, drillDown: drillDown)
            },
            page("refunds", "refunds.html", "Refunds and leakage") { RefundsPage.context(data, sums: sums) },
            page("sandbox", "sandbox.html", "Sandbox separation") { SandboxPage.context(data, sums: sums) },
            page("findings", "findings.html", "Findings") { FindingsPage.context(data) },
            page("transactions", DrillDown.pageName, "Transactions behind the ledgers") {
                TransactionsPage.context(data, drillDown: drillDown)
            },
            page("glossary", Glossary.pageName, "Glossary") { Glossary.context() },
        ]
        if data.appleReconciliation != nil {
            pages.append(page("apple", ApplePage.pageName, "Books against Apple's reports") { ApplePage.context(data) })
        }
        return pages
    }

    /// Every page rendered, in the order of `pageRenderers`.
    static func pages(_ data: ReportData, files: [(name: String, rows: Int)], templates: TemplateSet) throws -> [(name: String, html: String)] {
        try pageRenderers(data, files: files, templates: templates).map { ($0.name, try $0.render()) }
    }
}
