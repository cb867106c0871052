/// `subscriptions.csv` (SPEC §7, §8).
enum SubscriptionsFile {
    static let name = "subscriptions.csv"
    static let header = [
        "environment", "original_transaction_id", "user_id", "product_id", "first_purchase_date", "latest_expires_date",
        "paid_periods", "refunded_periods", "auto_renew_status", "expiration_intent", "in_billing_retry", "state",
    ]

    static func table(_ subscriptions: [Subscription]) -> CSVTable {
        var table = CSVTable(header: header)
        for s in subscriptions {
            table.append([
                .text(s.environment.rawValue), .text(s.originalTransactionID), .text(s.userName), .text(s.productID),
                .instant(s.firstPurchase), .instant(s.latestExpires), .count(s.paidPeriods), .count(s.refundedPeriods),
                .text(s.renewal?.autoRenewStatus ?? ""), .text(s.renewal?.expirationIntent ?? ""),
                s.renewal?.inBillingRetry.map { .bool($0) } ?? .empty, .text(s.state.rawValue),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }
}
