/// One transaction as one stored answer shows it: an entry of `receipt.in_app` or of
/// `latest_receipt_info`. The journal merges the copies of all answers into one transaction.
///
/// Immutable and shared by reference (a journal's transaction keeps its first copy).
final class TransactionCopy: Sendable {
    /// The `transaction_id`, with its hash computed by the reader (in parallel) for the merge.
    let id: ExactString
    var transactionID: String { id.value }
    let originalTransactionID: IDText?
    let productID: String?
    /// nil when absent (SPEC: absent means 1).
    let quantity: Int64?
    /// The quantity was present but not a positive integer up to `maximumQuantity` (`bad_quantity`, 1 used).
    let quantityIsBad: Bool
    let purchase: TimestampFieldReading
    let originalPurchase: TimestampFieldReading
    let expires: TimestampFieldReading
    let cancellation: TimestampFieldReading
    let cancellationReason: String?
    let isTrialPeriod: Bool
    let isInIntroOfferPeriod: Bool
    let isUpgraded: Bool
    let ownershipType: String?
    /// What a signed copy says beyond a receipt's (SPEC §9); nil for a receipt copy. A signed
    /// copy's `cancellation` is its `revocationDate`, its `cancellationReason` its `revocationReason`.
    var signed: SignedTransactionFields? { signedFields?.fields }
    /// Behind one reference, so that a receipt copy (nearly every copy a run holds) carries a
    /// nil pointer rather than the signed fields' room.
    private let signedFields: SignedFieldsBox?

    init(transactionID: IDText, originalTransactionID: IDText?, productID: String?, quantity: Int64?, quantityIsBad: Bool,
         purchase: TimestampFieldReading, originalPurchase: TimestampFieldReading, expires: TimestampFieldReading,
         cancellation: TimestampFieldReading, cancellationReason: String?, isTrialPeriod: Bool, isInIntroOfferPeriod: Bool,
         isUpgraded: Bool, ownershipType: String?, signed: SignedTransactionFields? = nil) {
        id = ExactString(transactionID)
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.quantity = quantity
        self.quantityIsBad = quantityIsBad
        self.purchase = purchase
        self.originalPurchase = originalPurchase
        self.expires = expires
        self.cancellation = cancellation
        self.cancellationReason = cancellationReason
        self.isTrialPeriod = isTrialPeriod
        self.isInIntroOfferPeriod = isInIntroOfferPeriod
        self.isUpgraded = isUpgraded
        self.ownershipType = ownershipType
        signedFields = signed.map(SignedFieldsBox.init)
    }

    /// Whether merging this copy can raise a finding of its own (a bad quantity, a date field
    /// with a timestamp finding); nearly all copies raise none.
    var hasFindingsOfItsOwn: Bool {
        quantityIsBad || purchase.hasFindings || originalPurchase.hasFindings || expires.hasFindings || cancellation.hasFindings
    }

    /// Whether the copy is a signed transaction (SPEC §9).
    var isSigned: Bool { signedFields != nil }

    /// `signed?.signedDate`, read without copying the signed fields (the merge asks it of
    /// every copy).
    var signedDate: UnixMillis? { signedFields?.fields.signedDate }

    private final class SignedFieldsBox: Sendable {
        let fields: SignedTransactionFields
        init(_ fields: SignedTransactionFields) { self.fields = fields }
    }

    /// The quantity this copy books (1 when absent or bad).
    var effectiveQuantity: Int64 { quantityIsBad ? 1 : (quantity ?? 1) }

    /// The quantity this copy gives as a fixed field: nil when absent (or `null`), 1 when bad.
    var givenQuantity: Int64? { quantityIsBad ? 1 : quantity }

    /// The largest quantity read as given (docs/DECISIONS.md): Apple sells at most 10 units in
    /// one payment; beyond a million the value is not a purchase but damage, and its amounts
    /// could overflow the ledgers.
    static let maximumQuantity: Int64 = 1_000_000

}

extension TransactionCopy {
    /// Reads one entry; nil when it is not an object or has no `transaction_id`
    /// (`malformed_transaction`).
    static func read(_ entry: JSONValue) -> TransactionCopy? {
        var found = [Int](repeating: -1, count: keys.count)
        var texts = CopyTexts()
        return found.withUnsafeMutableBufferPointer { found in
            entry.document.withView { read($0, entry.index, found: found, texts: &texts) }
        }
    }

    /// Reads the entry at tape index `entry`, its members picked out in one pass (`found` is
    /// scratch space of `keys.count` slots); texts met before are taken from `texts`.
    static func read(_ view: JSONView, _ entry: Int, found: UnsafeMutableBufferPointer<Int>,
                     texts: inout CopyTexts) -> TransactionCopy? {
        guard view.kind(entry) == .object else { return nil }
        view.find(keys, in: entry, into: found)
        func value(_ key: Int) -> Int? { found[key] < 0 ? nil : found[key] }
        func forms(_ field: TimestampKeyPositions) -> TimestampKeyPositions {
            TimestampKeyPositions(ms: found[field.ms], text: found[field.text], formatted: found[field.formatted],
                                  pst: found[field.pst], formattedPST: found[field.formattedPST])
        }
        guard let idValue = value(Key.transactionID), let id = view.looseID(idValue), !id.isEmpty else { return nil }
        var quantity: Int64?
        var quantityIsBad = false
        if let quantityValue = value(Key.quantity), view.kind(quantityValue) != .null {
            if let parsed = view.quantityInteger(quantityValue), parsed >= 1, parsed <= Self.maximumQuantity { quantity = parsed } else { quantityIsBad = true }
        }
        let originalTransactionID = value(Key.originalTransactionID).flatMap {
            view.looseID($0, reusing: id, or: texts.latestOriginalTransactionID)
        }
        if originalTransactionID != nil { texts.latestOriginalTransactionID = originalTransactionID }
        return TransactionCopy(
            transactionID: id,
            originalTransactionID: originalTransactionID,
            productID: value(Key.productID).flatMap { view.looseText($0, pooledIn: &texts.products) },
            quantity: quantity, quantityIsBad: quantityIsBad,
            purchase: view.timestamp(forms(Key.purchase)),
            originalPurchase: view.timestamp(forms(Key.originalPurchase)),
            expires: view.timestamp(forms(Key.expires)),
            cancellation: view.timestamp(forms(Key.cancellation)),
            cancellationReason: value(Key.cancellationReason).flatMap(view.rawText),
            isTrialPeriod: value(Key.isTrialPeriod).map(view.flag) ?? false,
            isInIntroOfferPeriod: value(Key.isInIntroOfferPeriod).map(view.flag) ?? false,
            isUpgraded: value(Key.isUpgraded).map(view.flag) ?? false,
            ownershipType: value(Key.ownershipType).flatMap(view.string))  // only text counts (DECISIONS.md)
    }

    /// The members a copy is read from, by position in `keys`.
    enum Key {
        static let transactionID = 0, originalTransactionID = 1, productID = 2, quantity = 3
        static let cancellationReason = 4, isTrialPeriod = 5, isInIntroOfferPeriod = 6, isUpgraded = 7, ownershipType = 8
        static let purchase = TimestampKeyPositions(startingAt: 9)
        static let originalPurchase = TimestampKeyPositions(startingAt: 14)
        static let expires = TimestampKeyPositions(startingAt: 19)
        static let cancellation = TimestampKeyPositions(startingAt: 24)
    }

    static let keys = JSONKeySet([
        "transaction_id", "original_transaction_id", "product_id", "quantity",
        "cancellation_reason", "is_trial_period", "is_in_intro_offer_period", "is_upgraded", "in_app_ownership_type",
    ] + TimestampKeyPositions.keys(of: "purchase_date") + TimestampKeyPositions.keys(of: "original_purchase_date")
      + TimestampKeyPositions.keys(of: "expires_date") + TimestampKeyPositions.keys(of: "cancellation_date"))
}

/// One `pending_renewal_info` entry, values as Apple sent them.
struct RenewalInfo: Sendable, Equatable {
    /// The subscription, with its hash computed by the reader (for the merge's dictionary).
    var subscription: ExactString
    var originalTransactionID: String { subscription.value }
    var autoRenewStatus: String?
    var expirationIntent: String?
    /// nil when the entry lacks `is_in_billing_retry_period`.
    var inBillingRetry: Bool?
    /// A signed renewal info's `signedDate` (SPEC §9: the latest by it gives the renewal
    /// columns); nil for a receipt's entry, whose time is its record's `verified_at`.
    var signedDate: UnixMillis?
    /// A signed renewal info's environment (SPEC §9); nil: the record's.
    var environment: Environment?

    init?(_ entry: JSONValue) {
        guard let info = entry.document.withView({ RenewalInfo($0, entry.index) }) else { return nil }
        self = info
    }

    init(subscription: String, autoRenewStatus: String?, expirationIntent: String?, inBillingRetry: Bool?, signedDate: UnixMillis? = nil,
         environment: Environment? = nil) {
        self.environment = environment
        self.subscription = ExactString(subscription)
        self.autoRenewStatus = autoRenewStatus
        self.expirationIntent = expirationIntent
        self.inBillingRetry = inBillingRetry
        self.signedDate = signedDate
    }

    /// An entry without `original_transaction_id`, for the subscription named (SPEC §9: it
    /// applies to the subscriptions of its `product_id`).
    init?(_ view: JSONView, _ entry: Int, subscription: String) {
        guard view.kind(entry) == .object else { return nil }
        var slots = (-1, -1, -1, -1)
        withUnsafeMutableBytes(of: &slots) { raw in
            view.find(Self.keys, in: entry, into: raw.bindMemory(to: Int.self))
        }
        let (_, autoRenew, intent, retry) = slots
        self.init(subscription: subscription, autoRenewStatus: autoRenew < 0 ? nil : view.rawText(autoRenew),
                  expirationIntent: intent < 0 ? nil : view.rawText(intent),
                  inBillingRetry: retry < 0 || view.kind(retry) == .null ? nil : view.flag(retry))
    }

    init?(_ view: JSONView, _ entry: Int) {
        guard view.kind(entry) == .object else { return nil }
        var slots = (-1, -1, -1, -1)  // one per key of `keys`, on the stack
        withUnsafeMutableBytes(of: &slots) { raw in
            view.find(Self.keys, in: entry, into: raw.bindMemory(to: Int.self))
        }
        let (id, autoRenew, intent, retry) = slots
        guard id >= 0, let idText = view.looseID(id), !idText.isEmpty else { return nil }
        subscription = ExactString(idText)
        autoRenewStatus = autoRenew < 0 ? nil : view.rawText(autoRenew)
        expirationIntent = intent < 0 ? nil : view.rawText(intent)
        inBillingRetry = retry < 0 || view.kind(retry) == .null ? nil : view.flag(retry)
    }

    static let keys = JSONKeySet(["original_transaction_id", "auto_renew_status", "expiration_intent", "is_in_billing_retry_period"])

    /// What the reports take from it (SPEC §7 subscriptions).
    var status: RenewalStatus {
        RenewalStatus(autoRenewStatus: autoRenewStatus, expirationIntent: expirationIntent, inBillingRetry: inBillingRetry)
    }
}

/// What the reports take from a subscription's latest renewal info, values as Apple sent them:
/// without the subscription's id and the info's time, which the table and the subscription
/// keep once (a run holds one per subscription: issue 26).
struct RenewalStatus: Sendable, Equatable {
    var autoRenewStatus: String?
    var expirationIntent: String?
    /// nil when the entry lacks `is_in_billing_retry_period`.
    var inBillingRetry: Bool?
}
