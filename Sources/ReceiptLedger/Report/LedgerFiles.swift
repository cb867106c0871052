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
        var table = CSVTable(header: ["environment", "period"] + itemColumn + ["currency"] + amountColumns)
        for (key, a) in ledger.sortedRows {
            let item: [CSVCell] = itemColumn.isEmpty ? [] : [.text(key.item)]
            let c = key.currency
            table.append([.text(key.environment.rawValue), .text(key.period)] + item + [.text(c.code)] + [
                .number(String(a.unitsSold)), .amount(a.gross, c), .amount(a.proceeds, c), .number(String(a.unitsRefunded)),
                .amount(a.refund, c), .amount(a.refundProceeds, c), .amount(a.net, c), .amount(a.netProceeds, c),
            ])
        }
        return table.sorted(keyColumns: itemColumn.isEmpty ? 3 : 4, numericKeyColumns: [])
    }
}
