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
    /// the report: each (user, currency) is ranked on a net, a gross and a period count, found
    /// by the user's number in the ledger, and only the users shown have their amounts summed
    /// in full, in a second pass (issue 26).
    static func topUsersTables(_ data: ReportData) -> [TemplateValue] {
        let rows = data.ledgers.byUser.sortedRows
        var ranking = UserRanking(reservingEntries: rows.count)
        var numberOfName: [String: Int] = [:]  // only for rows held as pairs
        func user(at position: Int, _ name: String) -> Int {
            if let number = rows.itemNumber(at: position) { return number }
            if let number = numberOfName[name] { return number }
            numberOfName[name] = numberOfName.count
            return numberOfName.count - 1
        }
        for position in rows.indices {
            let row = rows[position]
            guard row.key.environment == .production else { continue }
            ranking.add(user: user(at: position, row.key.item), position: position, currency: row.key.currency, row.amounts)
        }
        let currencies = ranking.currencies.sorted()
        var shownRank: [Int: Int] = [:]  // entry → rank within its currency
        var shown: [[Int]] = []  // per currency in `currencies`: entries, ranked
        for currency in currencies {
            let entries = ranking.top(topUsers, in: currency) { rows[$0].key.item }
            for (rank, entry) in entries.enumerated() { shownRank[entry] = rank }
            shown.append(entries)
        }
        var amounts: [Int: LedgerAmounts] = [:]  // by shown entry
        for position in rows.indices where !shownRank.isEmpty {
            let row = rows[position]
            guard row.key.environment == .production,
                  let entry = ranking.entry(user: user(at: position, row.key.item), currency: row.key.currency),
                  shownRank[entry] != nil else { continue }
            amounts[entry, default: LedgerAmounts()] += row.amounts
        }
        return zip(currencies, shown).map { currency, entries in
            .object([
                "currency": .string(currency.code),
                "users": .list(entries.enumerated().map { rank, entry in
                    var fields = IndexPage.amountsFields(currency: currency, amounts[entry] ?? LedgerAmounts())
                    fields["rank"] = .string(String(rank + 1))
                    fields["user"] = .string(rows[ranking.firstPosition(of: entry)].key.item)
                    fields["periods"] = .string(Display.count(ranking.periods(of: entry)))
                    return .object(fields)
                }),
                "user_count": .string(Display.count(ranking.count(in: currency))),
            ])
        }
    }

    /// Each (user, currency) of a ledger's rows as an entry with its net, gross and period
    /// count, found from the user's number: the user's first entry, then a chain through its
    /// other currencies' (a user nearly always pays in one).
    private struct UserRanking {
        private(set) var currencies: [Currency] = []
        /// By user number: the user's first entry + 1, or 0.
        private var firstEntry: [Int32] = []
        /// By entry.
        private var entryCurrency: [Int32] = []
        private var nextEntry: [Int32] = []
        private var firstPositions: [Int32] = []
        private var net: [Int64] = []
        private var gross: [Int64] = []
        private var periodCounts: [Int32] = []

        /// Room for `count` entries and users (a ledger's row count bounds both): the pages no
        /// entry reaches are never touched, and no array is held twice while a doubling copies
        /// it (the page is written beside the rest of the report: issue 26).
        init(reservingEntries count: Int) {
            firstEntry.reserveCapacity(count)
            entryCurrency.reserveCapacity(count)
            nextEntry.reserveCapacity(count)
            firstPositions.reserveCapacity(count)
            net.reserveCapacity(count)
            gross.reserveCapacity(count)
            periodCounts.reserveCapacity(count)
        }

        /// Adds one period's row of `user` at `position`.
        mutating func add(user: Int, position: Int, currency: Currency, _ amounts: LedgerAmounts) {
            let currencyNumber: Int32
            if let known = currencies.firstIndex(of: currency) {
                currencyNumber = Int32(known)
            } else {
                currencyNumber = Int32(currencies.count)
                currencies.append(currency)
            }
            if user >= firstEntry.count { firstEntry.append(contentsOf: repeatElement(0, count: user + 1 - firstEntry.count)) }
            let entry: Int
            if let known = find(user: user, currency: currencyNumber) {
                entry = known
            } else {
                entry = entryCurrency.count
                entryCurrency.append(currencyNumber)
                nextEntry.append(firstEntry[user])
                firstEntry[user] = Int32(entry + 1)
                firstPositions.append(Int32(position))
                net.append(0)
                gross.append(0)
                periodCounts.append(0)
            }
            net[entry] += amounts.net
            gross[entry] += amounts.gross
            periodCounts[entry] += 1
        }

        func entry(user: Int, currency: Currency) -> Int? {
            guard let number = currencies.firstIndex(of: currency) else { return nil }
            return find(user: user, currency: Int32(number))
        }

        private func find(user: Int, currency: Int32) -> Int? {
            guard user < firstEntry.count else { return nil }
            var next = Int(firstEntry[user])
            while next != 0 {
                if entryCurrency[next - 1] == currency { return next - 1 }
                next = Int(nextEntry[next - 1])
            }
            return nil
        }

        func firstPosition(of entry: Int) -> Int { Int(firstPositions[entry]) }
        func periods(of entry: Int) -> Int { Int(periodCounts[entry]) }

        func count(in currency: Currency) -> Int {
            guard let number = currencies.firstIndex(of: currency) else { return 0 }
            return entryCurrency.reduce(0) { $0 + ($1 == Int32(number) ? 1 : 0) }
        }

        /// The `limit` first entries of `currency` by net, then gross (both largest first), then
        /// the user's id by code point (`name` of a position names it): a total order, so the
        /// `limit` best kept while the entries pass are the first `limit` of a full sort, without
        /// a list of every entry.
        func top(_ limit: Int, in currency: Currency, name: (Int) -> String) -> [Int] {
            guard limit > 0, let number = currencies.firstIndex(of: currency) else { return [] }
            func precedes(_ l: Int, _ r: Int) -> Bool {
                if net[l] != net[r] { return net[l] > net[r] }
                if gross[l] != gross[r] { return gross[l] > gross[r] }
                return name(firstPosition(of: l)).utf8.lexicographicallyPrecedes(name(firstPosition(of: r)).utf8)
            }
            var best: [Int] = []  // in order
            best.reserveCapacity(limit + 1)
            for entry in entryCurrency.indices where entryCurrency[entry] == Int32(number) {
                if best.count == limit, let last = best.last, !precedes(entry, last) { continue }
                best.insert(entry, at: best.firstIndex { precedes(entry, $0) } ?? best.count)
                if best.count > limit { best.removeLast() }
            }
            return best
        }
    }
}
