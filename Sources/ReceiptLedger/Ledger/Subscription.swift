/// One auto-renewable subscription: (environment, original_transaction_id) over its
/// transactions, with its state at `--as-of` (SPEC §7, §8 "Subscriptions").
struct Subscription: Sendable {
    enum State: String, Sendable { case active, billingRetry = "billing_retry", cancelled, expired, refunded }

    var environment: Environment
    var originalTransactionID: String
    var userName: String
    var productID: String
    var firstPurchase: UnixMillis
    var latestExpires: UnixMillis?
    var paidPeriods: Int
    var refundedPeriods: Int
    var renewal: RenewalInfo?
    var state: State

    static func all(in transactions: [Transaction], renewals: [TransactionKey: RenewalInfo], asOf: UnixMillis?) -> [Subscription] {
        var groups: [TransactionKey: [Transaction]] = [:]
        for t in transactions where t.productType == .autoRenewable {
            groups[TransactionKey(t.environment, t.originalTransactionID), default: []].append(t)
        }
        return groups.map { key, members in
            let byPurchase = members.sorted { $0.purchase != $1.purchase ? $0.purchase < $1.purchase : $0.key < $1.key }
            let first = byPurchase[0], last = byPurchase[byPurchase.count - 1]
            let paid = byPurchase.filter { $0.status.booksSale }
            let renewal = renewals[key]
            let state: State
            if let latestPaid = paid.last, latestPaid.status == .refunded {
                state = .refunded
            } else {
                let entitledUntil = members.filter { $0.cancellation == nil }.compactMap(\.expires).max()
                if let entitledUntil, let asOf, entitledUntil > asOf {
                    state = renewal?.autoRenewIsOff == true ? .cancelled : .active
                } else {
                    state = renewal?.inBillingRetry == true ? .billingRetry : .expired
                }
            }
            return Subscription(environment: key.environment, originalTransactionID: key.transactionID.value,
                                userName: first.userName, productID: last.productID, firstPurchase: first.purchase,
                                latestExpires: members.compactMap(\.expires).max(), paidPeriods: paid.count,
                                refundedPeriods: paid.filter { $0.status == .refunded }.count, renewal: renewal, state: state)
        }
    }
}

extension RenewalInfo {
    /// `auto_renew_status` `0` (notifications send `false`).
    var autoRenewIsOff: Bool {
        guard let status = autoRenewStatus?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return status == "0" || status == "false"
    }
}
