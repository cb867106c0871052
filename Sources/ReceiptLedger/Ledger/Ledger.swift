/// One ledger: amounts per (environment, period, dimension, currency), where the dimension is
/// nothing (per period), the product, the user (SPEC §7), or the storefront (SPEC §9).
struct Ledger: Sendable {
    enum Dimension: Sendable { case period, product, user, storefront }

    struct Key: Hashable, Sendable {
        var environment: Environment
        var period: String
        /// Product id or user id; empty for the period ledger.
        var item: String
        var currency: Currency

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.environment == rhs.environment && lhs.currency == rhs.currency
                && lhs.period.hasSameUTF8(as: rhs.period) && lhs.item.hasSameUTF8(as: rhs.item)
        }

        /// Key order: environment, period, item (by code point), currency.
        static func precedes(_ l: Key, _ r: Key) -> Bool {
            if l.environment != r.environment { return l.environment < r.environment }
            if !l.period.hasSameUTF8(as: r.period) { return l.period.utf8Precedes(r.period) }
            if !l.item.hasSameUTF8(as: r.item) { return l.item.utf8Precedes(r.item) }
            return l.currency < r.currency
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(environment)
            period.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(0xFF as UInt8)  // never in UTF-8: ends the period
            item.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(currency.minorDigits)  // equal currencies have equal digits; the code decides equality
        }

        /// The key in `precedes` order, as `SortKeys` bytes (environment by name, then the
        /// texts by code point; a currency is compared by its code's code points).
        func appendSortKey(to keys: inout SortKeys) {
            keys.append(byte: environment == .production ? 0 : 1)
            keys.append(text: period)
            keys.append(text: item)
            keys.append(text: currency.code)
        }
    }

    let dimension: Dimension
    /// The rows added one by one with `add`.
    private var rows: [Key: LedgerAmounts] = [:]
    /// `sortedRows` of a ledger summed by `LedgerTally`: the files and pages read it several
    /// times, and a user ledger has a row per user and period.
    private var sorted: LedgerRowList?

    init(dimension: Dimension) { self.dimension = dimension }

    /// A complete ledger of rows summed elsewhere (`LedgerTally`): `sortedRows` in key order,
    /// each with some non-zero count and its own key.
    init(dimension: Dimension, sortedRows: LedgerRowList) {
        self.dimension = dimension
        sorted = sortedRows
    }

    mutating func add(_ amounts: LedgerAmounts, at key: Key) {
        if let sorted {
            // Completed already: back to the dictionary.
            for (key, amounts) in sorted { rows[key] = amounts }
            self.sorted = nil
        }
        rows[key, default: LedgerAmounts()] += amounts
    }

    /// Rows with some non-zero count, in key order (environment, period, item, currency).
    var sortedRows: LedgerRowList { sorted ?? LedgerRowList(sortRows()) }

    private func sortRows() -> [(key: Key, amounts: LedgerAmounts)] {
        var unsorted: [(key: Key, amounts: LedgerAmounts)] = []
        unsorted.reserveCapacity(rows.count)
        for (key, amounts) in rows where !amounts.isEmpty { unsorted.append((key, amounts)) }
        var keys = SortKeys(keys: unsorted.count)
        for (key, _) in unsorted {
            key.appendSortKey(to: &keys)
            keys.endKey()
        }
        return keys.order().map { unsorted[$0] }
    }

    /// Totals per (environment, currency) over every row.
    var totals: [(environment: Environment, currency: Currency, amounts: LedgerAmounts)] {
        var sums: [Key: LedgerAmounts] = [:]
        for (key, amounts) in sortedRows {
            sums[Key(environment: key.environment, period: "", item: "", currency: key.currency), default: LedgerAmounts()] += amounts
        }
        return sums.filter { !$0.value.isEmpty }.map { ($0.key.environment, $0.key.currency, $0.value) }
            .sorted { $0.environment != $1.environment ? $0.environment < $1.environment : $0.currency < $1.currency }
    }
}
