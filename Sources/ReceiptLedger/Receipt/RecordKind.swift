/// The kinds of stored record of SPEC §9, found from the response's top-level keys: every
/// format Apple has sent can sit in the same `response` column, and each is read into the same
/// transaction copies.
enum RecordKind: String, Sendable, CaseIterable {
    /// A verifyReceipt answer (`status`), iOS 6 receipts included.
    case receipt
    /// An App Store Server Notification V1 (`notification_type`).
    case notificationV1 = "notification_v1"
    /// An App Store Server Notification V2 (`signedPayload`, or a decoded payload with `notificationType`).
    case notificationV2 = "notification_v2"
    /// An App Store Server API answer (`signedTransactions`, `signedTransactionInfo`, or `data` with `lastTransactions`).
    case serverAPI = "server_api"
    /// One signed transaction: a JWS string, or its decoded payload (`transactionId` and `signedDate`).
    case signedTransaction = "signed_transaction"
}
