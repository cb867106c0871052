/// The product and user ledgers read across periods (issue 25): net per product and period,
/// and the users who brought in the most over all time. Production only, one table per
/// currency (amounts of two currencies are never compared or added).
enum LedgerViews {
    /// Periods shown as columns of the product × period table: the newest of the currency.
    static let matrixPeriods = 12
    /// Products shown at most per currency (largest net over all periods first).
    static let matrixProducts = 50
    /// Users shown per currency.
    static let topUsers = 20

    /// Net (gross − refunds) per product and period, per production currency: the newest
    /// `matrixPeriods` periods (oldest on the left), then all periods together.
    static func productMatrix(_ data: ReportData) -> [TemplateValue] {
        let rows = data.ledgers.byProduct.sortedRows.filter { $0.key.environment == .production }
        let currencies = Set(rows.map(\.key.currency)).sorted()
        return currencies.map { currency in
            var cells: [String: [String: LedgerAmounts]] = [:]  // product → period → amounts
            var totals: [String: LedgerAmounts] = [:]
            var periodTotals: [String: LedgerAmounts] = [:]
            for row in rows where row.key.currency == currency {
                cells[row.key.item, default: [:]][row.key.period, default: LedgerAmounts()] += row.amounts
                totals[row.key.item, default: LedgerAmounts()] += row.amounts
                periodTotals[row.key.period, default: LedgerAmounts()] += row.amounts
            }
            let labels = periodTotals.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let axis = PeriodViews.periodAxis(data, labels: labels).map(\.period)
            let periods = Array(axis.suffix(matrixPeriods))
            let products = totals.keys.sorted { l, r in
                let ln = totals[l]?.net ?? 0, rn = totals[r]?.net ?? 0
                return ln != rn ? ln > rn : l.utf8.lexicographicallyPrecedes(r.utf8)
            }
            let shown = products.prefix(matrixProducts)
            func cell(_ amounts: LedgerAmounts?) -> TemplateValue {
                let net = amounts?.net ?? 0
                return .object(["net": .string(Display.amount(net, currency)), "zero": .bool(amounts == nil || amounts?.isEmpty == true),
                                "negative": .bool(net < 0)])
            }
            let grand = totals.values.reduce(into: LedgerAmounts()) { $0 += $1 }
            return .object([
                "currency": .string(currency.code),
                "periods": .list(periods.map { .object(["period": .string($0)]) }),
                "earlier": .bool(axis.count > periods.count),
                "products": .list(shown.map { product in
                    .object(["product": .string(product), "cells": .list(periods.map { cell(cells[product]?[$0]) }),
                             "all": cell(totals[product])])
                }),
                "period_totals": .list(periods.map { cell(periodTotals[$0]) }),
                "all_total": cell(grand),
                "capped": .bool(products.count > shown.count),
                "shown": .string(Display.count(shown.count)),
                "product_count": .string(Display.count(products.count)),
            ])
        }
    }

    /// The `topUsers` production users with the largest net over all periods, per currency
    /// (ties: larger gross, then user id by code point).
    ///
    /// A user ledger has a row per user and period, and the page is written beside the rest of
    /// the report: each user is ranked on a number, a net, a gross and a period count, and only
    /// the users shown have their amounts summed in full, in a second pass (issue 26).
    static func topUsersTables(_ data: ReportData) -> [TemplateValue] {
        let rows = data.ledgers.byUser.sortedRows
        var rankings: [Currency: UserRanking] = [:]
        for row in rows where row.key.environment == .production {
            rankings[row.key.currency, default: UserRanking()].add(row.key.item, row.amounts)
        }
        var shown: [Currency: (users: [String], position: [String: Int], amounts: [LedgerAmounts])] = [:]
        for (currency, ranking) in rankings {
            let users = ranking.top(topUsers)
            shown[currency] = (users, Dictionary(uniqueKeysWithValues: users.enumerated().map { ($1, $0) }),
                               Array(repeating: LedgerAmounts(), count: users.count))
        }
        for row in rows where row.key.environment == .production {
            guard let at = shown[row.key.currency]?.position[row.key.item] else { continue }
            shown[row.key.currency]?.amounts[at] += row.amounts
        }
        return rankings.keys.sorted().map { currency in
            let ranking = rankings[currency] ?? UserRanking()
            let top = shown[currency] ?? ([], [:], [])
            return .object([
                "currency": .string(currency.code),
                "users": .list(top.users.indices.map { rank in
                    var fields = IndexPage.amountsFields(currency: currency, top.amounts[rank])
                    fields["rank"] = .string(String(rank + 1))
                    fields["user"] = .string(top.users[rank])
                    fields["periods"] = .string(Display.count(ranking.periods(of: top.users[rank])))
                    return .object(fields)
                }),
                "user_count": .string(Display.count(ranking.count)),
            ])
        }
    }

    /// One currency's users numbered as met, with their net, gross and period count summed.
    private struct UserRanking {
        private var numbers: [String: Int] = [:]
        private var names: [String] = []
        private var net: [Int64] = []
        private var gross: [Int64] = []
        private var periodCounts: [Int] = []

        var count: Int { names.count }

        /// Adds one period's row of `user`.
        mutating func add(_ user: String, _ amounts: LedgerAmounts) {
            let number: Int
            if let known = numbers[user] {
                number = known
            } else {
                number = names.count
                numbers[user] = number
                names.append(user)
                net.append(0)
                gross.append(0)
                periodCounts.append(0)
            }
            net[number] += amounts.net
            gross[number] += amounts.gross
            periodCounts[number] += 1
        }

        func periods(of user: String) -> Int {
            numbers[user].map { periodCounts[$0] } ?? 0
        }

        /// The `limit` first users by net, then gross (both largest first), then id by code point.
        func top(_ limit: Int) -> [String] {
            let ranked = names.indices.sorted { l, r in
                if net[l] != net[r] { return net[l] > net[r] }
                if gross[l] != gross[r] { return gross[l] > gross[r] }
                return names[l].utf8.lexicographicallyPrecedes(names[r].utf8)
            }
            return ranked.prefix(limit).map { names[$0] }
        }
    }
}
