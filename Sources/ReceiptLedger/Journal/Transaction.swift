/// The status of a booked transaction (SPEC §4): the first that applies.
enum TransactionStatus: String, Sendable {
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
struct Transaction: Sendable {
    var key: TransactionKey
    var environment: Environment { key.environment }
    var transactionID: String { key.transactionID.value }
    var originalTransactionID: String
    var user: UserID
    var userName: String
    var productID: String
    var productType: ProductType?
    var quantity: Int64
    var purchase: UnixMillis
    var originalPurchase: UnixMillis?
    var expires: UnixMillis?
    var cancellation: UnixMillis?
    var cancellationReason: String
    var cancellationFirstSeen: UnixMillis?
    var isTrialPeriod: Bool
    var isInIntroOfferPeriod: Bool
    var isUpgraded: Bool
    var ownershipType: String
    /// nil for an unpriced transaction (no catalog row in effect).
    var currency: Currency?
    var unitPrice: Money?
    var gross: Money?
    var proceeds: Money?
    var status: TransactionStatus
    var firstRecordID: Int64
    var recordCount: Int

    /// SPEC §8: `false` exactly when the catalog type is `consumable`.
    var refundVisible: Bool { productType != .consumable }
    /// A refund in the sense of `refunds.csv`: a cancellation that is not an upgrade.
    var isRefund: Bool { cancellation != nil && !isUpgraded }
}
