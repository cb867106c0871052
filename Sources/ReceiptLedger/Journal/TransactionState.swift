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
    /// Fixed fields, from the first copy of the earliest record; one it lacks is taken from the
    /// first later copy that has it, without a conflict (SPEC §8 Revision 2).
    var productID: String?
    var originalTransactionID: IDText?
    /// nil while no copy gave a quantity (`quantity: null` counts as absent); 1 when bad.
    var givenQuantity: Int64?
    /// The quantity booked (SPEC: absent means 1).
    var quantity: Int64 { givenQuantity ?? 1 }
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
    /// `cancellation_before_purchase` was raised (once per transaction).
    var cancellationBeforePurchaseRaised = false
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
        givenQuantity = copy.givenQuantity
    }

    /// Merges one copy; returns the fields that disagree with the fixed fields
    /// (for `conflicting_transaction`), empty when none. The record is counted by the
    /// builder's `MergeMark`.
    func merge(_ copy: TransactionCopy, from source: Source) -> [String] {
        noteUser(source)
        var conflicts: [String] = []
        // An absent id is not a disagreement (old answers omit some); two different ids are.
        if let product = copy.productID {
            if let fixed = productID {
                if !product.hasSameUTF8(as: fixed) { conflicts.append("product_id \(product) vs \(fixed)") }
            } else {
                productID = product
            }
        }
        if let original = copy.originalTransactionID {
            if let fixed = originalTransactionID {
                if original != fixed { conflicts.append("original_transaction_id \(original) vs \(fixed)") }
            } else {
                originalTransactionID = original
            }
        }
        if let given = copy.givenQuantity {
            if let fixed = givenQuantity {
                if given != fixed { conflicts.append("quantity \(given) vs \(fixed)") }
            } else {
                givenQuantity = given
            }
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
        // The latest readable expiry (SPEC §8 Revision 2): Apple extends renewal dates.
        if let expiry = copy.expires.instant { expires = expiry }
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

    /// Whether `cancellation_before_purchase` is to be raised now (SPEC §8 Revision 2): the
    /// cancellation just merged is earlier than the purchase instant, and none was raised
    /// before. The refund stands.
    func takeCancellationBeforePurchase() -> Bool {
        guard !cancellationBeforePurchaseRaised, let cancellation, let purchase, cancellation < purchase else { return false }
        cancellationBeforePurchaseRaised = true
        return true
    }

    /// Notes the record's user when it is not the owner (for `shared_transaction`).
    func noteUser(_ source: Source) {
        if source.user != first.user, otherUsers[source.user] == nil {
            otherUsers[source.user] = source.recordID
            otherUserOrder.append(source.user)
        }
    }
}
