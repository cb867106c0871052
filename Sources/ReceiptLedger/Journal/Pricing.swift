/// Prices a transaction from the catalog and decides its status (SPEC §4 status order, §5).
enum Pricing {
    struct Priced {
        var status: TransactionStatus
        var productType: ProductType?
        var currency: Currency?
        var unitPrice: Money?
        var gross: Money?
        var proceeds: Money?
        /// No catalog row in effect at the purchase instant (`unpriced_product`).
        var isUnpriced: Bool
    }

    static func price(productID: String, purchase: UnixMillis, quantity: Int64, isTrial: Bool, isIntro: Bool,
                      ownership: String, cancelled: Bool, upgraded: Bool, catalog: Catalog) -> Priced {
        let (entry, productType) = catalog.price(for: productID, at: purchase)
        let status: TransactionStatus
        if isTrial { status = .trial }
        else if ownership.hasSameUTF8(as: "FAMILY_SHARED") { status = .familyShared }  // exactly as Apple writes it
        else if entry == nil { status = .unpriced }
        else if cancelled && upgraded { status = .upgraded }
        else if cancelled { status = .refunded }
        else { status = .sold }

        guard let entry else {
            return Priced(status: status, productType: productType, currency: nil, unitPrice: nil, gross: nil, proceeds: nil, isUnpriced: true)
        }
        guard status.booksSale else {
            let zero = Money.zero(entry.currency)
            return Priced(status: status, productType: productType, currency: entry.currency, unitPrice: zero, gross: zero, proceeds: zero, isUnpriced: false)
        }
        let unit = (isIntro ? entry.introPrice : nil) ?? entry.price
        let gross = unit.times(quantity)
        return Priced(status: status, productType: productType, currency: entry.currency, unitPrice: unit, gross: gross,
                      proceeds: gross.times(entry.proceedsRate), isUnpriced: false)
    }
}
