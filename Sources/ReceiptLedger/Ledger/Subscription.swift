/// One auto-renewable subscription: (environment, original_transaction_id) over its
/// transactions, with its state at `--as-of` (SPEC §7, §8 "Subscriptions").
struct Subscription: Sendable {
    enum State: String, Sendable, CaseIterable { case active, billingRetry = "billing_retry", cancelled, expired, refunded }

    // Stored in this order, small counts and one shared renewal status: 88 bytes where the
    // plain fields took 144, and a run holds every subscription to its end (issue 26).
    let originalTransactionID: IDText
    let environment: Environment
    let state: State
    private let paidCount: Int32
    private let refundedCount: Int32
    let userName: String
    let productID: String
    let firstPurchase: UnixMillis
    /// `Int64.min` for none (no instant read is).
    private let latestExpiresMillis: Int64
    /// The renewal status, one object for each distinct status (a handful over every
    /// subscription).
    private let renewalStatus: SharedRenewalStatus?

    var paidPeriods: Int { Int(paidCount) }
    var refundedPeriods: Int { Int(refundedCount) }
    var latestExpires: UnixMillis? { latestExpiresMillis == Int64.min ? nil : UnixMillis(latestExpiresMillis) }
    var renewal: RenewalStatus? { renewalStatus?.status }

    /// One renewal status, shared by the subscriptions whose statuses are equal byte for byte
    /// (`RenewalTable.Codes`).
    final class SharedRenewalStatus: Sendable {
        let status: RenewalStatus
        init(_ status: RenewalStatus) { self.status = status }
    }

    /// Every subscription, in key order (environment, original_transaction_id).
    static func all(in transactions: TransactionList, renewals: RenewalTable, asOf: UnixMillis?) -> [Subscription] {
        // One sort groups the transactions by subscription, each group by purchase (then by
        // key): no dictionary of arrays, no sort per subscription. Each subscription is
        // numbered as met and ranked in key order once; the sort holds a rank, a purchase and
        // a position per transaction, not byte keys (a run holds the sort beside the ledgers
        // being built), and one subscription's transactions are taken at a time, so that a
        // journal kept apart from
        // its objects stays so. Within a subscription (one environment) the journal's order is
        // `transaction_id` order, so the position breaks ties as the key would.
        var numbers = TransactionIndex()
        var entries: [(rank: UInt32, purchase: Int64, position: UInt32)] = []
        // Room for every transaction: the pages no entry reaches are never touched, and the
        // entries are never held twice while a doubling copies them.
        entries.reserveCapacity(transactions.count)
        for (position, t) in zip(transactions.indices, transactions) where t.productType == .autoRenewable {
            let id = ExactString(subscriptionID(of: t))
            let number = numbers.find(t.environment, id) ?? numbers.insert(t.environment, id)
            entries.append((UInt32(number), t.purchase.rawValue, UInt32(position)))
        }
        var keys = SortKeys(reservingBytes: numbers.count * 20, keys: numbers.count)
        for number in 0..<numbers.count {
            numbers.key(number).appendSortKey(to: &keys)
            keys.endKey()
        }
        var rankOfNumber = [UInt32](repeating: 0, count: numbers.count)
        for (rank, number) in keys.order().enumerated() { rankOfNumber[number] = UInt32(rank) }
        for index in entries.indices { entries[index].rank = rankOfNumber[Int(entries[index].rank)] }
        entries.sort { ($0.rank, $0.purchase, $0.position) < ($1.rank, $1.purchase, $1.position) }
        var subscriptions: [Subscription] = []
        subscriptions.reserveCapacity(numbers.count)
        var members: [Transaction] = []
        // One object per status, by the table's codes: statuses equal byte for byte.
        var sharedStatuses: [RenewalTable.Codes: SharedRenewalStatus] = [:]
        func addSubscription() {
            guard let first = members.first else { return }
            let key = TransactionKey(first.environment, subscriptionID(of: first))
            let renewal = renewals.codes(of: key).map { codes in
                if let shared = sharedStatuses[codes] { return shared }
                let shared = SharedRenewalStatus(renewals.status(codes))
                sharedStatuses[codes] = shared
                return shared
            }
            subscriptions.append(subscription(key, byPurchase: members[...], renewal: renewal, asOf: asOf))
            members.removeAll(keepingCapacity: true)
        }
        for entry in entries {
            let t = transactions[Int(entry.position)]
            if let first = members.first, first.environment != t.environment || subscriptionID(of: first) != subscriptionID(of: t) {
                addSubscription()
            }
            members.append(t)
        }
        addSubscription()
        return subscriptions
    }

    /// The id a transaction's subscription is keyed by: its `original_transaction_id`, else its
    /// own `transaction_id` (SPEC §8 Revision 2), so that customers are never merged under an
    /// empty key.
    static func subscriptionID(of t: Transaction) -> IDText {
        t.originalTransactionID.isEmpty ? t.key.transactionID.text : t.originalTransactionID
    }

    /// The subscription of `members`, its transactions ordered by purchase, then by key.
    private static func subscription(_ key: TransactionKey, byPurchase members: ArraySlice<Transaction>,
                                     renewal shared: SharedRenewalStatus?, asOf: UnixMillis?) -> Subscription {
        let renewal = shared?.status
        var latestPaid: Transaction?
        var paidPeriods = 0, refundedPeriods = 0
        var latestExpires: UnixMillis?, entitledUntil: UnixMillis?
        for t in members {
            if t.status.booksSale {
                latestPaid = t
                paidPeriods += 1
                if t.status == .refunded { refundedPeriods += 1 }
            }
            if let expires = t.expires {
                latestExpires = max(latestExpires ?? expires, expires)
                if t.cancellation == nil { entitledUntil = max(entitledUntil ?? expires, expires) }
            }
        }
        let state: State
        if let latestPaid, latestPaid.status == .refunded {
            state = .refunded
        } else if let entitledUntil, let asOf, entitledUntil > asOf {
            state = renewal?.autoRenewIsOff == true ? .cancelled : .active
        } else {
            state = renewal?.inBillingRetry == true ? .billingRetry : .expired
        }
        let first = members[members.startIndex], last = members[members.endIndex - 1]
        return Subscription(originalTransactionID: key.transactionID.text, environment: key.environment, state: state,
                            paidCount: Int32(paidPeriods), refundedCount: Int32(refundedPeriods), userName: first.userName,
                            productID: last.productID, firstPurchase: first.purchase,
                            latestExpiresMillis: latestExpires?.rawValue ?? Int64.min, renewalStatus: shared)
    }
}

extension RenewalStatus {
    /// `auto_renew_status` `0` (notifications send `false`).
    var autoRenewIsOff: Bool {
        guard let status = autoRenewStatus else { return false }
        // The values Apple sends are answered without Foundation's trimming, which costs more
        // than the rest of a subscription; any other text is trimmed and lower-cased first.
        switch status {
        case "0", "false": return true
        case "1", "true": return false
        default:
            let plain = status.trimmingCharacters(in: .whitespaces).lowercased()
            return plain == "0" || plain == "false"
        }
    }
}
