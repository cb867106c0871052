/// The length of the reporting periods (`--period`).
enum PeriodUnit: String, Sendable, CaseIterable {
    case day, week, month, quarter, year
}

/// How periods are cut (`--calendar`).
enum CalendarKind: String, Sendable, CaseIterable {
    case gregorian
    case appleFiscal = "apple-fiscal"
}

/// Names the reporting period that holds an instant (SPEC §6, §8 "Fiscal labels").
///
/// The instant's local date in `zone` (its offset at that instant) decides the period. Labels:
/// - gregorian: `2024-03-05`, `2024-W10` (ISO 8601 week and week-numbering year), `2024-03`,
///   `2024-Q1`, `2024`;
/// - apple-fiscal: the plain local date for days, `FY2025-W01`, `2025-01` (see `FiscalDate`),
///   `FY2025-Q2`, `FY2025`.
///
/// Immutable and built from integer math alone, so one value may be used from any thread.
final class PeriodCalendar: Sendable {
    let unit: PeriodUnit
    let calendar: CalendarKind
    let zone: ZoneRules

    init(unit: PeriodUnit, calendar: CalendarKind = .gregorian, zone: ZoneRules = .utc) {
        self.unit = unit
        self.calendar = calendar
        self.zone = zone
    }

    /// Days since 1970-01-01 of the instant's local date.
    func localDay(of instant: UnixMillis) -> Int64 {
        let (local, overflow) = instant.rawValue.addingReportingOverflow(zone.offsetMillis(at: instant))
        return UnixMillis.split(overflow ? instant.rawValue : local).day
    }

    func label(for instant: UnixMillis) -> String {
        label(forLocalDay: localDay(of: instant))
    }

    /// The label of the period that holds local day `day` (days since 1970-01-01).
    func label(forLocalDay day: Int64) -> String {
        switch (unit, calendar) {
        case (.day, _):
            let date = CivilDate(daysSinceEpoch: day)
            return date.isoText
        case (.week, .gregorian):
            let week = IsoWeek(daysSinceEpoch: day)
            return "\(CivilDate.yearText(week.year))-W\(CivilDate.twoDigits(week.week))"
        case (.month, .gregorian):
            let date = CivilDate(daysSinceEpoch: day)
            return "\(CivilDate.yearText(date.year))-\(CivilDate.twoDigits(date.month))"
        case (.quarter, .gregorian):
            let date = CivilDate(daysSinceEpoch: day)
            return "\(CivilDate.yearText(date.year))-Q\((date.month - 1) / 3 + 1)"
        case (.year, .gregorian):
            return CivilDate.yearText(CivilDate(daysSinceEpoch: day).year)
        case (.week, .appleFiscal):
            let fiscal = FiscalDate(daysSinceEpoch: day)
            return "FY\(CivilDate.yearText(fiscal.fiscalYear))-W\(CivilDate.twoDigits(fiscal.week))"
        case (.month, .appleFiscal):
            let month = FiscalDate(daysSinceEpoch: day).labelMonth
            return "\(CivilDate.yearText(month.year))-\(CivilDate.twoDigits(month.month))"
        case (.quarter, .appleFiscal):
            let fiscal = FiscalDate(daysSinceEpoch: day)
            return "FY\(CivilDate.yearText(fiscal.fiscalYear))-Q\(fiscal.quarter)"
        case (.year, .appleFiscal):
            return "FY\(CivilDate.yearText(FiscalDate(daysSinceEpoch: day).fiscalYear))"
        }
    }

    /// The year a period of local day `day` belongs to, for sums from the start of the year:
    /// `2024` (for weeks the ISO week-numbering year), `FY2025` with the Apple fiscal calendar.
    func yearLabel(forLocalDay day: Int64) -> String {
        switch (unit, calendar) {
        case (.week, .gregorian): return CivilDate.yearText(IsoWeek(daysSinceEpoch: day).year)
        case (_, .gregorian): return CivilDate.yearText(CivilDate(daysSinceEpoch: day).year)
        case (_, .appleFiscal): return "FY" + CivilDate.yearText(FiscalDate(daysSinceEpoch: day).fiscalYear)
        }
    }

    /// Whether a period's label leaves its first and last day unclear (ISO and fiscal weeks,
    /// fiscal months, quarters and years), so that the pages show them.
    var labelsNeedDates: Bool { unit == .week || (calendar == .appleFiscal && unit != .day) }

    /// The local days of the period that holds local day `day`: its first day and the day after its last.
    func days(containingLocalDay day: Int64) -> Range<Int64> {
        switch (unit, calendar) {
        case (.day, _):
            return day..<(day + 1)
        case (.week, .gregorian):
            let monday = IsoWeek(daysSinceEpoch: day).firstDay
            return monday..<(monday + 7)
        case (.month, .gregorian):
            let date = CivilDate(daysSinceEpoch: day)
            let first = CivilDate(year: date.year, month: date.month, day: 1).daysSinceEpoch
            return first..<(first + CivilDate.daysInMonth(year: date.year, month: date.month))
        case (.quarter, .gregorian):
            let date = CivilDate(daysSinceEpoch: day)
            let firstMonth = (date.month - 1) / 3 * 3 + 1
            let first = CivilDate(year: date.year, month: firstMonth, day: 1).daysSinceEpoch
            let next = firstMonth == 10
                ? CivilDate(year: date.year + 1, month: 1, day: 1) : CivilDate(year: date.year, month: firstMonth + 3, day: 1)
            return first..<next.daysSinceEpoch
        case (.year, .gregorian):
            let year = CivilDate(daysSinceEpoch: day).year
            return CivilDate(year: year, month: 1, day: 1).daysSinceEpoch..<CivilDate(year: year + 1, month: 1, day: 1).daysSinceEpoch
        case (.week, .appleFiscal):
            let fiscal = FiscalDate(daysSinceEpoch: day)
            let first = fiscal.yearFirstDay + (fiscal.week - 1) * 7
            return first..<(first + 7)
        case (.month, .appleFiscal):
            return FiscalDate(daysSinceEpoch: day).monthDays
        case (.quarter, .appleFiscal):
            let fiscal = FiscalDate(daysSinceEpoch: day)
            var first = fiscal.monthDays.lowerBound
            for month in stride(from: fiscal.month - 1, through: (fiscal.quarter - 1) * 3 + 1, by: -1) {
                first -= FiscalDate.weeks(inMonth: month, weekCount: fiscal.weekCount) * 7
            }
            var end = fiscal.monthDays.upperBound
            for month in stride(from: fiscal.month + 1, through: fiscal.quarter * 3, by: 1) {
                end += FiscalDate.weeks(inMonth: month, weekCount: fiscal.weekCount) * 7
            }
            return first..<end
        case (.year, .appleFiscal):
            let fiscal = FiscalDate(daysSinceEpoch: day)
            return fiscal.yearFirstDay..<(fiscal.yearFirstDay + fiscal.weekCount * 7)
        }
    }

    /// The instants of the period that holds `instant`: its first instant and the first instant of
    /// the next period (exclusive). A local midnight skipped by a DST jump starts at the jump.
    func interval(containing instant: UnixMillis) -> (start: UnixMillis, end: UnixMillis) {
        let days = days(containingLocalDay: localDay(of: instant))
        return (zone.firstInstant(atOrAfterLocal: Self.millis(ofDay: days.lowerBound)),
                zone.firstInstant(atOrAfterLocal: Self.millis(ofDay: days.upperBound)))
    }

    private static func millis(ofDay day: Int64) -> Int64 {
        let (millis, overflow) = day.multipliedReportingOverflow(by: UnixMillis.millisPerDay)
        return overflow ? (day < 0 ? Int64.min : Int64.max) : millis
    }
}
