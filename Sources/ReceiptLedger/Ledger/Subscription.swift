/// One auto-renewable subscription: (environment, original_transaction_id) over its
/// transactions, with its state at `--as-of` (SPEC §7, §8 "Subscriptions").
struct Subscription: Sendable {
    enum State: String, Sendable, CaseIterable { case active, billingRetry = "billing_retry", cancelled, expired, refunded }

    var environment: Environment
    var originalTransactionID: IDText
    var userName: String
    var productID: String
    var firstPurchase: UnixMillis
    var latestExpires: UnixMillis?
    var paidPeriods: Int
    var refundedPeriods: Int
    var renewal: RenewalInfo?
    var state: State

    /// Every subscription, in key order (environment, original_transaction_id).
    static func all(in transactions: [Transaction], renewals: RenewalTable, asOf: UnixMillis?) -> [Subscription] {
        // One sort groups the transactions by subscription, each group by purchase (then by
        // key): no dictionary of arrays, no sort per subscription.
        let renewable = transactions.filter { $0.productType == .autoRenewable }
        var keys = SortKeys(reservingBytes: renewable.count * 40, keys: renewable.count)
        for t in renewable {
            keys.append(byte: t.environment == .production ? 0 : 1)
            keys.append(text: subscriptionID(of: t))
            keys.append(integer: t.purchase.rawValue)
            keys.append(text: t.key.transactionID.text)
            keys.endKey()
        }
        let byPurchase = keys.order().map { renewable[$0] }
        var subscriptions: [Subscription] = []
        var start = 0
        while start < byPurchase.count {
            let first = byPurchase[start]
            var end = start + 1
            while end < byPurchase.count, byPurchase[end].environment == first.environment,
                  subscriptionID(of: byPurchase[end]) == subscriptionID(of: first) {
                end += 1
            }
            let key = TransactionKey(first.environment, subscriptionID(of: first))
            subscriptions.append(subscription(key, byPurchase: byPurchase[start..<end], renewal: renewals[key], asOf: asOf))
            start = end
        }
        return subscriptions
    }

    /// The id a transaction's subscription is keyed by: its `original_transaction_id`, else its
    /// own `transaction_id` (SPEC §8 Revision 2), so that customers are never merged under an
    /// empty key.
    static func subscriptionID(of t: Transaction) -> IDText {
        t.originalTransactionID.isEmpty ? t.key.transactionID.text : t.originalTransactionID
    }

    /// The subscription of `members`, its transactions ordered by purchase, then by key.
    private static func subscription(_ key: TransactionKey, byPurchase members: ArraySlice<Transaction>, renewal: RenewalInfo?,
                                     asOf: UnixMillis?) -> Subscription {
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
        return Subscription(environment: key.environment, originalTransactionID: key.transactionID.text, userName: first.userName,
                            productID: last.productID, firstPurchase: first.purchase, latestExpires: latestExpires,
                            paidPeriods: paidPeriods, refundedPeriods: refundedPeriods, renewal: renewal, state: state)
    }
}

extension RenewalInfo {
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
