/// What was read from one report file: its digest, its rows counted by outcome, and (financial
/// reports) its trailer checked against its rows. Goes to the manifest.
struct AppleReportFile: Equatable, Sendable {
    var path: String
    /// Lower-case hex SHA-256 of the file's bytes as stored (compressed for `.gz`).
    var sha256: String
    var kind: AppleReportKind
    /// Read through `GzipReader`.
    var isGzip: Bool
    /// The earlier file with the same SHA-256, when this one repeats it: then nothing was read
    /// from this one (SPEC §10: the same file given twice is read once).
    var sameAs: String?

    /// Data rows: every line after the header and before a trailer or summary block, blank lines
    /// left out. `rowsRead == rowsUsed + ignored.values.sum()`.
    var rowsRead = 0
    /// Purchase rows compared.
    var rowsUsed = 0
    /// Rows not compared, by reason (`AppleIgnoredRow.code`).
    var ignored: [String: Int] = [:]
    /// Used rows whose money could not be read (their units still count), by what was missing or
    /// unreadable: `customer_price` (price or Customer Currency), `proceeds` (proceeds or their currency).
    var withoutAmounts: [String: Int] = [:]
    /// Sums over every row with readable units, whatever its type: the net, and the positives
    /// (what a financial trailer's `Total_Units` counts).
    var netUnits: Int64 = 0
    var positiveUnits: Int64 = 0
    /// The days every row with readable dates covers, ignored types included.
    var spans: Set<AppleSpan> = []
    /// A financial report's trailer lines as written: `Total_Rows` → `6`, `Total_Units` → `20`.
    var trailer: [String: String] = [:]
    /// Where the trailer disagrees with the rows, in words (empty when it agrees or is absent).
    var trailerDifferences: [String] = []

    init(path: String, sha256: String, kind: AppleReportKind, isGzip: Bool, sameAs: String? = nil) {
        self.path = path
        self.sha256 = sha256
        self.kind = kind
        self.isGzip = isGzip
        self.sameAs = sameAs
    }

    var rowsIgnored: Int { ignored.values.reduce(0, +) }
}

/// Why a row of Apple's report is counted as ignored, not compared (SPEC §10), each spelled once
/// (`code`, the manifest's key; `SpecListsTests` checks the list against SPEC).
enum AppleIgnoredRow: Hashable, Sendable, CaseIterable {
    /// A row type that is no purchase: `product_type_<T>`, with the type as written.
    case productType(String)
    /// An unreadable date, or End before Begin.
    case badDate
    case badUnits
    /// An empty SKU (Vendor Identifier).
    case noProductID

    /// One of each; `productType("")` stands for every `product_type_<T>`.
    static let allCases: [AppleIgnoredRow] = [.productType(""), .badDate, .badUnits, .noProductID]

    var code: String {
        switch self {
        case .productType(let type): "product_type_" + type
        case .badDate: "bad_date"
        case .badUnits: "bad_units"
        case .noProductID: "no_product_id"
        }
    }

    /// The reason as SPEC names it: `product_type_<T>` for every type.
    var specName: String {
        if case .productType = self { return "product_type_<T>" }
        return code
    }
}
