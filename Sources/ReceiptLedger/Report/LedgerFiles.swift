/// `ledger_period.csv`, `ledger_product.csv`, `ledger_user.csv` (SPEC §7), `ledger_storefront.csv` (SPEC §9).
enum LedgerFiles {
    static let periodName = "ledger_period.csv"
    static let productName = "ledger_product.csv"
    static let userName = "ledger_user.csv"
    static let storefrontName = "ledger_storefront.csv"
    static let amountColumns: [ReportColumn] = [
        .integer("units_sold"), .amount("gross_amount"), .amount("proceeds_amount"), .integer("units_refunded"),
        .amount("refund_amount"), .amount("refund_proceeds_amount"), .amount("net_amount"), .amount("net_proceeds_amount"),
    ]

    static func columns(_ ledger: Ledger) -> [ReportColumn] {
        [.text("environment"), .text("period")] + itemColumn(ledger).map(ReportColumn.text) + [.text("currency")] + amountColumns
    }

    static func header(_ ledger: Ledger) -> [String] {
        columns(ledger).map(\.name)
    }

    private static func itemColumn(_ ledger: Ledger) -> [String] {
        switch ledger.dimension {
        case .period: return []
        case .product: return ["product_id"]
        case .user: return ["user_id"]
        case .storefront: return ["storefront"]
        }
    }

    /// The file for `ReportRun`. `sortedRows` is in the file's key order (environment, period,
    /// item, currency by code point), and no two rows share a key: the rows are streamed as
    /// they are. (Should that ever not hold, the table is sorted like any other.)
    static func csv(_ ledger: Ledger) -> ReportCSV {
        let rows = ledger.sortedRows
        guard isInKeyOrder(rows) else { return .table(cellTable(ledger), columns: columns(ledger)) }
        return .streamed(columns: columns(ledger), count: rows.count) { range, writer in
            appendRows(rows[range], items: ledger.dimension != .period, to: &writer)
        }
    }

    private static func isInKeyOrder(_ rows: LedgerRowList) -> Bool {
        zip(rows, rows.dropFirst()).allSatisfy { Ledger.Key.precedes($0.key, $1.key) }
    }

    static func appendRows(_ rows: some Sequence<LedgerRowList.Element>, items: Bool, to writer: inout CSVRowWriter) {
        for (key, a) in rows {
            let c = key.currency
            writer.text(key.environment.rawValue)
            writer.text(key.period)
            if items { writer.text(key.item) }
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
    }

    /// The same rows as cells, sorted by the file's key.
    static func cellTable(_ ledger: Ledger) -> CSVTable {
        let itemColumn = itemColumn(ledger)
        var table = CSVTable(header: header(ledger))
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
