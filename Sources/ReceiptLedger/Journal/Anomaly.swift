/// One row of `anomalies.csv`: a finding about a record or transaction that the books do not
/// absorb silently (SPEC §8 "Anomalies").
struct Anomaly: Sendable, Hashable {
    var kind: String
    var recordID: Int64
    var environment: Environment?
    var transactionID: String
    var user: String
    var detail: String
}

/// Anomaly kinds, in one place so that a typo cannot invent a new one.
enum AnomalyKind {
    static let badTimestamp = "bad_timestamp"
    static let timestampMismatch = "timestamp_mismatch"
    static let ambiguousPST = "ambiguous_pst"
    static let invalidPST = "invalid_pst"
    static let sharedTransaction = "shared_transaction"
    static let conflictingTransaction = "conflicting_transaction"
    static let bothEnvironments = "transaction_in_both_environments"
    static let unpricedProduct = "unpriced_product"
    static let malformedTransaction = "malformed_transaction"
    static let badQuantity = "bad_quantity"
}
