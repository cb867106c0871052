/// What the pages sum over the journal's transactions, taken in one pass.
///
/// One pass serves every page, so that the pages do not each walk the transactions, which lie
/// spread over memory, for sums of their own.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › JournalSums.
/// The production sums are the journal's own, computed apart from the ledgers: that is what
/// makes the sandbox page's comparison of the two a proof.
struct JournalSums: Sendable {
    /// Production transactions that book a sale with a price, per currency: their gross, and
    /// the gross of those refunded.
    private(set) var production: [Currency: (gross: Int64, refunds: Int64)] = [:]
    /// Sandbox transactions that would have booked a sale, per currency: count and gross.
    private(set) var sandboxSales: [Currency: (count: Int, gross: Int64)] = [:]
    private(set) var sandboxCount = 0
    /// Production transactions that book a sale, per product: units sold, and units refunded.
    private(set) var productionUnits: [String: (sold: Int64, refunded: Int64)] = [:]
    /// Products with a consumable transaction (any environment, any status).
    private(set) var consumableProducts: Set<String> = []
    /// Whether a consumable booked a sale, in any environment and in production.
    private(set) var consumableSold = false
    private(set) var consumableSoldInProduction = false

    init(_ transactions: TransactionList) {
        for t in transactions {
            if t.productType == .consumable {
                consumableProducts.insert(t.productID)
                if t.status.booksSale {
                    consumableSold = true
                    if t.environment == .production { consumableSoldInProduction = true }
                }
            }
            if t.environment == .sandbox {
                sandboxCount += 1
                if t.status.booksSale, let currency = t.currency {
                    sandboxSales[currency, default: (0, 0)].count += 1
                    sandboxSales[currency, default: (0, 0)].gross += t.gross?.minorUnits ?? 0
                }
                continue
            }
            guard t.status.booksSale else { continue }
            productionUnits[t.productID, default: (0, 0)].sold += t.quantity
            if t.status == .refunded { productionUnits[t.productID, default: (0, 0)].refunded += t.quantity }
            guard let currency = t.currency, let gross = t.gross?.minorUnits, t.proceeds != nil else { continue }
            production[currency, default: (0, 0)].gross += gross
            if t.status == .refunded && t.cancellation != nil { production[currency, default: (0, 0)].refunds += gross }
        }
    }
}
