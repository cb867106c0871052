/// What one stored answer says, read but not yet merged: the outcome of SPEC §3 and, for an
/// accepted record, its transaction copies in reading order (`in_app` first, then
/// `latest_receipt_info`, each in array order).
struct ParsedRecord: Sendable {
    enum Outcome: Sendable {
        case accepted(environment: Environment, inferred: Bool)
        /// 21007 or 21008: no transactions, listed in `environment_check.csv`.
        case redirected(status: Int64)
        case rejected(reason: RejectionReason, detail: String)
    }

    /// A finding about the answer itself rather than one transaction (receipt-level dates,
    /// malformed entries).
    struct RecordAnomaly: Sendable {
        var kind: AnomalyKind
        var transactionID: String
        var detail: String
        /// Deduplication key beyond the record (the field name for receipt-level dates).
        var field: String
    }

    /// A copy as the record holds it, with the environment it is booked in.
    struct Copy: Sendable {
        let copy: TransactionCopy
        /// The copy's own environment (a signed transaction's, SPEC §9); nil: the record's.
        let environment: Environment?

        init(_ copy: TransactionCopy, environment: Environment? = nil) {
            self.copy = copy
            self.environment = environment
        }
    }

    var outcome: Outcome
    /// The kind of record (SPEC §9), found from the top-level keys.
    var kind: RecordKind = .receipt
    /// `status` of a receipt answer (V1: `unified_receipt.status`); nil for the signed kinds.
    var status: Int64?
    /// The notification this record is (V1, V2), for `notifications.csv`.
    var notification: NotificationEvent? {
        get { notificationBox?.event }
        set { notificationBox = newValue.map(NotificationBox.init) }
    }
    /// Behind one reference: records travel between threads by value, and nearly none is a
    /// notification.
    var notificationBox: NotificationBox?
    /// Environments whose consumable refunds this record shows Apple reports (a V2
    /// notification's, a Get Refund History answer's transactions', SPEC §9 "Consumables").
    var consumableRefundEnvironments: [Environment] = []
    var transactions: [Copy] = []
    var renewals: [RenewalInfo] = []
    var anomalies: [RecordAnomaly] = []

    final class NotificationBox: Sendable {
        let event: NotificationEvent
        init(_ event: NotificationEvent) { self.event = event }
    }
}
