/// Drill-down from a ledger figure to the transactions behind it (issue 25): which periods
/// `transactions.html` lists, and the links to them. Found from the period ledger alone, so
/// that every page links only to sections the transactions page has.
struct DrillDown: Sendable {
    /// The newest periods listed per environment; older ones are in transactions.csv only.
    static let maximumPeriods = 120
    /// Rows the page lists at most, over all its tables, so that a run of a million records
    /// still gives a page a browser opens at once.
    static let rowBudget = 3_000

    /// "environment|period" of the periods listed.
    let listed: Set<String>
    /// Transactions listed per table (sales or refunds of one period and currency).
    let perTable: Int

    init(_ data: ReportData) {
        var listed: Set<String> = []
        var tables = 0
        for environment in [Environment.production, .sandbox] {
            let rows = data.ledgers.byPeriod.sortedRows.filter { $0.key.environment == environment }
            let periods = Array(Set(rows.map(\.key.period))).sorted { $1.utf8.lexicographicallyPrecedes($0.utf8) }
                .prefix(Self.maximumPeriods)
            let chosen = Set(periods)
            for period in chosen { listed.insert(Self.key(environment, period)) }
            for row in rows where chosen.contains(row.key.period) {
                if Self.hasSales(row.amounts) { tables += 1 }
                if row.amounts.hasRefund { tables += 1 }
            }
        }
        self.listed = listed
        perTable = min(50, max(5, Self.rowBudget / max(tables, 1)))
    }

    static func key(_ environment: Environment, _ period: String) -> String { environment.rawValue + "|" + period }
    static func hasSales(_ a: LedgerAmounts) -> Bool { a.unitsSold > 0 || a.gross != 0 }

    /// `s-Production-2024-06-USD`: the anchor of a period's sales in one currency (`r-` refunds).
    static func anchor(_ kind: String, _ environment: Environment, _ period: String, _ currency: Currency) -> String {
        kind + "-" + environment.rawValue + "-" + period + "-" + currency.code
    }

    func isListed(_ environment: Environment, _ period: String) -> Bool { listed.contains(Self.key(environment, period)) }

    /// The link to the sales behind a ledger figure; nil when it has none or the page does not list the period.
    func salesHref(_ environment: Environment, _ period: String, _ currency: Currency, _ amounts: LedgerAmounts) -> String? {
        guard Self.hasSales(amounts), isListed(environment, period) else { return nil }
        return ReportPage.transactions.fileName + "#" + Self.anchor("s", environment, period, currency)
    }

    func refundsHref(_ environment: Environment, _ period: String, _ currency: Currency, _ amounts: LedgerAmounts) -> String? {
        guard amounts.hasRefund, isListed(environment, period) else { return nil }
        return ReportPage.transactions.fileName + "#" + Self.anchor("r", environment, period, currency)
    }
}

/// `transactions.html`: per period (newest first) and currency, the largest sales the ledgers
/// count there and the refunds they book there, bounded (`DrillDown`); each table says how many
/// it shows of how many and how to filter transactions.csv for all of them.
enum TransactionsPage {
    static func context(_ data: ReportData, drillDown: DrillDown) -> [String: TemplateValue] {
        let cap = drillDown.perTable
        func largestFirst(_ l: Transaction, _ r: Transaction) -> Bool {
            let lg = l.gross?.minorUnits ?? 0, rg = r.gross?.minorUnits ?? 0
            if lg != rg { return lg > rg }
            return l.key < r.key
        }
        /// One table's transactions: how many, their total, and the largest `cap` of them
        /// (kept as they come, cut back whenever twice that many wait, so that a table never
        /// holds every transaction of its period).
        struct Table {
            var count = 0
            var total: Int64 = 0
            var largest: [Transaction] = []
            mutating func add(_ t: Transaction, amount: Int64, cap: Int, by order: (Transaction, Transaction) -> Bool) {
                count += 1
                total &+= amount
                largest.append(t)
                if largest.count >= 2 * max(cap, 1) {
                    largest.sort(by: order)
                    largest.removeLast(largest.count - cap)
                }
            }
        }
        struct Group { var sales = Table(); var refunds = Table() }
        var groups: [String: [Currency: Group]] = [:]
        var labels = data.placement.labels()
        for t in data.journal.transactions where LedgerPlacement.counts(t) {
            guard let currency = t.currency else { continue }
            let sold = labels.periodSold(t)
            if drillDown.isListed(t.environment, sold) {
                groups[DrillDown.key(t.environment, sold), default: [:]][currency, default: Group()].sales
                    .add(t, amount: t.gross?.minorUnits ?? 0, cap: cap, by: largestFirst)
            }
            guard t.status == .refunded else { continue }
            let refunded = labels.periodRefunded(t)
            if !refunded.isEmpty, drillDown.isListed(t.environment, refunded) {
                groups[DrillDown.key(t.environment, refunded), default: [:]][currency, default: Group()].refunds
                    .add(t, amount: (t.signed.refundGross ?? t.gross)?.minorUnits ?? 0, cap: cap, by: largestFirst)
            }
        }
        let dates = DateDisplay(zone: data.periods.zone)
        func row(_ t: Transaction) -> TemplateValue {
            let currency = t.currency
            return .object([
                "transaction": .string(t.transactionID), "user": .string(t.userName), "product": .string(t.productID),
                "purchased": .string(dates.instant(t.purchase)), "refunded": .string(dates.instant(t.cancellation)),
                "quantity": .string(Display.count(t.quantity)), "status": .string(t.status.rawValue),
                "reason": .string(t.cancellationReason),
                "reason_plain": .string(Glossary.cancellation(t.cancellationReason)?.name ?? ""),
                "reason_href": .string(Glossary.cancellation(t.cancellationReason).map(Glossary.href) ?? ""),
                "gross": .string(currency.map { Display.amount(t.gross?.minorUnits ?? 0, $0) } ?? "0"),
                "proceeds": .string(currency.map { Display.amount(t.proceeds?.minorUnits ?? 0, $0) } ?? "0"),
                // What a refund gave back: the whole gross, or a prorated part (SPEC §9).
                "refund": .string(currency.map { Display.amount((t.signed.refundGross ?? t.gross)?.minorUnits ?? 0, $0) } ?? "0"),
                // Where the price came from (SPEC §9): Apple's signed price with its storefront, or the catalog.
                "source": .string([t.priceSource == .signed ? "Apple's price" : t.priceSource.rawValue, t.signed.storefront]
                    .filter { !$0.isEmpty }.joined(separator: ", ")),
            ])
        }
        func table(_ kind: String, _ environment: Environment, _ period: String, _ currency: Currency, _ list: Table) -> TemplateValue {
            let shown = list.largest.sorted(by: largestFirst).prefix(cap)
            return .object([
                "anchor": .string(DrillDown.anchor(kind, environment, period, currency)),
                "currency": .string(currency.code),
                "count": .string(Display.count(list.count)),
                "total": .string(Display.amount(list.total, currency)),
                "rows": .list(shown.map(row)),
                "capped": .bool(list.count > shown.count),
                "shown": .string(Display.count(shown.count)),
            ])
        }
        var sections: [TemplateValue] = []
        for environment in [Environment.production, .sandbox] {
            let periods = Set(groups.keys.filter { $0.hasPrefix(environment.rawValue + "|") })
                .map { String($0.dropFirst(environment.rawValue.count + 1)) }
                .sorted { $1.utf8.lexicographicallyPrecedes($0.utf8) }
            for period in periods {
                let byCurrency = groups[DrillDown.key(environment, period)] ?? [:]
                let currencies = byCurrency.keys.sorted()
                sections.append(.object([
                    "environment": .string(environment.rawValue), "period": .string(period),
                    "is_sandbox": .bool(environment == .sandbox),
                    "sales": .list(currencies.compactMap { c in
                        (byCurrency[c]?.sales).flatMap { $0.count == 0 ? nil : table("s", environment, period, c, $0) }
                    }),
                    "refunds": .list(currencies.compactMap { c in
                        (byCurrency[c]?.refunds).flatMap { $0.count == 0 ? nil : table("r", environment, period, c, $0) }
                    }),
                ]))
            }
        }
        return [
            "sections": .list(sections),
            "has_sections": .bool(!sections.isEmpty),
            "per_table": .string(Display.count(cap)),
            "maximum_periods": .string(Display.count(DrillDown.maximumPeriods)),
            "refunds_in": .string(data.options.refunds == .salePeriod ? "the period of the sale" : "the period of the refund"),
        ]
    }
}
