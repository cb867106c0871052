/// One row of `anomalies.csv`: a finding about a record or transaction that the books do not
/// absorb silently (SPEC §8 "Anomalies").
struct Anomaly: Sendable, Hashable {
    var kind: AnomalyKind
    var recordID: Int64
    var environment: Environment?
    var transactionID: String
    var user: String
    var detail: String
}
