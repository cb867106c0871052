/// `reconciliation.csv`: written only when orders were given (SPEC §7).
enum ReconciliationFile {
    static let name = "reconciliation.csv"
    static let columns: [ReportColumn] = [
        .text("finding"), .text("order_id"), .text("environment"), .text("transaction_id"), .text("user_id"), .text("product_id"),
        .text("currency"), .amount("amount"), .instant("cancellation_date"), .instant("delivered_at"), .instant("revoked_at"),
        .decimal("leak_days"), .text("detail"),
    ]
    static let header = columns.map(\.name)

    static func csv(_ reconciliation: Reconciliation) -> ReportCSV { .table(table(reconciliation), columns: columns) }

    static func table(_ reconciliation: Reconciliation) -> CSVTable {
        var table = CSVTable(header: header)
        for row in reconciliation.rows {
            let t = row.transaction
            let isLeak = row.finding == .refundNotRevoked
            table.append([
                .text(row.finding.rawValue), row.order.map { .text($0.orderID) } ?? .empty,
                .text(t?.environment.rawValue ?? ""), .text(row.transactionID),
                .text(row.order?.userID ?? t?.userName ?? ""), .text(row.order?.productID ?? t?.productID ?? ""),
                .text(t?.currency?.code ?? ""), t.map { .amount($0.gross) } ?? .empty,
                isLeak ? .instant(t?.cancellation) : .empty,
                time(row.order?.deliveredAt, row.order?.unreadable?.deliveredAt),
                time(row.order?.revokedAt, row.order?.unreadable?.revokedAt),
                row.leakHundredthsOfDays.map { .number(MoneyFormat.plain($0, minorDigits: 2)) } ?? .empty,
                .text(row.detail),
            ])
        }
        return table.sorted(keyColumns: 4, numericKeyColumns: [1])
    }

    /// `delivered_at` / `revoked_at`: the instant normalized, else the trimmed text that could
    /// not be read (SPEC §8 Revision 2), else empty.
    static func time(_ instant: UnixMillis?, _ unreadable: String?) -> CSVCell {
        instant.map { .instant($0) } ?? unreadable.map { .text($0) } ?? .empty
    }
}
