/// One page per ledger: totals first, production before sandbox, newest period first with the
/// largest rows first within it, capped; the CSV holds every row.
enum LedgerPage {
    static func context(_ data: ReportData, ledger: Ledger, csv: String) -> [String: TemplateValue] {
        let rows = ledger.sortedRows
        let itemHeader: String
        switch ledger.dimension {
        case .period: itemHeader = ""
        case .product: itemHeader = "Product"
        case .user: itemHeader = "User"
        }
        func section(_ environment: Environment) -> TemplateValue {
            // Row numbers are sorted, not the rows: a user ledger has a row per user and period,
            // and a sorted copy of them all would cost megabytes for a page that shows a few.
            var selected = rows.indices.filter { rows[$0].key.environment == environment }
            // Periods newest first; within a period by currency (amounts of two currencies are
            // not compared), the largest gross first, then by name.
            selected.sort { lhs, rhs in
                let l = rows[lhs], r = rows[rhs]
                if l.key.period != r.key.period { return r.key.period.utf8.lexicographicallyPrecedes(l.key.period.utf8) }
                if l.key.currency != r.key.currency { return l.key.currency < r.key.currency }
                if l.amounts.gross != r.amounts.gross { return l.amounts.gross > r.amounts.gross }
                return l.key.item.utf8.lexicographicallyPrecedes(r.key.item.utf8)
            }
            let shown = selected.prefix(HTMLReport.rowCap).map { rows[$0] }
            let totals = ledger.totals.filter { $0.environment == environment }
            return .object([
                "environment": .string(environment.rawValue),
                "is_sandbox": .bool(environment == .sandbox),
                "totals": .list(totals.map { IndexPage.amountsRow(currency: $0.currency, $0.amounts, label: "Total") }),
                "rows": .list(shown.enumerated().map { index, row in
                    var fields = IndexPage.amountsFields(currency: row.key.currency, row.amounts)
                    fields["label"] = .string(row.key.period)
                    fields["item"] = .string(row.key.item)
                    fields["group_start"] = .bool(index > 0 && shown[index - 1].key.period != row.key.period)
                    return .object(fields)
                }),
                "has_rows": .bool(!selected.isEmpty),
                "capped": .bool(selected.count > shown.count),
                "shown": .string(Display.count(shown.count)),
                "total_rows": .string(Display.count(selected.count)),
            ])
        }
        return [
            "csv": .string(csv),
            "has_item": .bool(ledger.dimension != .period),
            "item_header": .string(itemHeader),
            "sections": .list([section(.production), section(.sandbox)]),
            "charts": .list(ledger.dimension == .period ? Charts.periodCharts(data) : []),
            "consumable_note": .bool(data.journal.transactions.contains { $0.productType == .consumable && $0.status.booksSale }),
        ]
    }
}
