/// A day's place in Apple's fiscal (payment) calendar.
///
/// SPEC §6 and §8 "Fiscal labels", after Apple's published fiscal calendar: weeks run Sunday to
/// Saturday; fiscal year N ends on the last Saturday of September of year N and starts the day
/// after year N − 1 ended, so it has 52 or 53 weeks; each quarter's months have 5, 4 and 4 weeks,
/// except that a 53-week year gives its first quarter 5, 4 and 5. Pure integer math on day numbers.
struct FiscalDate: Hashable, Sendable {
    /// `FY2025` runs from 2024-09-29 to 2025-09-27.
    var fiscalYear: Int64
    /// Days since 1970-01-01 of the fiscal year's first day (a Sunday).
    var yearFirstDay: Int64
    /// 52 or 53.
    var weekCount: Int64
    /// 1 ... `weekCount`; week 1 starts the fiscal year.
    var week: Int64
    /// 1 ... 12: the fiscal year's months in order (1 is the one labelled October).
    var month: Int64
    /// First day of the fiscal month and the day after its last.
    var monthDays: Range<Int64>

    /// 1 ... 4.
    var quarter: Int64 { (month - 1) / 3 + 1 }

    /// The calendar month that holds the fiscal month's start plus 14 days, which names it:
    /// fiscal January 2025 (2024-12-29 ... 2025-02-01) is `2025-01`.
    var labelMonth: CivilDate { CivilDate(daysSinceEpoch: monthDays.lowerBound + 14) }

    init(daysSinceEpoch day: Int64) {
        let calendarYear = CivilDate(daysSinceEpoch: day).year
        fiscalYear = day <= Self.lastDay(ofFiscalYear: calendarYear) ? calendarYear : calendarYear + 1
        yearFirstDay = Self.firstDay(ofFiscalYear: fiscalYear)
        weekCount = (Self.lastDay(ofFiscalYear: fiscalYear) - yearFirstDay + 1) / 7
        let weekIndex = (day - yearFirstDay) / 7
        week = weekIndex + 1
        var monthStartWeek: Int64 = 0
        var monthIndex: Int64 = 0
        while true {
            let weeks = Self.weeks(inMonth: monthIndex + 1, weekCount: weekCount)
            if weekIndex < monthStartWeek + weeks || monthIndex == 11 {
                month = monthIndex + 1
                monthDays = (yearFirstDay + monthStartWeek * 7)..<(yearFirstDay + (monthStartWeek + weeks) * 7)
                break
            }
            monthStartWeek += weeks
            monthIndex += 1
        }
    }

    /// Weeks in fiscal month `month` (1 ... 12): 5, 4, 4 in every quarter; 5, 4, 5 in the first
    /// quarter of a 53-week year.
    static func weeks(inMonth month: Int64, weekCount: Int64) -> Int64 {
        if (month - 1) % 3 == 0 { return 5 }
        return month == 3 && weekCount == 53 ? 5 : 4
    }

    /// Days since 1970-01-01 of the last Saturday of September of `fiscalYear`.
    static func lastDay(ofFiscalYear fiscalYear: Int64) -> Int64 {
        let september30 = CivilDate(year: fiscalYear, month: 9, day: 30).daysSinceEpoch
        // Saturday is weekday 6: step back (weekday + 1) mod 7 days.
        return september30 - (CivilDate.weekday(daysSinceEpoch: september30) + 1) % 7
    }

    static func firstDay(ofFiscalYear fiscalYear: Int64) -> Int64 {
        lastDay(ofFiscalYear: fiscalYear - 1) + 1
    }
}
