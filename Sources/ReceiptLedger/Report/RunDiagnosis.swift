/// What a run tells its reader beyond the figures: production sales left unpriced (per product,
/// with what they would be), a missing catalog, most of the input rejected. Computed once from
/// the finished journal; its warnings go to stderr and, in the same words, to the top of the
/// overview, and `--strict` fails on the unpriced sales.
struct RunDiagnosis: Sendable {
    /// Unpriced products named one warning each at most; the rest share one line.
    static let productsNamed = 10

    var catalogGiven: Bool
    var bookedTransactions: Int
    /// Transactions priced by Apple's signed price (SPEC §9), which need no catalog.
    var signedPriced = 0
    /// Production transactions without a price, by product, most first.
    var unpriced: [UnpricedProduct]
    /// In the order printed: most records rejected, no catalog, then each unpriced product.
    var warnings: [RunWarning]

    /// A run with nothing to tell (for report data built without the run).
    static let none = RunDiagnosis(catalogGiven: true, bookedTransactions: 0, unpriced: [], warnings: [])

    init(catalogGiven: Bool, bookedTransactions: Int, unpriced: [UnpricedProduct], warnings: [RunWarning]) {
        self.catalogGiven = catalogGiven
        self.bookedTransactions = bookedTransactions
        self.unpriced = unpriced
        self.warnings = warnings
    }

    /// - Parameter inputHeader: the input file's first bytes (`RejectionNote.header(ofFileAt:)`).
    init(journal: Journal, catalog: Catalog, options: RunOptions, inputHeader: [UInt8]) {
        catalogGiven = options.catalogPath != nil
        bookedTransactions = journal.transactions.count
        signedPriced = journal.transactions.reduce(0) { $0 + ($1.priceSource == .signed ? 1 : 0) }
        unpriced = UnpricedProduct.all(in: journal.transactions, catalog: catalog)
        var warnings: [RunWarning] = []
        if let rejection = RejectionNote.warning(counts: journal.counts, rejected: journal.rejected, options: options,
                                                 inputHeader: inputHeader) {
            warnings.append(rejection)
        }
        if !catalogGiven {
            if bookedTransactions > 0 {
                let booked = Display.counted(bookedTransactions, "transaction was", "transactions were")
                let priced = Self.pricedText(signedPriced: signedPriced)
                warnings.append(RunWarning(kind: .noCatalog, message: "no catalog was given: \(booked) booked but \(priced) (give --catalog FILE)"))
            }
        } else {
            warnings += unpriced.prefix(Self.productsNamed).map(\.warning)
            let rest = unpriced.dropFirst(Self.productsNamed)
            if !rest.isEmpty {
                let count = rest.reduce(0) { $0 + $1.transactions }
                warnings.append(RunWarning(kind: .moreUnpricedProducts, message:
                    "\(Display.counted(count, "production transaction", "production transactions")) of \(Display.counted(rest.count, "other product", "other products")) \(count == 1 ? "has" : "have") no catalog row in effect (unpriced): see the overview"))
            }
        }
        self.warnings = warnings
    }

    var unpricedTransactions: Int { unpriced.reduce(0) { $0 + $1.transactions } }

    /// What the missing catalog leaves priced: nothing, or only Apple's signed prices (SPEC §9).
    var pricedText: String { Self.pricedText(signedPriced: signedPriced) }

    static func pricedText(signedPriced: Int) -> String {
        signedPriced == 0 ? "none is priced" : "only \(Display.count(signedPriced)) priced by Apple-signed prices"
    }
}
