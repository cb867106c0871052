/// The product catalog: prices in effect over time (SPEC §1.2, §8 "Catalog").
struct Catalog: Sendable {
    /// One price row of the catalog.
    struct Entry: Sendable, Equatable {
        var productID: String
        var productType: ProductType
        var currency: Currency
        var price: Money
        /// `nil` means "always".
        var effectiveFrom: UnixMillis?
        var proceedsRate: DecimalText
        var introPrice: Money?
        /// Position in the file, so that of two rows with the same instant the later wins.
        var order: Int
    }

    /// Rows per product, sorted by (effective_from, file order); "always" first.
    private var entriesByProduct: [String: [Entry]] = [:]

    static let empty = Catalog(entries: [])

    init(entries: [Entry]) {
        for entry in entries { entriesByProduct[entry.productID, default: []].append(entry) }
        for key in entriesByProduct.keys {
            entriesByProduct[key]?.sort { lhs, rhs in
                let l = lhs.effectiveFrom?.rawValue ?? Int64.min
                let r = rhs.effectiveFrom?.rawValue ?? Int64.min
                return l != r ? l < r : lhs.order < rhs.order
            }
        }
    }

    var productCount: Int { entriesByProduct.count }
    var entryCount: Int { entriesByProduct.values.reduce(0) { $0 + $1.count } }

    /// The row with the latest `effective_from` at or before `instant` (ties: the later row).
    func entry(for productID: String, at instant: UnixMillis) -> Entry? {
        guard let entries = entriesByProduct[productID] else { return nil }
        // Indices, not entries: only the chosen row is copied (each copy retains its texts).
        var chosen: Int?
        for index in entries.indices {
            if let from = entries[index].effectiveFrom, from > instant { break }
            chosen = index
        }
        return chosen.map { entries[$0] }
    }

    /// The product's type from any of its rows (the earliest in effect order), even when no
    /// row is in effect at a given instant.
    func productType(of productID: String) -> ProductType? {
        entriesByProduct[productID]?.first?.productType
    }
}
