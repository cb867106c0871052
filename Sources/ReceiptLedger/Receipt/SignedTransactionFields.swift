/// What a signed transaction (`JWSTransactionDecodedPayload`, SPEC §9) says beyond the fields a
/// receipt copy has: the copy's own time, revocation detail, Apple's price and storefront.
/// nil on a `TransactionCopy` read from a receipt.
struct SignedTransactionFields: Sendable, Equatable {
    /// `signedDate`: the copy's time, which orders the copies' refund state (SPEC §9); nil when
    /// unreadable (the record's `verified_at` is used).
    var signedDate: UnixMillis?
    /// `revocationType` as sent (`REFUND_FULL`, `REFUND_PRORATED`, `FAMILY_REVOKE`).
    var revocationType: String?
    /// `revocationPercentage` as sent (milliunits: `50000` is 50 %), for the CSV column.
    var revocationPercentageText: String?
    /// `revocationPercentage` read as an integer from 0 to 100,000; nil when absent or unreadable.
    var revocationPercentage: Int64?
    /// `price` in milliunits of `currency`: the whole transaction; nil when absent or not an
    /// integral number or digit string ≥ 0.
    var priceMilliunits: Int64?
    /// `currency` (ISO 4217) as sent.
    var currency: String?
    /// `storefront` (ISO 3166 alpha-3).
    var storefront: String?
    /// `appAccountToken`.
    var appAccountToken: String?
    /// `type`, the product type Apple states: the fallback when no catalog row gives one.
    var productType: ProductType?

    init(signedDate: UnixMillis? = nil, revocationType: String? = nil, revocationPercentageText: String? = nil,
         revocationPercentage: Int64? = nil, priceMilliunits: Int64? = nil, currency: String? = nil, storefront: String? = nil,
         appAccountToken: String? = nil, productType: ProductType? = nil) {
        self.signedDate = signedDate
        self.revocationType = revocationType
        self.revocationPercentageText = revocationPercentageText
        self.revocationPercentage = revocationPercentage
        self.priceMilliunits = priceMilliunits
        self.currency = currency
        self.storefront = storefront
        self.appAccountToken = appAccountToken
        self.productType = productType
    }

    /// `revocationType` `FAMILY_REVOKE`: not a refund (SPEC §9).
    var isFamilyRevoke: Bool { revocationType == "FAMILY_REVOKE" }

    /// Apple's `type` texts.
    static func productType(apple text: String) -> ProductType? {
        appleProductTypes.first { $0.text == text }?.type
    }

    /// `productType(apple:)` of the text whose UTF-8 is `bytes`, without making a `String` of
    /// ASCII text (which equals an ASCII text exactly when their bytes are equal).
    static func productType(appleUTF8 bytes: UnsafeBufferPointer<UInt8>) -> ProductType? {
        guard bytes.isASCII else { return productType(apple: String(decoding: bytes, as: UTF8.self)) }
        return appleProductTypes.first { $0.text.withUTF8Buffer { ByteRuns.equal($0, bytes) } }?.type
    }

    private static let appleProductTypes: [(text: String, type: ProductType)] = [
        ("Auto-Renewable Subscription", .autoRenewable), ("Non-Consumable", .nonConsumable), ("Consumable", .consumable),
        ("Non-Renewing Subscription", .nonRenewing),
    ]
}
