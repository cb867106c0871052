/// The production transactions of one product that no catalog row priced (status `unpriced`:
/// they would have booked a sale), and what they would be at the nearest rows the catalog holds.
struct UnpricedProduct: Sendable, Equatable {
    /// Where the "would be" prices come from.
    enum Basis: Sendable, Equatable {
        /// No catalog, or no row of this product nor of a close spelling of its id.
        case none
        /// The product's own rows, which all start after these purchases: the first of them.
        case firstRow(effectiveFrom: UnixMillis?)
        /// A catalog product never sold whose id is a close spelling of this one: a likely typo
        /// in the catalog. Its row in effect at each purchase (else its first row).
        case closeSpelling(String)
    }

    var productID: String
    var transactions: Int
    var units: Int64
    var basis: Basis
    /// The one unit price every transaction would take, when it is one.
    var unitPrice: Money?
    /// Gross they would be at those rows, per currency in code order; empty with `.none`, or
    /// when a sum would not fit (`AmountRange`'s bound, 2^63 minor units).
    var wouldBe: [Money]

    /// Unpriced production transactions grouped by product, most transactions first (ties:
    /// product id in UTF-8 order).
    static func all(in transactions: TransactionList, catalog: Catalog) -> [UnpricedProduct] {
        var groups: [String: [Transaction]] = [:]
        for t in transactions where t.environment == .production && t.status == .unpriced {
            groups[t.productID, default: []].append(t)
        }
        guard !groups.isEmpty else { return [] }
        // The products sold are gathered only when a spelling may be suggested: a priced run
        // (the usual one) hashes no product id.
        var neverSold: [String] = []
        if catalog.productCount > 0, groups.keys.contains(where: { catalog.rows(of: $0).isEmpty }) {
            var sold: Set<String> = []
            for t in transactions { sold.insert(t.productID) }
            neverSold = catalog.productIDs.filter { !sold.contains($0) }
        }
        // A few unpriced products against a few unsold catalog rows: a huge catalog or hundreds
        // of unpriced ids would make the spelling check quadratic for a hint.
        let suggests = groups.count * neverSold.count <= 100_000
        return groups.map { productID, group in
            var basis = Basis.none
            var rows = catalog.rows(of: productID)
            if let first = rows.first {
                basis = .firstRow(effectiveFrom: first.effectiveFrom)
            } else if suggests, let close = SpellingDistance.closest(to: productID, among: neverSold) {
                basis = .closeSpelling(close)
                rows = catalog.rows(of: close)
            }
            return product(productID, group, rows: rows, basis: basis)
        }.sorted { l, r in l.transactions != r.transactions ? l.transactions > r.transactions : l.productID.utf8Precedes(r.productID) }
    }

    private static func product(_ productID: String, _ group: [Transaction], rows: ArraySlice<Catalog.Entry>, basis: Basis) -> UnpricedProduct {
        var units: Int64 = 0
        var sums: [Currency: Int64] = [:]
        var prices: Set<Money> = []
        var fits = true
        for t in group {
            units = units.addingReportingOverflow(t.quantity).overflow ? Int64.max : units + t.quantity
            guard let row = rows.last(where: { ($0.effectiveFrom ?? UnixMillis(Int64.min)) <= t.purchase }) ?? rows.first else { continue }
            let unit = (t.isInIntroOfferPeriod ? row.introPrice : nil) ?? row.price
            prices.insert(unit)
            let (product, overflow) = unit.minorUnits.multipliedReportingOverflow(by: t.quantity)
            let (sum, sumOverflow) = (sums[unit.currency] ?? 0).addingReportingOverflow(product)
            if overflow || sumOverflow { fits = false }
            sums[unit.currency] = sum
        }
        let wouldBe = fits ? sums.keys.sorted().map { Money(minorUnits: sums[$0] ?? 0, currency: $0) } : []
        return UnpricedProduct(productID: productID, transactions: group.count, units: units, basis: basis,
                               unitPrice: prices.count == 1 ? prices.first : nil, wouldBe: wouldBe)
    }

    /// `4,078.98 USD` (or `10.00 USD + 1,200 JPY`); nil when nothing is known.
    var wouldBeText: String? {
        wouldBe.isEmpty ? nil : wouldBe.map { Display.money($0.minorUnits, $0.currency) }.joined(separator: " + ")
    }

    /// `at 39.99 USD`, or `at the catalog's prices` when they differ.
    var priceText: String {
        unitPrice.map { "at " + Display.money($0.minorUnits, $0.currency) } ?? "at the catalog's prices"
    }

    /// Why the catalog did not price them, and which rows the "would be" figure takes.
    var basisText: String {
        switch basis {
        case .none: return "the catalog has no row for this product"
        case .firstRow(let from):
            return from.map { "bought before its first catalog row, from \(String($0.iso8601.prefix(10)))" } ?? "bought before its first catalog row"
        case .closeSpelling(let close): return "the catalog's \(close) is never sold: did you mean \(productID)?"
        }
    }

    /// The warning of this product: `102 production transactions of … (102 units) have no
    /// catalog row in effect (unpriced); …; at 39.99 USD they would be 4,078.98 USD`.
    var warning: RunWarning {
        let what = Display.counted(transactions, "production transaction", "production transactions")
        var text = "\(what) of \(productID) (\(Display.counted(units, "unit", "units"))) \(transactions == 1 ? "has" : "have") no catalog row in effect (unpriced)"
        text += (basis == .none ? ": " : "; ") + basisText
        if let wouldBeText {
            let sentence = "\(priceText) \(transactions == 1 ? "it" : "they") would be \(wouldBeText)"
            text += basisText.hasSuffix("?") ? " " + sentence.prefix(1).uppercased() + sentence.dropFirst() : "; " + sentence
        }
        return RunWarning(kind: .unpricedProduct, message: text)
    }
}
