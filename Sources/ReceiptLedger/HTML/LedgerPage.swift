/// One page per ledger: totals first, production before sandbox, newest period first with the
/// largest rows first within it, capped; the CSV holds every row.
enum LedgerPage {
    /// `sums` are summed here when not given.
    /// The period ledger's production rows are shown per currency (`PeriodViews`); the product
    /// ledger adds net per product and period, the user ledger the top users over all time
    /// (`LedgerViews`). Figures link to their transactions (`DrillDown`).
    static func context(_ data: ReportData, ledger: Ledger, csv: String, sums: JournalSums? = nil,
                        drillDown: DrillDown? = nil) -> [String: TemplateValue] {
        let drillDown = drillDown ?? DrillDown(data)
        let rows = ledger.sortedRows
        let itemHeader: String
        switch ledger.dimension {
        case .period: itemHeader = ""
        case .product: itemHeader = "Product"
        case .user: itemHeader = "User"
        case .storefront: itemHeader = "Storefront"
        }
        let allTotals = ledger.totals  // a pass over every row: once for both sections
        func section(_ environment: Environment) -> TemplateValue {
            let (shown, total) = pageRows(rows, environment: environment, cap: HTMLReport.rowCap)
            let totals = allTotals.filter { $0.environment == environment }
            let perCurrency = ledger.dimension == .period && environment == .production
            return .object([
                "currency_tables": .list(perCurrency ? PeriodViews.currencyTables(data, environment: environment, drillDown: drillDown) : []),
                "show_rows": .bool(!perCurrency),
                "environment": .string(environment.rawValue),
                "is_sandbox": .bool(environment == .sandbox),
                "totals": .list(totals.map { IndexPage.amountsRow(currency: $0.currency, $0.amounts, label: "Total") }),
                "rows": .list(shown.enumerated().map { index, row in
                    var fields = IndexPage.amountsFields(currency: row.key.currency, row.amounts)
                    fields["label"] = .string(row.key.period)
                    // SPEC §9: receipt-only sales have no storefront.
                    fields["item"] = .string(ledger.dimension == .storefront && row.key.item.isEmpty ? "none (receipts)" : row.key.item)
                    fields["group_start"] = .bool(index > 0 && shown[index - 1].key.period != row.key.period)
                    fields["sales_href"] = .string(drillDown.salesHref(environment, row.key.period, row.key.currency, row.amounts) ?? "")
                    fields["refunds_href"] = .string(drillDown.refundsHref(environment, row.key.period, row.key.currency, row.amounts) ?? "")
                    return .object(fields)
                }),
                "has_rows": .bool(total > 0),
                "capped": .bool(total > shown.count),
                "shown": .string(Display.count(shown.count)),
                "total_rows": .string(Display.count(total)),
            ])
        }
        return [
            "csv": .string(csv),
            "has_item": .bool(ledger.dimension != .period),
            "item_header": .string(itemHeader),
            "sections": .list([section(.production), section(.sandbox)]),
            "charts": .list(ledger.dimension == .period ? Charts.periodCharts(data) : []),
            "matrix": .list(ledger.dimension == .product ? LedgerViews.productMatrix(data) : []),
            "top_users": .list(ledger.dimension == .user ? LedgerViews.topUsersTables(data) : []),
            "matrix_periods": .string(String(LedgerViews.matrixPeriods)),
            "consumable_note": .bool((sums ?? JournalSums(data.journal.transactions)).consumableSold),
        ]
    }

    typealias Row = (key: Ledger.Key, amounts: LedgerAmounts)

    /// The first `cap` rows of `environment` in page order, and how many rows it has. Page
    /// order: periods newest first; within a period by currency (amounts of two currencies are
    /// not compared), the largest gross first, then by name.
    ///
    /// `rows` are in key order (`Ledger.sortedRows`): each period's rows lie together, oldest
    /// period first, so only the newest periods that fill the page are sorted, not every row of
    /// a user ledger. (Should the periods ever not ascend, all rows are sorted.)
    static func pageRows<Rows: RandomAccessCollection<Row>>(_ rows: Rows, environment: Environment, cap: Int) -> (shown: [Row], total: Int)
        where Rows.Index == Int {
        let selected = rows.indices.filter { rows[$0].key.environment == environment }
        var periodStarts: [Int] = []  // positions in `selected`
        for position in selected.indices {
            let period = rows[selected[position]].key.period
            guard position > 0 else { periodStarts.append(position); continue }
            let previous = rows[selected[position - 1]].key.period
            if period != previous {
                guard previous.utf8.lexicographicallyPrecedes(period.utf8) else {
                    return (selected.sorted { precedes(rows[$0], rows[$1]) }.prefix(cap).map { rows[$0] }, selected.count)
                }
                periodStarts.append(position)
            }
        }
        var shown: [Int] = []
        var end = selected.count
        for start in periodStarts.reversed() where shown.count < cap {
            shown += selected[start..<end].sorted { precedes(rows[$0], rows[$1]) }
            end = start
        }
        return (shown.prefix(cap).map { rows[$0] }, selected.count)
    }

    /// Page order (see `pageRows`).
    static func precedes(_ l: Row, _ r: Row) -> Bool {
        if l.key.period != r.key.period { return r.key.period.utf8.lexicographicallyPrecedes(l.key.period.utf8) }
        if l.key.currency != r.key.currency { return l.key.currency < r.key.currency }
        if l.amounts.gross != r.amounts.gross { return l.amounts.gross > r.amounts.gross }
        return l.key.item.utf8.lexicographicallyPrecedes(r.key.item.utf8)
    }
}
