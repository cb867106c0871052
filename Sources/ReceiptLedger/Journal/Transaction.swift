/// The status of a booked transaction (SPEC §4): the first that applies.
enum TransactionStatus: String, Sendable, CaseIterable {
    case trial
    case familyShared = "family_shared"
    case unpriced
    case upgraded
    case refunded
    case sold

    /// Statuses whose sale is booked in the ledgers' gross and proceeds.
    var booksSale: Bool { self == .sold || self == .upgraded || self == .refunded }
}

/// One deduplicated transaction of the journal: a row of `transactions.csv`.
///
/// Immutable and shared by reference: the ledgers, refunds, subscriptions, reconciliation and
/// pages all hold transactions, and a value copy would retain a dozen strings each time.
final class Transaction: Sendable {
    let key: TransactionKey
    var environment: Environment { key.environment }
    /// As a `String`, for messages and small files; the hot paths take `key.transactionID.text`.
    var transactionID: String { key.transactionID.value }
    let originalTransactionID: IDText
    let user: UserID
    let userName: String
    let productID: String
    let productType: ProductType?
    let quantity: Int64
    let purchase: UnixMillis
    let originalPurchase: UnixMillis?
    let expires: UnixMillis?
    let cancellation: UnixMillis?
    let cancellationReason: String
    let cancellationFirstSeen: UnixMillis?
    let isTrialPeriod: Bool
    let isInIntroOfferPeriod: Bool
    let isUpgraded: Bool
    let ownershipType: String
    /// nil for an unpriced transaction (no catalog row in effect).
    let currency: Currency?
    let unitPrice: Money?
    let gross: Money?
    let proceeds: Money?
    let status: TransactionStatus
    let firstRecordID: Int64
    let recordCount: Int
    /// What SPEC §9 adds from signed copies (empty texts and nil on receipt-only transactions).
    var signed: SignedDetail { signedDetail?.detail ?? .none }
    /// `price_source` (SPEC §9), kept here: nearly every transaction has one.
    let priceSource: Pricing.PriceSource
    /// Behind one reference, and nil when there is nothing to say (nearly every transaction of
    /// receipts): the journal holds every transaction for the whole run.
    private let signedDetail: SignedDetailBox?
    /// SPEC §4, §9: `false` for a consumable unless Apple reported the consumable refunds of
    /// its environment (V2 notifications, Get Refund History).
    let refundVisible: Bool

    /// The columns and amounts SPEC §9 adds.
    struct SignedDetail: Sendable {
        /// `revocationType` and `revocationPercentage` as sent, of the copy that gave the refund state.
        var revocationType = ""
        var revocationPercentage = ""
        /// `signed`, `catalog`, or empty (unpriced): given to the transaction, which keeps it
        /// as `Transaction.priceSource`.
        var priceSource = Pricing.PriceSource.none
        /// The signed price ÷ 1000 in its currency (any status); nil without one.
        var customerPrice: Money?
        var customerCurrency = ""
        var storefront = ""
        var appAccountToken = ""
        /// What a prorated refund below 100 % reverses (§9); nil for a whole refund, which
        /// reverses the gross and proceeds (read `refundGross ?? gross`).
        var refundGross: Money?
        var refundProceeds: Money?
        /// Units a prorated refund below 100 % takes back: none.
        var refundedUnits: Int64 = 0
        /// `revocationType` `FAMILY_REVOKE`: not a refund.
        var isFamilyRevoke = false
        /// A `REFUND_PRORATED` refund below 100 %.
        var isPartialRefund = false

        init() {}

        /// Nothing to say: a receipt-only transaction's.
        static let none = SignedDetail()

        /// Whether it says nothing beyond `none` (then no box is kept).
        var isNone: Bool {
            revocationType.isEmpty && revocationPercentage.isEmpty && customerPrice == nil && customerCurrency.isEmpty
                && storefront.isEmpty && appAccountToken.isEmpty && refundGross == nil && refundProceeds == nil && refundedUnits == 0
                && !isFamilyRevoke && !isPartialRefund
        }
    }

    private final class SignedDetailBox: Sendable {
        let detail: SignedDetail
        init(_ detail: SignedDetail) { self.detail = detail }
    }

    init(key: TransactionKey,
         originalTransactionID: IDText,
         user: UserID,
         userName: String,
         productID: String,
         productType: ProductType?,
         quantity: Int64,
         purchase: UnixMillis,
         originalPurchase: UnixMillis?,
         expires: UnixMillis?,
         cancellation: UnixMillis?,
         cancellationReason: String,
         cancellationFirstSeen: UnixMillis?,
         isTrialPeriod: Bool,
         isInIntroOfferPeriod: Bool,
         isUpgraded: Bool,
         ownershipType: String,
         currency: Currency?,
         unitPrice: Money?,
         gross: Money?,
         proceeds: Money?,
         status: TransactionStatus,
         firstRecordID: Int64,
         recordCount: Int,
         signed: SignedDetail = SignedDetail(),
         refundVisible: Bool? = nil) {
        self.key = key
        self.originalTransactionID = originalTransactionID
        self.user = user
        self.userName = userName
        self.productID = productID
        self.productType = productType
        self.quantity = quantity
        self.purchase = purchase
        self.originalPurchase = originalPurchase
        self.expires = expires
        self.cancellation = cancellation
        self.cancellationReason = cancellationReason
        self.cancellationFirstSeen = cancellationFirstSeen
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.isUpgraded = isUpgraded
        self.ownershipType = ownershipType
        self.currency = currency
        self.unitPrice = unitPrice
        self.gross = gross
        self.proceeds = proceeds
        self.status = status
        self.firstRecordID = firstRecordID
        self.recordCount = recordCount
        priceSource = signed.priceSource
        signedDetail = signed.isNone ? nil : SignedDetailBox(signed)
        self.refundVisible = refundVisible ?? (productType != .consumable)
    }

    /// A refund in the sense of `refunds.csv`: a cancellation that is neither an upgrade nor a
    /// family revocation (SPEC §4, §9).
    var isRefund: Bool { cancellation != nil && !isUpgraded && !signed.isFamilyRevoke }
}
