/// `subscriptions.csv` (SPEC §7, §8).
enum SubscriptionsFile {
    static let name = "subscriptions.csv"
    static let columns: [ReportColumn] = [
        .text("environment"), .text("original_transaction_id"), .text("user_id"), .text("product_id"),
        .instant("first_purchase_date"), .instant("latest_expires_date"), .integer("paid_periods"), .integer("refunded_periods"),
        .text("auto_renew_status"), .text("expiration_intent"), .boolean("in_billing_retry"), .text("state"),
    ]
    static let header = columns.map(\.name)

    /// The file for `ReportRun`: one subscription per (environment, original_transaction_id),
    /// the file's key, so ordered by that key the rows are in file order and are streamed.
    static func csv(_ subscriptions: [Subscription]) -> ReportCSV {
        let order = keyOrder(subscriptions)
        return .streamed(columns: columns, count: order.count) { range, rows in
            for index in order[range] { appendRow(subscriptions[index], to: &rows) }
        }
    }

    /// The same rows as cells, sorted by the file's key: the slow path tests compare with.
    static func cellTable(_ subscriptions: [Subscription]) -> CSVTable {
        var table = CSVTable(header: header)
        for s in subscriptions {
            table.append([
                .text(s.environment.rawValue), .text(s.originalTransactionID.string), .text(s.userName), .text(s.productID),
                .instant(s.firstPurchase), .instant(s.latestExpires), .count(s.paidPeriods), .count(s.refundedPeriods),
                .text(s.renewal?.autoRenewStatus ?? ""), .text(s.renewal?.expirationIntent ?? ""),
                s.renewal?.inBillingRetry.map { .bool($0) } ?? .empty, .text(s.state.rawValue),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }

    private static func keyOrder(_ subscriptions: [Subscription]) -> [Int] {
        var keys = SortKeys(reservingBytes: subscriptions.count * 20, keys: subscriptions.count)
        for s in subscriptions {
            TransactionKey(s.environment, s.originalTransactionID).appendSortKey(to: &keys)
            keys.endKey()
        }
        return keys.order()
    }

    private static func appendRow(_ s: Subscription, to rows: inout CSVRowWriter) {
        rows.text(s.environment.rawValue)
        rows.text(s.originalTransactionID)
        rows.text(s.userName)
        rows.text(s.productID)
        rows.instant(s.firstPurchase)
        rows.instant(s.latestExpires)
        rows.count(s.paidPeriods)
        rows.count(s.refundedPeriods)
        rows.text(s.renewal?.autoRenewStatus ?? "")
        rows.text(s.renewal?.expirationIntent ?? "")
        if let retry = s.renewal?.inBillingRetry { rows.bool(retry) } else { rows.empty() }
        rows.text(s.state.rawValue)
        rows.endRow()
    }
}
