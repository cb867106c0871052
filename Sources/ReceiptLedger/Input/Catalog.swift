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

    /// What pricing needs of a row (`Pricing.price`): the row without its product id, so that
    /// the threads pricing the journal at once never retain the product id's text or the
    /// product's row list, reference counts that all bookings of a product share.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › Catalog.
    struct Price: Sendable {
        var productType: ProductType
        var currency: Currency
        var price: Money
        var proceedsRate: DecimalText
        var introPrice: Money?

        /// Read field by field: the row's product id is never copied.
        init(_ row: Entry) {
            productType = row.productType
            currency = row.currency
            price = row.price
            proceedsRate = row.proceedsRate
            introPrice = row.introPrice
        }
    }

    /// Every row, grouped by product, each product's rows sorted by (effective_from, file
    /// order), "always" first.
    private var rows: [Entry] = []
    /// Where each product's rows are in `rows`.
    private var rowsByProduct: [String: Range<Int>] = [:]

    static let empty = Catalog(entries: [])

    init(entries: [Entry]) {
        var byProduct: [String: [Entry]] = [:]
        for entry in entries { byProduct[entry.productID, default: []].append(entry) }
        for (product, productRows) in byProduct.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            let sorted = productRows.sorted { lhs, rhs in
                let l = lhs.effectiveFrom?.rawValue ?? Int64.min
                let r = rhs.effectiveFrom?.rawValue ?? Int64.min
                return l != r ? l < r : lhs.order < rhs.order
            }
            rowsByProduct[product] = rows.count..<(rows.count + sorted.count)
            rows += sorted
        }
    }

    var productCount: Int { rowsByProduct.count }

    /// Every product id of the catalog, in UTF-8 order (for the run's warnings).
    var productIDs: [String] { rowsByProduct.keys.sorted { $0.utf8Precedes($1) } }

    /// The product's rows in effect order (`effective_from`, then file order; "always" first);
    /// empty for a product the catalog does not hold.
    func rows(of productID: String) -> ArraySlice<Entry> {
        rowsByProduct[productID].map { rows[$0] } ?? []
    }
    var entryCount: Int { rows.count }

    /// The row with the latest `effective_from` at or before `instant` (ties: the later row).
    func entry(for productID: String, at instant: UnixMillis) -> Entry? {
        lookUp(productID, at: instant).row.map { rows[$0] }
    }

    /// The price in effect at `instant` (as `entry(for:at:)`), and the product's type: that
    /// row's, else (no row in effect then) `productType(of:)`'s. One lookup of the product.
    func price(for productID: String, at instant: UnixMillis) -> (price: Price?, productType: ProductType?) {
        let (row, first) = lookUp(productID, at: instant)
        return (row.map { Price(rows[$0]) }, (row ?? first).map { rows[$0].productType })
    }

    /// The product's type from any of its rows (the earliest in effect order), even when no
    /// row is in effect at a given instant.
    func productType(of productID: String) -> ProductType? {
        rowsByProduct[productID].map { rows[$0.lowerBound].productType }
    }

    /// The index of the row in effect at `instant`, and of the product's first row.
    private func lookUp(_ productID: String, at instant: UnixMillis) -> (row: Int?, first: Int?) {
        guard let range = rowsByProduct[productID] else { return (nil, nil) }
        var chosen: Int?
        for index in range {
            if let from = rows[index].effectiveFrom, from > instant { break }
            chosen = index
        }
        return (chosen, range.lowerBound)
    }
}
