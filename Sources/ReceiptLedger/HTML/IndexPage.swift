/// `index.html`: at a glance, how much was made this period, what was refunded, and whether any
/// sandbox money is mixed in; then the totals, the trend, and where every number comes from.
enum IndexPage {
    /// `sums` are summed here when not given.
    static func context(_ data: ReportData, sums: JournalSums? = nil) -> [String: TemplateValue] {
        let sums = sums ?? JournalSums(data.journal.transactions)
        let dates = DateDisplay(zone: data.periods.zone)
        let c = data.journal.counts
        let totals = data.ledgers.byPeriod.totals
        let production = totals.filter { $0.environment == .production }
        let sandbox = totals.filter { $0.environment == .sandbox }
        let productionRows = data.ledgers.byPeriod.sortedRows.filter { $0.key.environment == .production }
        let currentPeriod = data.asOf.map { data.periods.label(for: $0) }
        let previousPeriod = data.asOf.map { asOf in
            data.periods.label(for: UnixMillis(data.periods.interval(containing: asOf).start.rawValue - 1))
        }
        let current = productionRows.filter { $0.key.period == currentPeriod }
        let previous = productionRows.filter { $0.key.period == previousPeriod }
        let currentRefunds = current.filter { $0.amounts.hasRefund }
        let productionRefunds = data.refunds.filter { $0.transaction.environment == .production }
        let leaks = data.reconciliation?.rows.filter { $0.finding == .refundNotRevoked } ?? []
        let hasConsumables = sums.consumableSoldInProduction
        let sandboxGross = SandboxPage.sandboxGross(sums)
        let sandboxCount = sums.sandboxCount
        var states: [String: Int] = [:]
        for s in data.subscriptions where s.environment == .production { states[s.state.rawValue, default: 0] += 1 }

        let context: [String: TemplateValue] = [
            "counts": .object([
                "read": .string(Display.count(c.read)), "accepted": .string(Display.count(c.accepted)),
                "redirected": .string(Display.count(c.redirected)), "rejected": .string(Display.count(c.rejected)),
                "balanced": .bool(c.isBalanced), "transactions": .string(Display.count(data.journal.transactions.count)),
                "anomalies": .string(Display.count(data.journal.anomalies.count)),
            ]),
            "current_period": .string(currentPeriod ?? "—"),
            "previous_period": .string(previousPeriod ?? "—"),
            "current": .list(current.map { row in
                var fields = amountsFields(currency: row.key.currency, row.amounts)
                let before = previous.first { $0.key.currency == row.key.currency }?.amounts.net ?? 0
                fields["previous_net"] = .string(Display.amount(before, row.key.currency))
                return .object(fields)
            }),
            "has_current": .bool(!current.isEmpty),
            "current_refunds": .list(currentRefunds.map { row in
                .object(["currency": .string(row.key.currency.code), "amount": .string(Display.amount(row.amounts.refund, row.key.currency)),
                         "units": .string(Display.counted(row.amounts.unitsRefunded, "unit", "units"))])
            }),
            "has_current_refunds": .bool(!currentRefunds.isEmpty),
            "sandbox_clean": .bool(SandboxPage.proof(data, sums: sums).allSatisfy(\.isEqual)),
            "sandbox_gross": .list(sandboxGross.map { c, count, gross in
                .object(["currency": .string(c.code), "count": .string(Display.count(count)), "gross": .string(Display.amount(gross, c))])
            }),
            "has_production": .bool(!production.isEmpty),
            "production_table": .object(["amount_rows": .list(production.map { amountsRow(currency: $0.currency, $0.amounts) })]),
            "sandbox_table": .object(["amount_rows": .list(sandbox.map { amountsRow(currency: $0.currency, $0.amounts) })]),
            "as_of": .string(data.asOf.map(dates.instant) ?? "—"),
            "as_of_day": .string(data.asOf.map(dates.localDate) ?? "—"),
            "has_sandbox": .bool(!sandbox.isEmpty),
            "sandbox_transactions": .string(Display.counted(sandboxCount, "sandbox transaction", "sandbox transactions")),
            "test_purchases": .string(Display.counted(sandboxCount, "test purchase", "test purchases")),
            "consumable_note": .bool(hasConsumables),
            "refund_count": .string(Display.count(productionRefunds.count)),
            "refunds_counted": .string(Display.counted(productionRefunds.count, "refund", "refunds")),
            "refund_totals": .list(RefundsPage.totalsByCurrency(productionRefunds)),
            "has_orders": .bool(data.reconciliation != nil),
            "leak_count": .string(Display.count(leaks.count)),
            "leak_totals": .list(RefundsPage.leakTotals(leaks)),
            "charts": .list(Charts.periodCharts(data)),
            "states": .list(states.keys.sorted().map { .object(["state": .string($0), "count": .string(Display.count(states[$0] ?? 0))]) }),
            "has_states": .bool(!states.isEmpty),
        ]
        return context.merging(warningsContext(data.diagnosis)) { current, _ in current }.merging(appleContext(data)) { current, _ in current }
    }

    /// Whether the books tie to Apple's reports (SPEC §10), first on the page; only when Apple's files were given.
    static func appleContext(_ data: ReportData) -> [String: TemplateValue] {
        guard let reconciliation = data.appleReconciliation else { return ["has_apple": .bool(false)] }
        let summary = ApplePage.summary(reconciliation)
        return ["has_apple": .bool(true), "apple_ties": .bool(summary.ties), "apple_sentence": .string(summary.sentence)]
    }

    /// One currency's amounts, formatted for a table row.
    static func amountsRow(currency: Currency, _ a: LedgerAmounts, label: String = "") -> TemplateValue {
        var fields = amountsFields(currency: currency, a)
        fields["label"] = .string(label)
        return .object(fields)
    }

    /// The formatted amounts, with flags for the styling: a negative net, no refunds.
    static func amountsFields(currency: Currency, _ a: LedgerAmounts) -> [String: TemplateValue] {
        [
            "currency": .string(currency.code),
            "units_sold": .string(Display.count(a.unitsSold)), "gross": .string(Display.amount(a.gross, currency)),
            "proceeds": .string(Display.amount(a.proceeds, currency)), "units_refunded": .string(Display.count(a.unitsRefunded)),
            "refund": .string(Display.amount(a.refund, currency)), "refund_proceeds": .string(Display.amount(a.refundProceeds, currency)),
            "net": .string(Display.amount(a.net, currency)), "net_proceeds": .string(Display.amount(a.netProceeds, currency)),
            "negative": .bool(a.net < 0), "has_refunds": .bool(a.unitsRefunded > 0 || a.refund != 0),
        ]
    }
}
