/// Cells for the domain's value types, so every file writes them the same way (SPEC §8 "CSV").
extension CSVCell {
    /// `2019-11-28T05:38:19.000Z`, or an empty cell when absent.
    static func instant(_ value: UnixMillis?) -> CSVCell { value.map { .text($0.iso8601) } ?? .empty }
    /// An amount with its currency's digits; `0` when there is no currency (unpriced).
    static func amount(_ value: Money?) -> CSVCell { .number(value?.formatted ?? "0") }
    static func amount(_ minorUnits: Int64, _ currency: Currency) -> CSVCell {
        .number(MoneyFormat.plain(minorUnits, minorDigits: currency.minorDigits))
    }
    static func count(_ value: Int) -> CSVCell { .number(String(value)) }
}

/// The same cells, written straight to bytes (see `CSVRowWriter`).
extension CSVRowWriter {
    /// `CSVCell.amount`: the currency's digits; `0` when there is no currency (unpriced).
    mutating func amount(_ value: Money?) {
        if let value { decimal(value.minorUnits, minorDigits: value.currency.minorDigits) } else { decimal(0, minorDigits: 0) }
    }

    mutating func amount(_ minorUnits: Int64, _ currency: Currency) {
        decimal(minorUnits, minorDigits: currency.minorDigits)
    }

    mutating func count(_ value: Int) {
        integer(Int64(value))
    }
}
