/// What the journal knows about one transaction while records stream past, in
/// (`verified_at`, `id`) order. SPEC §4 and §8 "Transactions" are applied copy by copy here.
///
/// A class, so that the merge updates a state where it is and booking reads it without
/// copying its strings. `@unchecked Sendable`: only the merging thread changes a state, and
/// `JournalBuilder.finish` reads the finished states from two threads.
final class TransactionState: @unchecked Sendable {
    /// The record a copy came from.
    struct Source {
        var rank: Int
        var recordID: Int64
        var verifiedAt: UnixMillis
        var user: UserID
    }

    let key: TransactionKey
    /// The earliest record holding the transaction: its user owns it.
    let first: Source
    /// Fixed fields, from the first copy of the earliest record.
    var productID: String?
    var originalTransactionID: IDText?
    var quantity: Int64
    /// The first readable purchase instant (SPEC §8: used without conflict when the earliest
    /// copy's is unreadable).
    var purchase: UnixMillis?
    var originalPurchase: UnixMillis?
    var expires: UnixMillis?
    var ownershipType: String?
    var cancellation: UnixMillis?
    var cancellationReason: String?
    /// `verified_at` of the earliest record showing a readable cancellation.
    var cancellationFirstSeen: UnixMillis?
    var isTrialPeriod = false
    var isInIntroOfferPeriod = false
    var isUpgraded = false
    /// Users other than the owner whose records hold it, with their earliest record.
    var otherUsers: [UserID: Int64] = [:]
    var otherUserOrder: [UserID] = []

    init(key: TransactionKey, first: Source, copy: TransactionCopy) {
        self.key = key
        self.first = first
        productID = copy.productID
        originalTransactionID = copy.originalTransactionID
        quantity = copy.effectiveQuantity
    }

    /// Merges one copy; returns the fields that disagree with the fixed fields
    /// (for `conflicting_transaction`), empty when none. The record is counted by the
    /// builder's `MergeMark`.
    func merge(_ copy: TransactionCopy, from source: Source) -> [String] {
        noteUser(source)
        var conflicts: [String] = []
        // An absent id is not a disagreement (old answers omit some); two different ids are.
        if let product = copy.productID, let fixed = productID, !product.hasSameUTF8(as: fixed) {
            conflicts.append("product_id \(product) vs \(fixed)")
        }
        if let original = copy.originalTransactionID, let fixed = originalTransactionID, original != fixed {
            conflicts.append("original_transaction_id \(original) vs \(fixed)")
        }
        if copy.effectiveQuantity != quantity {
            conflicts.append("quantity \(copy.effectiveQuantity) vs \(quantity)")
        }
        if let instant = copy.purchase.instant {
            if let purchase {
                if abs(instant.rawValue - purchase.rawValue) >= 1000 {
                    conflicts.append("purchase_date \(instant.iso8601) vs \(purchase.iso8601)")
                }
            } else {
                purchase = instant
            }
        }
        if originalPurchase == nil { originalPurchase = copy.originalPurchase.instant }
        if expires == nil { expires = copy.expires.instant }
        if ownershipType == nil, let ownership = copy.ownershipType, !ownership.isEmpty { ownershipType = ownership }
        if let cancelled = copy.cancellation.instant {
            cancellation = cancelled
            cancellationReason = copy.cancellationReason
            if cancellationFirstSeen == nil { cancellationFirstSeen = source.verifiedAt }
        }
        isTrialPeriod = isTrialPeriod || copy.isTrialPeriod
        isInIntroOfferPeriod = isInIntroOfferPeriod || copy.isInIntroOfferPeriod
        isUpgraded = isUpgraded || copy.isUpgraded
        return conflicts
    }

    /// Notes the record's user when it is not the owner (for `shared_transaction`).
    func noteUser(_ source: Source) {
        if source.user != first.user, otherUsers[source.user] == nil {
            otherUsers[source.user] = source.recordID
            otherUserOrder.append(source.user)
        }
    }
}
