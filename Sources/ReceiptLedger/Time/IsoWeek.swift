/// An ISO 8601 week: weeks run Monday to Sunday, and week 1 of a week-numbering year is the week
/// holding that year's first Thursday (so 2024-12-30 is in 2025-W01 and 2021-01-03 in 2020-W53).
struct IsoWeek: Hashable, Sendable {
    /// The ISO week-numbering year, which differs from the calendar year near January 1.
    var year: Int64
    /// 1 ... 52 or 53.
    var week: Int64
    /// Days since 1970-01-01 of the week's Monday.
    var firstDay: Int64

    init(daysSinceEpoch day: Int64) {
        // 0 = Monday ... 6 = Sunday.
        let weekdayFromMonday = (CivilDate.weekday(daysSinceEpoch: day) + 6) % 7
        firstDay = day - weekdayFromMonday
        let thursday = firstDay + 3
        year = CivilDate(daysSinceEpoch: thursday).year
        week = (thursday - CivilDate(year: year, month: 1, day: 1).daysSinceEpoch) / 7 + 1
    }
}
