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

    /// The `topUsers` production users with the largest net over all periods, per currency.
    static func topUsersTables(_ data: ReportData) -> [TemplateValue] {
        var sums: [Currency: [String: (amounts: LedgerAmounts, periods: Int)]] = [:]
        for row in data.ledgers.byUser.sortedRows where row.key.environment == .production {
            sums[row.key.currency, default: [:]][row.key.item, default: (LedgerAmounts(), 0)].amounts += row.amounts
            sums[row.key.currency, default: [:]][row.key.item, default: (LedgerAmounts(), 0)].periods += 1
        }
        return sums.keys.sorted().map { currency in
            let users = sums[currency] ?? [:]
            let ranked = users.sorted { l, r in
                if l.value.amounts.net != r.value.amounts.net { return l.value.amounts.net > r.value.amounts.net }
                if l.value.amounts.gross != r.value.amounts.gross { return l.value.amounts.gross > r.value.amounts.gross }
                return l.key.utf8.lexicographicallyPrecedes(r.key.utf8)
            }.prefix(topUsers)
            return .object([
                "currency": .string(currency.code),
                "users": .list(ranked.enumerated().map { rank, entry in
                    var fields = IndexPage.amountsFields(currency: currency, entry.value.amounts)
                    fields["rank"] = .string(String(rank + 1))
                    fields["user"] = .string(entry.key)
                    fields["periods"] = .string(Display.count(entry.value.periods))
                    return .object(fields)
                }),
                "user_count": .string(Display.count(users.count)),
            ])
        }
    }
}
