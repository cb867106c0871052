/// Every HTML page of the report, listed once, in the order of the pages' navigation: its file,
/// its title, its name in the navigation and when it is written. `HTML/` renders each case
/// (`HTMLReport`); `ReportFiles` lists them among the run's files, so a new page is added here.
enum ReportPage: CaseIterable, Sendable {
    case overview
    case ledgerByPeriod, ledgerByProduct, ledgerByUser, ledgerByStorefront
    case refunds, sandbox, findings
    /// The transactions behind the ledgers' figures (the drill-down).
    case transactions
    case glossary
    /// SPEC §10: the books against Apple's reports.
    case apple

    var fileName: String {
        switch self {
        case .overview: "index.html"
        case .ledgerByPeriod: "ledger_period.html"
        case .ledgerByProduct: "ledger_product.html"
        case .ledgerByUser: "ledger_user.html"
        case .ledgerByStorefront: "ledger_storefront.html"
        case .refunds: "refunds.html"
        case .sandbox: "sandbox.html"
        case .findings: "findings.html"
        case .transactions: "transactions.html"
        case .glossary: "glossary.html"
        case .apple: "apple.html"
        }
    }

    /// The page's own title (`<title>` and its heading).
    var title: String {
        switch self {
        case .overview: "Overview"
        case .ledgerByPeriod: "Ledger by period"
        case .ledgerByProduct: "Ledger by product"
        case .ledgerByUser: "Ledger by user"
        case .ledgerByStorefront: "Ledger by storefront"
        case .refunds: "Refunds and leakage"
        case .sandbox: "Sandbox separation"
        case .findings: "Findings"
        case .transactions: "Transactions behind the ledgers"
        case .glossary: "Glossary"
        case .apple: "Books against Apple's reports"
        }
    }

    /// Its link's text in the navigation of every page.
    var navigationTitle: String {
        switch self {
        case .overview: "Overview"
        case .ledgerByPeriod: "By period"
        case .ledgerByProduct: "By product"
        case .ledgerByUser: "By user"
        case .ledgerByStorefront: "By storefront"
        case .refunds: "Refunds"
        case .sandbox: "Sandbox"
        case .findings: "Findings"
        case .transactions: "Transactions"
        case .glossary: "Glossary"
        case .apple: "Apple's reports"
        }
    }

    /// When the page is written.
    var condition: ReportFiles.Condition { self == .apple ? .withAppleReports : .always }

    /// The pages a run writes, in navigation order.
    static func written(by data: ReportData) -> [ReportPage] {
        allCases.filter { data.writes($0.condition) }
    }
}
