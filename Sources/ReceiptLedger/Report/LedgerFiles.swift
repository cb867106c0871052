/// `ledger_period.csv`, `ledger_product.csv`, `ledger_user.csv` (SPEC §7).
enum LedgerFiles {
    static let periodName = "ledger_period.csv"
    static let productName = "ledger_product.csv"
    static let userName = "ledger_user.csv"
    static let amountColumns = [
        "units_sold", "gross_amount", "proceeds_amount", "units_refunded", "refund_amount",
        "refund_proceeds_amount", "net_amount", "net_proceeds_amount",
    ]

    static func table(_ ledger: Ledger) -> CSVTable {
        let itemColumn: [String]
        switch ledger.dimension {
        case .period: itemColumn = []
        case .product: itemColumn = ["product_id"]
        case .user: itemColumn = ["user_id"]
        }
        let header = ["environment", "period"] + itemColumn + ["currency"] + amountColumns
        let rows = ledger.sortedRows
        // `sortedRows` is in the file's key order (environment, period, item, currency by code
        // point), and no two rows share a key: the rows go straight to bytes. (Should that ever
        // not hold, the table is sorted like any other.)
        guard zip(rows, rows.dropFirst()).allSatisfy({ Ledger.Key.precedes($0.key, $1.key) }) else {
            var table = CSVTable(header: header)
            for (key, a) in rows {
                let item: [CSVCell] = itemColumn.isEmpty ? [] : [.text(key.item)]
                let c = key.currency
                table.append([.text(key.environment.rawValue), .text(key.period)] + item + [.text(c.code)] + [
                    .number(String(a.unitsSold)), .amount(a.gross, c), .amount(a.proceeds, c), .number(String(a.unitsRefunded)),
                    .amount(a.refund, c), .amount(a.refundProceeds, c), .amount(a.net, c), .amount(a.netProceeds, c),
                ])
            }
            return table.sorted(keyColumns: itemColumn.isEmpty ? 3 : 4, numericKeyColumns: [])
        }
        var writer = CSVRowWriter(reservingBytes: rows.count * 100)
        for (key, a) in rows {
            let c = key.currency
            writer.text(key.environment.rawValue)
            writer.text(key.period)
            if !itemColumn.isEmpty { writer.text(key.item) }
            writer.text(c.code)
            writer.integer(a.unitsSold)
            writer.amount(a.gross, c)
            writer.amount(a.proceeds, c)
            writer.integer(a.unitsRefunded)
            writer.amount(a.refund, c)
            writer.amount(a.refundProceeds, c)
            writer.amount(a.net, c)
            writer.amount(a.netProceeds, c)
            writer.endRow()
        }
        return CSVTable(header: header, rows: writer)
    }
}
