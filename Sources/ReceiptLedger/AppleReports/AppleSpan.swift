/// The Pacific days one Apple row covers, and how SPEC §10 writes them in `period`: `2024-03-05`
/// for one day, `2024-03-04..2024-03-10` for several, and a financial row's Apple fiscal month as
/// §6 labels it (`2025-01`).
package struct AppleSpan: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 of the first and the last day (inclusive), Pacific civil dates.
    package let firstDay: Int64
    package let lastDay: Int64
    package let label: String

    /// The days `first` ... `last` of a sales row; `last` ≥ `first`.
    static func days(_ first: Int64, _ last: Int64) -> AppleSpan {
        let day = PeriodCalendar(unit: .day)
        let label = first == last ? day.label(forLocalDay: first) : day.label(forLocalDay: first) + ".." + day.label(forLocalDay: last)
        return AppleSpan(firstDay: first, lastDay: last, label: label)
    }

    /// The Apple fiscal month (SPEC §6) holding `day`: a financial row's span, from its Start Date.
    package static func fiscalMonth(containing day: Int64) -> AppleSpan {
        let month = PeriodCalendar(unit: .month, calendar: .appleFiscal)
        let days = month.days(containingLocalDay: day)
        return AppleSpan(firstDay: days.lowerBound, lastDay: days.upperBound - 1, label: month.label(forLocalDay: day))
    }

    func contains(day: Int64) -> Bool { firstDay <= day && day <= lastDay }

    package static func < (lhs: AppleSpan, rhs: AppleSpan) -> Bool {
        (lhs.firstDay, lhs.lastDay) < (rhs.firstDay, rhs.lastDay)
    }
}
