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
