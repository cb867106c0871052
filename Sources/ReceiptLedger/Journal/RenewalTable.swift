/// The latest renewal info per subscription (environment, `original_transaction_id`), as the
/// merge meets it: once for every `pending_renewal_info` entry of every record.
///
/// Subscriptions are numbered by a `TransactionIndex`, which finds an id by the fingerprint its
/// reader computed, so that the merge never hashes a key again (as a `Dictionary` keyed by
/// `TransactionKey` would, with SipHash).
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › RenewalTable.
struct RenewalTable: Sendable {
    private var index = TransactionIndex()
    /// The latest info of each subscription, by its number in `index`.
    private var infos: [RenewalInfo] = []

    /// Keeps `info` as the latest of its subscription in `environment`.
    mutating func record(_ info: RenewalInfo, in environment: Environment) {
        if let number = index.find(environment, info.subscription) {
            infos[number].takeStatus(of: info)
        } else {
            let number = index.insert(environment, info.subscription)
            assert(number == infos.count, "the index numbers subscriptions as `infos` holds them")
            infos.append(info)
        }
    }

    /// The latest renewal info of the subscription `key`, if any record held one.
    subscript(key: TransactionKey) -> RenewalInfo? {
        index.find(key.environment, key.transactionID).map { infos[$0] }
    }

    /// How many subscriptions have renewal info.
    var count: Int { infos.count }
}
