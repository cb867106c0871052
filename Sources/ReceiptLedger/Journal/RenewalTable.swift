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
    /// holds the id), its texts as numbers in `texts`: a handful of values over every
    /// subscription, which the run keeps to its end (issue 26).
    private var statuses: [Codes] = []
    private var texts = ExactStringIndex()

    /// A status's texts as their number in `texts` + 1 (0: absent), the retry flag as 0
    /// (absent), 1 (false) or 2 (true): equal codes are statuses equal byte for byte, so a
    /// holder of many statuses may keep one object per code (`Subscription`).
    struct Codes: Hashable, Sendable {
        fileprivate var autoRenewStatus: UInt32
        fileprivate var expirationIntent: UInt32
        fileprivate var inBillingRetry: UInt8
    }
    /// The time of each subscription's latest info (SPEC §9: a signed info's `signedDate`, a
    /// receipt's its record's `verified_at`).
    private var times: [UnixMillis] = []

    /// Keeps `info` as the latest of its subscription in `environment` unless an info of a
    /// later time is kept already (equal times: the one read later wins, as records come in
    /// order).
    mutating func record(_ info: RenewalInfo, in environment: Environment, at time: UnixMillis) {
        if let number = index.find(environment, info.subscription) {
            guard time >= times[number] else { return }
            statuses[number] = codes(of: info)
            times[number] = time
        } else {
            let number = index.insert(environment, info.subscription)
            assert(number == statuses.count, "the index numbers subscriptions as `statuses` holds them")
            statuses.append(codes(of: info))
            times.append(time)
        }
    }

    /// The status of the latest renewal info of the subscription `key`, if any record held one.
    subscript(key: TransactionKey) -> RenewalStatus? {
        codes(of: key).map(status)
    }

    /// The codes of that status (see `Codes`).
    func codes(of key: TransactionKey) -> Codes? {
        index.find(key.environment, key.transactionID).map { statuses[$0] }
    }

    /// The status whose codes are `codes`.
    func status(_ codes: Codes) -> RenewalStatus {
        RenewalStatus(autoRenewStatus: text(codes.autoRenewStatus), expirationIntent: text(codes.expirationIntent),
                      inBillingRetry: codes.inBillingRetry == 0 ? nil : codes.inBillingRetry == 2)
    }

    private mutating func codes(of info: RenewalInfo) -> Codes {
        Codes(autoRenewStatus: code(info.autoRenewStatus), expirationIntent: code(info.expirationIntent),
              inBillingRetry: info.inBillingRetry.map { $0 ? 2 : 1 } ?? 0)
    }

    private mutating func code(_ text: String?) -> UInt32 {
        text.map { UInt32(texts.insert(ExactString($0)).number + 1) } ?? 0
    }

    private func text(_ code: UInt32) -> String? {
        code == 0 ? nil : texts.strings[Int(code) - 1]
    }

    /// How many subscriptions have renewal info.
    var count: Int { statuses.count }
}
