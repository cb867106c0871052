/// What one stored answer says, read but not yet merged: the outcome of SPEC §3 and, for an
/// accepted record, its transaction copies in reading order (`in_app` first, then
/// `latest_receipt_info`, each in array order).
struct ParsedRecord: Sendable {
    enum Outcome: Sendable {
        case accepted(environment: Environment, inferred: Bool)
        /// 21007 or 21008: no transactions, listed in `environment_check.csv`.
        case redirected(status: Int64)
        case rejected(reason: String, detail: String)
    }

    /// A finding about the answer itself rather than one transaction (receipt-level dates,
    /// malformed entries).
    struct RecordAnomaly: Sendable {
        var kind: String
        var transactionID: String
        var detail: String
        /// Deduplication key beyond the record (the field name for receipt-level dates).
        var field: String
    }

    var outcome: Outcome
    var status: Int64?
    var transactions: [TransactionCopy] = []
    var renewals: [RenewalInfo] = []
    var anomalies: [RecordAnomaly] = []
}
