/// `refunds.csv` (SPEC §7).
enum RefundsFile {
    static let name = "refunds.csv"
    static let columns: [ReportColumn] = [
        .text("environment"), .text("transaction_id"), .text("user_id"), .text("product_id"), .text("product_type"),
        .instant("purchase_date"), .instant("cancellation_date"), .decimal("days_to_refund"), .text("cancellation_reason"),
        .text("currency"), .amount("refund_amount"), .text("period_sold"), .text("period_refunded"),
        .boolean("unexpired_at_refund"), .integer("records_after_refund"), .integer("user_refund_count"),
    ]
    static let header = columns.map(\.name)

    static func csv(_ refunds: [Refund]) -> ReportCSV { .table(table(refunds), columns: columns) }

    static func table(_ refunds: [Refund]) -> CSVTable {
        var table = CSVTable(header: header)
        for r in refunds {
            let t = r.transaction
            table.append([
                .text(t.environment.rawValue), .text(t.transactionID), .text(t.userName), .text(t.productID),
                .text(t.productType?.rawValue ?? ""), .instant(t.purchase), .instant(r.cancellation),
                .number(MoneyFormat.plain(r.daysToRefundHundredths, minorDigits: 2)), .text(t.cancellationReason),
                .text(t.currency?.code ?? ""), .amount(t.signed.refundGross ?? t.gross), .text(r.periodSold), .text(r.periodRefunded),
                .bool(r.unexpiredAtRefund), .count(r.recordsAfterRefund), .count(r.userRefundCount),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }
}
