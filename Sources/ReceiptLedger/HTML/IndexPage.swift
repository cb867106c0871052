/// `index.html`: at a glance, how much was made this period, what was refunded, and whether any
/// sandbox money is mixed in.
enum IndexPage {
    static func context(_ data: ReportData) -> [String: TemplateValue] {
        let c = data.journal.counts
        let totals = data.ledgers.byPeriod.totals
        let production = totals.filter { $0.environment == .production }
        let sandbox = totals.filter { $0.environment == .sandbox }
        let currentPeriod = data.asOf.map { data.periods.label(for: $0) }
        let current = data.ledgers.byPeriod.sortedRows.filter { $0.key.environment == .production && $0.key.period == currentPeriod }
        let productionRefunds = data.refunds.filter { $0.transaction.environment == .production }
        let leaks = data.reconciliation?.rows.filter { $0.finding == .refundNotRevoked } ?? []
        let hasConsumables = data.journal.transactions.contains { $0.environment == .production && $0.productType == .consumable && $0.status.booksSale }
        var states: [String: Int] = [:]
        for s in data.subscriptions where s.environment == .production { states[s.state.rawValue, default: 0] += 1 }

        return [
            "counts": .object([
                "read": .string(Display.count(c.read)), "accepted": .string(Display.count(c.accepted)),
                "redirected": .string(Display.count(c.redirected)), "rejected": .string(Display.count(c.rejected)),
                "balanced": .bool(c.isBalanced), "transactions": .string(Display.count(data.journal.transactions.count)),
                "anomalies": .string(Display.count(data.journal.anomalies.count)),
            ]),
            "current_period": .string(currentPeriod ?? "—"),
            "current": .list(current.map { amountsRow(currency: $0.key.currency, $0.amounts) }),
            "has_current": .bool(!current.isEmpty),
            "production": .list(production.map { amountsRow(currency: $0.currency, $0.amounts) }),
            "has_production": .bool(!production.isEmpty),
            "production_table": .object(["amount_label": .string("Total"),
                                         "amount_rows": .list(production.map { amountsRow(currency: $0.currency, $0.amounts, label: "Total") })]),
            "sandbox_table": .object(["amount_label": .string("Sandbox total"),
                                      "amount_rows": .list(sandbox.map { amountsRow(currency: $0.currency, $0.amounts, label: "Sandbox total") })]),
            "as_of": .string(data.asOf?.iso8601 ?? "—"),
            "sandbox": .list(sandbox.map { amountsRow(currency: $0.currency, $0.amounts) }),
            "has_sandbox": .bool(!sandbox.isEmpty),
            "sandbox_transactions": .string(Display.count(data.journal.transactions.filter { $0.environment == .sandbox }.count)),
            "consumable_note": .bool(hasConsumables),
            "refund_count": .string(Display.count(productionRefunds.count)),
            "refund_totals": .list(RefundsPage.totalsByCurrency(productionRefunds)),
            "has_orders": .bool(data.reconciliation != nil),
            "leak_count": .string(Display.count(leaks.count)),
            "leak_totals": .list(RefundsPage.leakTotals(leaks)),
            "charts": .list(Charts.periodCharts(data.ledgers.byPeriod)),
            "states": .list(states.keys.sorted().map { .object(["state": .string($0), "count": .string(Display.count(states[$0] ?? 0))]) }),
            "has_states": .bool(!states.isEmpty),
        ]
    }

    /// One currency's amounts, formatted for a table row.
    static func amountsRow(currency: Currency, _ a: LedgerAmounts, label: String = "") -> TemplateValue {
        .object([
            "label": .string(label), "currency": .string(currency.code),
            "units_sold": .string(Display.count(a.unitsSold)), "gross": .string(Display.amount(a.gross, currency)),
            "proceeds": .string(Display.amount(a.proceeds, currency)), "units_refunded": .string(Display.count(a.unitsRefunded)),
            "refund": .string(Display.amount(a.refund, currency)), "refund_proceeds": .string(Display.amount(a.refundProceeds, currency)),
            "net": .string(Display.amount(a.net, currency)), "net_proceeds": .string(Display.amount(a.netProceeds, currency)),
            "negative": .bool(a.net < 0),
        ])
    }
}
