/// One App Store transaction as the demo world knows it; every answer that shows it renders
/// it from these fields, so its copies repeat verbatim until something (a refund) changes.
struct DemoTransaction {
    var account: Int32
    var transactionID: String
    var originalTransactionID: String
    var product: DemoProduct
    var purchase: Int64
    var originalPurchase: Int64
    var expires: Int64?
    var quantity: Int = 1
    var webOrderLineItemID: String?
    var isTrial = false
    /// Apple often marks a trial only in the `latest_receipt_info` copy.
    var trialMarkedInInApp = true
    var isIntro = false
    var familyShared = false
    /// A refund, or the end of a period cut short by an upgrade; shown from this instant on.
    var cancellation: Int64?
    var cancellationReason: String?
    /// Apple undid the refund at this instant (`REFUND_REVERSED`): signed copies signed later
    /// carry no revocation.
    var reversal: Int64?
    /// `revocationType` of signed copies (`REFUND_FULL` when nil); `FAMILY_REVOKE` is no refund.
    var revocationType: String?
    /// `revocationPercentage` in milliunits (50000 = 50 %) of a `REFUND_PRORATED` refund.
    var revocationPercentage: Int64?
    /// Only the `latest_receipt_info` copy says `is_upgraded` (Apple's habit).
    var isUpgraded = false
    var dateForms: DemoDateForms = .all
    /// What the app's own `orders` table does with it.
    var delivery: DemoDelivery = .automatic
    /// Numbers the transaction's random stream in the order book: receipt-era transactions
    /// count on their own, so adding signed customers never reshuffles their orders.
    var stream: UInt64 = 0

    var isSubscription: Bool { product.isAutoRenewable }
}

/// Which forms of each date a transaction carries.
enum DemoDateForms: Equatable {
    case all
    /// Only `X_pst`; `wall` replaces the computed purchase text (a wall time skipped in spring).
    case pacificOnly(wall: String?)
    /// `purchase_date` text `shift` ms away from `purchase_date_ms` (timestamp_mismatch).
    case shiftedText(shift: Int64)
}

/// The app's deliveries (`orders`) of one transaction.
enum DemoDelivery: Equatable {
    /// Delivered after the first answer that shows it; refunds revoked by the seeded odds.
    case automatic
    /// Never delivered (paid, not given).
    case none
    /// Delivered; never revoked, even after a refund.
    case keep
    /// Delivered; revoked this long after the cancellation.
    case revoke(after: Int64)
    /// Delivered twice, the second time `gap` ms after the first.
    case twice(gap: Int64)
}

/// A subscription's renewal state as `pending_renewal_info` reports it over time.
struct DemoRenewal {
    var originalTransactionID: String
    /// When the customer (or Apple, after a refund or failed billing) turned auto-renew off.
    var autoRenewOff: Int64?
    /// The expiry after which no paid period follows.
    var end: Int64?
    /// Apple: 1 cancelled, 2 billing error, 3 price increase refused, 4 unavailable, 5 unknown.
    var expirationIntent: String?
    /// Apple keeps retrying the charge until this instant (`is_in_billing_retry_period` "1").
    var retryUntil: Int64?
}
