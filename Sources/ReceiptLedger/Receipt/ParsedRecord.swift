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

    /// A copy as the record holds it, with what the merge needs of a copy it has merged before
    /// (`CopyStates`, `MergeMark`), taken while the reading thread has the copy in its cache:
    /// for such a repeat the merge then leaves the copy itself alone.
    struct Copy: Sendable {
        let copy: TransactionCopy
        /// `copy.serial`.
        let serial: UInt64
        /// `copy.raisesFindings`.
        let raisesFindings: Bool

        init(_ copy: TransactionCopy) {
            self.copy = copy
            serial = copy.serial
            raisesFindings = copy.raisesFindings
        }
    }

    var outcome: Outcome
    var status: Int64?
    var transactions: [Copy] = []
    var renewals: [RenewalInfo] = []
    var anomalies: [RecordAnomaly] = []
}
