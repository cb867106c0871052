/// `refunds.csv` (SPEC §7).
enum RefundsFile {
    static let name = "refunds.csv"
    static let header = [
        "environment", "transaction_id", "user_id", "product_id", "product_type", "purchase_date", "cancellation_date",
        "days_to_refund", "cancellation_reason", "currency", "refund_amount", "period_sold", "period_refunded",
        "unexpired_at_refund", "records_after_refund", "user_refund_count",
    ]

    static func table(_ refunds: [Refund]) -> CSVTable {
        var table = CSVTable(header: header)
        for r in refunds {
            let t = r.transaction
            table.append([
                .text(t.environment.rawValue), .text(t.transactionID), .text(t.userName), .text(t.productID),
                .text(t.productType?.rawValue ?? ""), .instant(t.purchase), .instant(r.cancellation),
                .number(MoneyFormat.plain(r.daysToRefundHundredths, minorDigits: 2)), .text(t.cancellationReason),
                .text(t.currency?.code ?? ""), .amount(t.gross), .text(r.periodSold), .text(r.periodRefunded),
                .bool(r.unexpiredAtRefund), .count(r.recordsAfterRefund), .count(r.userRefundCount),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }
}
