/// A transaction's identity: its `transaction_id` within one environment (SPEC §4).
struct TransactionKey: Hashable, Comparable, Sendable {
    var environment: Environment
    var transactionID: ExactString

    init(_ environment: Environment, _ transactionID: String) {
        self.environment = environment
        self.transactionID = ExactString(transactionID)
    }

    init(_ environment: Environment, _ transactionID: IDText) {
        self.environment = environment
        self.transactionID = ExactString(transactionID)
    }

    init(_ environment: Environment, _ transactionID: ExactString) {
        self.environment = environment
        self.transactionID = transactionID
    }

    static func == (lhs: TransactionKey, rhs: TransactionKey) -> Bool {
        lhs.environment == rhs.environment && lhs.transactionID == rhs.transactionID
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(environment == .production)
        hasher.combine(transactionID)
    }

    static func < (lhs: TransactionKey, rhs: TransactionKey) -> Bool {
        lhs.environment != rhs.environment ? lhs.environment < rhs.environment : lhs.transactionID < rhs.transactionID
    }

    /// The key in `<` order, as `SortKeys` bytes.
    func appendSortKey(to keys: inout SortKeys) {
        keys.append(byte: environment == .production ? 0 : 1)
        keys.append(text: transactionID.text)
    }
}
