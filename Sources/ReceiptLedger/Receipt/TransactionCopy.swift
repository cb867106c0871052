/// One transaction as one stored answer shows it: an entry of `receipt.in_app` or of
/// `latest_receipt_info`. The journal merges the copies of all answers into one transaction.
struct TransactionCopy: Sendable {
    var transactionID: String
    var originalTransactionID: String?
    var productID: String?
    /// nil when absent (SPEC: absent means 1).
    var quantity: Int64?
    /// The quantity was present but not a positive integer up to `maximumQuantity` (`bad_quantity`, 1 used).
    var quantityIsBad: Bool
    var purchase: TimestampFieldReading
    var originalPurchase: TimestampFieldReading
    var expires: TimestampFieldReading
    var cancellation: TimestampFieldReading
    var cancellationReason: String?
    var isTrialPeriod: Bool
    var isInIntroOfferPeriod: Bool
    var isUpgraded: Bool
    var ownershipType: String?

    /// The quantity this copy books (1 when absent or bad).
    var effectiveQuantity: Int64 { quantityIsBad ? 1 : (quantity ?? 1) }

    /// The largest quantity read as given (docs/DECISIONS.md): Apple sells at most 10 units in
    /// one payment; beyond a million the value is not a purchase but damage, and its amounts
    /// could overflow the ledgers.
    static let maximumQuantity: Int64 = 1_000_000
}

extension TransactionCopy {
    /// Reads one entry; nil when it is not an object or has no `transaction_id`
    /// (`malformed_transaction`).
    init?(_ entry: JSONValue) {
        guard entry.kind == .object, let id = entry["transaction_id"]?.looseText, !id.isEmpty else { return nil }
        transactionID = id
        originalTransactionID = entry["original_transaction_id"]?.looseText
        productID = entry["product_id"]?.looseText
        quantity = nil
        quantityIsBad = false
        if let value = entry["quantity"], !value.isNull {
            if let parsed = value.looseInteger(), parsed >= 1, parsed <= Self.maximumQuantity { quantity = parsed } else { quantityIsBad = true }
        }
        purchase = entry.timestampForms("purchase_date").resolve()
        originalPurchase = entry.timestampForms("original_purchase_date").resolve()
        expires = entry.timestampForms("expires_date").resolve()
        cancellation = entry.timestampForms("cancellation_date").resolve()
        cancellationReason = entry["cancellation_reason"]?.looseText
        isTrialPeriod = entry["is_trial_period"]?.flag ?? false
        isInIntroOfferPeriod = entry["is_in_intro_offer_period"]?.flag ?? false
        isUpgraded = entry["is_upgraded"]?.flag ?? false
        ownershipType = entry["in_app_ownership_type"]?.string
    }
}

/// One `pending_renewal_info` entry, values as Apple sent them.
struct RenewalInfo: Sendable, Equatable {
    var originalTransactionID: String
    var autoRenewStatus: String?
    var expirationIntent: String?
    /// nil when the entry lacks `is_in_billing_retry_period`.
    var inBillingRetry: Bool?

    init?(_ entry: JSONValue) {
        guard entry.kind == .object, let id = entry["original_transaction_id"]?.looseText, !id.isEmpty else { return nil }
        originalTransactionID = id
        autoRenewStatus = entry["auto_renew_status"]?.looseText
        expirationIntent = entry["expiration_intent"]?.looseText
        inBillingRetry = entry["is_in_billing_retry_period"].flatMap { $0.isNull ? nil : $0.flag }
    }
}
