/// One column of a report file: its name (the CSV header) and what its values are, so that the
/// CSV file and its sheet in `report.xlsx` come from one description.
///
/// The kind changes nothing in the CSV file (whose cells are text or number as each file
/// writes them); it types the column's cells in the workbook (`ReportWorkbook`). A value that
/// does not read as its kind (an unreadable `delivered_at`, an id where a count would be) is
/// written as text there, so a sheet never loses what its CSV file holds.
struct ReportColumn: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Text, ids and codes: a text cell whatever it looks like (`0042`, `2025-01-01`).
        case text
        /// A whole number (quantities, counts): a number cell.
        case integer
        /// A decimal that is no amount (`days_to_refund`): a number shown with its digits.
        case decimal
        /// An amount, shown with the minor digits of the currency in the column named here.
        case amount(currencyColumn: String)
        /// An instant (`2019-11-28T05:38:19.000Z`): a date-time cell, in UTC.
        case instant
        /// `true` or `false`: a boolean cell.
        case boolean
    }

    let name: String
    let kind: Kind

    static func text(_ name: String) -> ReportColumn { ReportColumn(name: name, kind: .text) }
    static func integer(_ name: String) -> ReportColumn { ReportColumn(name: name, kind: .integer) }
    static func decimal(_ name: String) -> ReportColumn { ReportColumn(name: name, kind: .decimal) }
    static func instant(_ name: String) -> ReportColumn { ReportColumn(name: name, kind: .instant) }
    static func boolean(_ name: String) -> ReportColumn { ReportColumn(name: name, kind: .boolean) }

    /// An amount whose currency is in the column `currency` of the same row.
    static func amount(_ name: String, currency: String = "currency") -> ReportColumn {
        ReportColumn(name: name, kind: .amount(currencyColumn: currency))
    }
}
