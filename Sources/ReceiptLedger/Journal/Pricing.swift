/// Prices a transaction and decides its status (SPEC §4 status order, §5, §9 "Money from
/// signed data").
enum Pricing {
    /// A signed copy's `price` (milliunits of `currency`: the whole transaction) and `currency`.
    struct SignedPrice: Sendable, Equatable {
        var milliunits: Int64
        var currency: Currency

        /// The price in the currency's minor units, half-even (`10990` milliunits USD is 10.99).
        var money: Money {
            var scale: Int64 = 1
            for _ in 0..<currency.minorDigits { scale *= 10 }
            return Money(minorUnits: HalfEven.multiply(milliunits, byDigits: scale, scale: 3), currency: currency)
        }
    }

    /// Where a transaction's price came from (SPEC §9 `price_source`).
    enum PriceSource: String, Sendable, CaseIterable {
        case signed, catalog
        case none = ""
    }

    struct Priced {
        var status: TransactionStatus
        var productType: ProductType?
        var currency: Currency?
        var unitPrice: Money?
        var gross: Money?
        var proceeds: Money?
        /// Neither a catalog row in effect at the purchase instant nor a signed price (`unpriced_product`).
        var isUnpriced: Bool
        /// `signed`, `catalog` or empty (SPEC §9), whatever the status.
        var priceSource: PriceSource
        /// The catalog's gross in the signed currency when it differs from the signed gross
        /// (`catalog_price_differs`; sales only).
        var differingCatalogGross: Money?
    }

    /// The proceeds rate without a catalog row (SPEC §1.2 default, §9).
    static var defaultProceedsRate: DecimalText { CatalogReader.defaultProceedsRate }

    static func price(productID: String, purchase: UnixMillis, quantity: Int64, isTrial: Bool, isIntro: Bool,
                      ownership: String, cancelled: Bool, upgraded: Bool, signedPrice: SignedPrice? = nil,
                      signedProductType: ProductType? = nil, catalog: Catalog) -> Priced {
        let (entry, catalogType) = catalog.price(for: productID, at: purchase)
        let productType = catalogType ?? signedProductType
        let status: TransactionStatus
        if isTrial { status = .trial }
        else if ownership.hasSameUTF8(as: "FAMILY_SHARED") { status = .familyShared }  // exactly as Apple writes it
        else if entry == nil && signedPrice == nil { status = .unpriced }
        else if cancelled && upgraded { status = .upgraded }
        else if cancelled { status = .refunded }
        else { status = .sold }

        let priceSource: PriceSource = signedPrice != nil ? .signed : entry != nil ? .catalog : .none
        guard let currency = signedPrice?.currency ?? entry?.currency else {
            return Priced(status: status, productType: productType, currency: nil, unitPrice: nil, gross: nil, proceeds: nil,
                          isUnpriced: true, priceSource: priceSource, differingCatalogGross: nil)
        }
        guard status.booksSale else {
            let zero = Money.zero(currency)
            return Priced(status: status, productType: productType, currency: currency, unitPrice: zero, gross: zero, proceeds: zero,
                          isUnpriced: false, priceSource: priceSource, differingCatalogGross: nil)
        }
        let catalogUnit = entry.map { (isIntro ? $0.introPrice : nil) ?? $0.price }
        let rate = entry?.proceedsRate ?? defaultProceedsRate
        if let signedPrice {
            // SPEC §9: the signed price is the whole transaction; the unit price is its share.
            let gross = signedPrice.money
            let unit = Money(minorUnits: HalfEven.divide(gross.minorUnits, by: max(quantity, 1)), currency: currency)
            let catalogGross = catalogUnit.map { $0.times(quantity) }
            let differs = catalogGross.flatMap { $0.currency == currency && $0.minorUnits != gross.minorUnits ? $0 : nil }
            return Priced(status: status, productType: productType, currency: currency, unitPrice: unit, gross: gross,
                          proceeds: gross.times(rate), isUnpriced: false, priceSource: priceSource, differingCatalogGross: differs)
        }
        let unit = catalogUnit ?? Money.zero(currency)
        let gross = unit.times(quantity)
        return Priced(status: status, productType: productType, currency: currency, unitPrice: unit, gross: gross,
                      proceeds: gross.times(rate), isUnpriced: false, priceSource: priceSource, differingCatalogGross: nil)
    }

    /// What a refund reverses (SPEC §5, §9): the whole gross and proceeds and every unit, or for
    /// `REFUND_PRORATED` `revocation_percentage` of the money (half-even) and, below 100 %, no
    /// units. A prorated refund whose percentage cannot be read reverses all of it
    /// (docs/DECISIONS.md).
    static func refunded(gross: Money?, proceeds: Money?, quantity: Int64, revocationType: String?,
                         percentage: Int64?) -> (gross: Money?, proceeds: Money?, units: Int64, isPartial: Bool) {
        guard revocationType == "REFUND_PRORATED", let percentage, percentage < 100_000 else {
            return (gross, proceeds, quantity, false)
        }
        func part(_ money: Money?) -> Money? {
            money.map { Money(minorUnits: HalfEven.multiply($0.minorUnits, byDigits: percentage, scale: 5), currency: $0.currency) }
        }
        return (part(gross), part(proceeds), 0, true)
    }
}
