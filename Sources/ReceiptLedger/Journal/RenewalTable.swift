/// The latest renewal info per subscription (environment, `original_transaction_id`), as the
/// merge meets it: once for every `pending_renewal_info` entry of every record.
///
/// Subscriptions are numbered by a `TransactionIndex`, which finds an id by the fingerprint its
/// reader computed, so that the merge never hashes a key again (as a `Dictionary` keyed by
/// `TransactionKey` would, with SipHash).
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › RenewalTable.
struct RenewalTable: Sendable {
    private var index = TransactionIndex()
    /// The latest info's status of each subscription, by its number in `index` (the index
    /// holds the id).
    private var statuses: [RenewalStatus] = []
    /// The time of each subscription's latest info (SPEC §9: a signed info's `signedDate`, a
    /// receipt's its record's `verified_at`).
    private var times: [UnixMillis] = []

    /// Keeps `info` as the latest of its subscription in `environment` unless an info of a
    /// later time is kept already (equal times: the one read later wins, as records come in
    /// order).
    mutating func record(_ info: RenewalInfo, in environment: Environment, at time: UnixMillis) {
        if let number = index.find(environment, info.subscription) {
            guard time >= times[number] else { return }
            statuses[number] = info.status
            times[number] = time
        } else {
            let number = index.insert(environment, info.subscription)
            assert(number == statuses.count, "the index numbers subscriptions as `statuses` holds them")
            statuses.append(info.status)
            times.append(time)
        }
    }

    /// The status of the latest renewal info of the subscription `key`, if any record held one.
    subscript(key: TransactionKey) -> RenewalStatus? {
        index.find(key.environment, key.transactionID).map { statuses[$0] }
    }

    /// How many subscriptions have renewal info.
    var count: Int { statuses.count }
}
