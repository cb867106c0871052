import Testing
@testable import ReceiptLedger

extension TimeTests {
    /// Expected labels from Python: `date.isocalendar()` for ISO weeks, and for the fiscal calendar a
    /// separate walk over `date` objects (last Saturday of September, months of 5-4-4 weeks).
    @Suite struct PeriodCalendarTests {
        static func noon(_ year: Int64, _ month: Int64, _ day: Int64) -> UnixMillis {
            UnixMillis(CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400_000 + 12 * 3_600_000)
        }

        /// The gregorian label, in UTC, of noon of a date.
        static func label(_ unit: PeriodUnit, _ year: Int64, _ month: Int64, _ day: Int64) -> String {
            PeriodCalendar(unit: unit, calendar: .gregorian, zone: .utc).label(for: noon(year, month, day))
        }

        /// The apple-fiscal label, in UTC, of noon of a date.
        static func fiscal(_ unit: PeriodUnit, _ year: Int64, _ month: Int64, _ day: Int64) -> String {
            PeriodCalendar(unit: unit, calendar: .appleFiscal, zone: .utc).label(for: noon(year, month, day))
        }

        @Test func gregorianLabels() {
            #expect(Self.label(.day, 2024, 3, 5) == "2024-03-05")
            #expect(Self.label(.week, 2024, 3, 5) == "2024-W10")
            #expect(Self.label(.month, 2024, 3, 5) == "2024-03")
            #expect(Self.label(.quarter, 2024, 3, 5) == "2024-Q1")
            #expect(Self.label(.year, 2024, 3, 5) == "2024")
        }

        @Test(arguments: [
            (CivilDate(year: 2024, month: 12, day: 30), "2025-W01"),
            (CivilDate(year: 2021, month: 1, day: 3), "2020-W53"),
            (CivilDate(year: 2020, month: 12, day: 31), "2020-W53"),
            (CivilDate(year: 2019, month: 12, day: 30), "2020-W01"),
            (CivilDate(year: 2026, month: 1, day: 1), "2026-W01"),
            (CivilDate(year: 2027, month: 1, day: 1), "2026-W53"),
            (CivilDate(year: 2008, month: 12, day: 29), "2009-W01"),
            (CivilDate(year: 2010, month: 1, day: 3), "2009-W53"),
        ])
        func isoWeeksUseTheWeekNumberingYear(date: CivilDate, label: String) {
            #expect(Self.label(.week, date.year, date.month, date.day) == label)
        }

        @Test func quartersCoverThreeMonths() {
            #expect(Self.label(.quarter, 2024, 4, 1) == "2024-Q2")
            #expect(Self.label(.quarter, 2024, 9, 30) == "2024-Q3")
            #expect(Self.label(.quarter, 2024, 10, 1) == "2024-Q4")
            #expect(Self.label(.quarter, 2024, 12, 31) == "2024-Q4")
        }

        @Test func pacificDayBoundariesFollowDaylightSavingTime() {
            let days = PeriodCalendar(unit: .day, calendar: .gregorian, zone: .pacific)
            // PST: local midnight of 2024-03-10 is 08:00Z.
            #expect(days.label(for: UnixMillis(1_710_057_599_999)) == "2024-03-09")
            #expect(days.label(for: UnixMillis(1_710_057_600_000)) == "2024-03-10")
            // PDT: local midnight of 2024-03-11 is 07:00Z.
            #expect(days.label(for: UnixMillis(1_710_140_399_999)) == "2024-03-10")
            #expect(days.label(for: UnixMillis(1_710_140_400_000)) == "2024-03-11")
            // The same instant is a day later in UTC.
            #expect(PeriodCalendar(unit: .day, zone: .utc).label(for: UnixMillis(1_710_140_399_999)) == "2024-03-11")
        }

        @Test func pacificMonthBoundaryCutsAtLocalMidnight() {
            let months = PeriodCalendar(unit: .month, calendar: .gregorian, zone: .pacific)
            // 2024-04-01T06:59:59.999Z is still March 31 in PDT.
            #expect(months.label(for: UnixMillis(1_711_954_799_999)) == "2024-03")
            #expect(months.label(for: UnixMillis(1_711_954_800_000)) == "2024-04")
        }

        @Test func intervalsOfPacificDaysAcrossDaylightSavingTime() {
            let days = PeriodCalendar(unit: .day, calendar: .gregorian, zone: .pacific)
            let spring = days.interval(containing: UnixMillis(1_710_100_000_000))   // 2024-03-10
            #expect(spring.start.iso8601 == "2024-03-10T08:00:00.000Z")
            #expect(spring.end.iso8601 == "2024-03-11T07:00:00.000Z")
            let autumn = days.interval(containing: UnixMillis(1_730_640_000_000))   // 2024-11-03
            #expect(autumn.start.iso8601 == "2024-11-03T07:00:00.000Z")
            #expect(autumn.end.iso8601 == "2024-11-04T08:00:00.000Z")
        }

        @Test func fiscalYear2025RunsFromSeptember29ToSeptember27() {
            #expect(Self.fiscal(.year, 2024, 9, 28) == "FY2024")
            #expect(Self.fiscal(.year, 2024, 9, 29) == "FY2025")
            #expect(Self.fiscal(.year, 2025, 9, 27) == "FY2025")
            #expect(Self.fiscal(.year, 2025, 9, 28) == "FY2026")
            #expect(Self.fiscal(.week, 2024, 9, 28) == "FY2024-W52")
            #expect(Self.fiscal(.week, 2024, 9, 29) == "FY2025-W01")
            #expect(Self.fiscal(.week, 2024, 10, 5) == "FY2025-W01")
            #expect(Self.fiscal(.week, 2024, 10, 6) == "FY2025-W02")
            #expect(Self.fiscal(.week, 2025, 9, 27) == "FY2025-W52")
            #expect(Self.fiscal(.quarter, 2024, 9, 29) == "FY2025-Q1")
            #expect(Self.fiscal(.month, 2024, 9, 29) == "2024-10")
            let year = PeriodCalendar(unit: .year, calendar: .appleFiscal, zone: .utc).interval(containing: Self.noon(2025, 3, 1))
            #expect(year.start.iso8601 == "2024-09-29T00:00:00.000Z")
            #expect(year.end.iso8601 == "2025-09-28T00:00:00.000Z")
        }

        @Test(arguments: [
            // FY2025 months (5-4-4 weeks each quarter): first day, last day, label.
            (CivilDate(year: 2024, month: 9, day: 29), CivilDate(year: 2024, month: 11, day: 2), "2024-10", "FY2025-Q1"),
            (CivilDate(year: 2024, month: 11, day: 3), CivilDate(year: 2024, month: 11, day: 30), "2024-11", "FY2025-Q1"),
            (CivilDate(year: 2024, month: 12, day: 1), CivilDate(year: 2024, month: 12, day: 28), "2024-12", "FY2025-Q1"),
            (CivilDate(year: 2024, month: 12, day: 29), CivilDate(year: 2025, month: 2, day: 1), "2025-01", "FY2025-Q2"),
            (CivilDate(year: 2025, month: 3, day: 2), CivilDate(year: 2025, month: 3, day: 29), "2025-03", "FY2025-Q2"),
            (CivilDate(year: 2025, month: 3, day: 30), CivilDate(year: 2025, month: 5, day: 3), "2025-04", "FY2025-Q3"),
            (CivilDate(year: 2025, month: 8, day: 31), CivilDate(year: 2025, month: 9, day: 27), "2025-09", "FY2025-Q4"),
            // FY2023 has 53 weeks: its first quarter is 5-4-5.
            (CivilDate(year: 2022, month: 9, day: 25), CivilDate(year: 2022, month: 10, day: 29), "2022-10", "FY2023-Q1"),
            (CivilDate(year: 2022, month: 10, day: 30), CivilDate(year: 2022, month: 11, day: 26), "2022-11", "FY2023-Q1"),
            (CivilDate(year: 2022, month: 11, day: 27), CivilDate(year: 2022, month: 12, day: 31), "2022-12", "FY2023-Q1"),
            (CivilDate(year: 2023, month: 1, day: 1), CivilDate(year: 2023, month: 2, day: 4), "2023-01", "FY2023-Q2"),
            (CivilDate(year: 2023, month: 9, day: 3), CivilDate(year: 2023, month: 9, day: 30), "2023-09", "FY2023-Q4"),
        ])
        func fiscalMonthsAreNamedByTheirStartPlus14Days(first: CivilDate, last: CivilDate, month: String, quarter: String) {
            for date in [first, last] {
                #expect(Self.fiscal(.month, date.year, date.month, date.day) == month)
                #expect(Self.fiscal(.quarter, date.year, date.month, date.day) == quarter)
            }
            let before = CivilDate(daysSinceEpoch: first.daysSinceEpoch - 1)
            let after = CivilDate(daysSinceEpoch: last.daysSinceEpoch + 1)
            #expect(Self.fiscal(.month, before.year, before.month, before.day) != month)
            #expect(Self.fiscal(.month, after.year, after.month, after.day) != month)
            let interval = PeriodCalendar(unit: .month, calendar: .appleFiscal, zone: .utc).interval(containing: Self.noon(first.year, first.month, first.day))
            #expect(interval.start == UnixMillis(first.daysSinceEpoch * 86_400_000))
            #expect(interval.end == UnixMillis((last.daysSinceEpoch + 1) * 86_400_000))
        }

        @Test func fiftyThreeWeekFiscalYearHasWeek53() {
            #expect(FiscalDate(daysSinceEpoch: CivilDate(year: 2023, month: 3, day: 1).daysSinceEpoch).weekCount == 53)
            #expect(FiscalDate(daysSinceEpoch: CivilDate(year: 2024, month: 3, day: 1).daysSinceEpoch).weekCount == 52)
            #expect(Self.fiscal(.week, 2023, 9, 24) == "FY2023-W53")
            #expect(Self.fiscal(.week, 2023, 9, 30) == "FY2023-W53")
            #expect(Self.fiscal(.week, 2023, 10, 1) == "FY2024-W01")
            #expect(Self.fiscal(.week, 2022, 12, 31) == "FY2023-W14")
            let quarter = PeriodCalendar(unit: .quarter, calendar: .appleFiscal, zone: .utc).interval(containing: Self.noon(2022, 11, 1))
            #expect(quarter.start.iso8601 == "2022-09-25T00:00:00.000Z")
            #expect(quarter.end.iso8601 == "2023-01-01T00:00:00.000Z")
        }

        @Test(arguments: [
            (Int64(2015), Int64(52)), (2016, 52), (2017, 53), (2018, 52), (2022, 52), (2023, 53),
            (2024, 52), (2025, 52), (2028, 53), (2034, 53),
        ])
        func fiscalYearLengthsMatchAnIndependentCount(fiscalYear: Int64, weeks: Int64) {
            let lastDay = FiscalDate.lastDay(ofFiscalYear: fiscalYear)
            #expect(FiscalDate(daysSinceEpoch: lastDay).weekCount == weeks)
            #expect(CivilDate.weekday(daysSinceEpoch: lastDay) == 6)
            #expect(CivilDate(daysSinceEpoch: lastDay).month == 9)
        }

        @Test func fiscalDayIsThePlainLocalDate() {
            #expect(Self.fiscal(.day, 2024, 12, 29) == "2024-12-29")
        }

        @Test func fiscalPeriodsUseTheLocalDate() {
            // 2024-09-29T05:00:00Z is still Saturday 2024-09-28 in Los Angeles: FY2024.
            let instant = UnixMillis(1_727_586_000_000)
            #expect(PeriodCalendar(unit: .year, calendar: .appleFiscal, zone: .pacific).label(for: instant) == "FY2024")
            #expect(PeriodCalendar(unit: .year, calendar: .appleFiscal, zone: .utc).label(for: instant) == "FY2025")
        }

        @Test func labelsAtTheEdgesOfTheReadableRangeHaveFourDigits() {
            let lowest = UnixMillis.readableRange.lowerBound
            #expect(PeriodCalendar(unit: .day, zone: .pacific).label(for: lowest) == "1899-12-31")
            #expect(PeriodCalendar(unit: .week, zone: .utc).label(for: lowest) == "1900-W01")
            let highest = UnixMillis.readableRange.upperBound
            #expect(PeriodCalendar(unit: .year, calendar: .appleFiscal, zone: .utc).label(for: highest) == "FY9999")
            #expect(PeriodCalendar(unit: .month, calendar: .appleFiscal, zone: .utc).label(for: highest) == "9999-01")
        }

        @Test func everyDayOfManyYearsBelongsToExactlyOneFiscalPeriodOfEachUnit() {
            // Walk 1999-2031 day by day: each label's days form one contiguous run matching `days(containingLocalDay:)`.
            for unit in [PeriodUnit.week, .month, .quarter, .year] {
                let calendar = PeriodCalendar(unit: unit, calendar: .appleFiscal, zone: .utc)
                var day = CivilDate(year: 1999, month: 1, day: 1).daysSinceEpoch
                let end = CivilDate(year: 2031, month: 12, day: 31).daysSinceEpoch
                var seen: Set<String> = []
                while day < end {
                    let span = calendar.days(containingLocalDay: day)
                    let label = calendar.label(forLocalDay: day)
                    #expect(span.contains(day))
                    #expect(!seen.contains(label), "label \(label) appears twice")
                    seen.insert(label)
                    #expect(calendar.label(forLocalDay: span.upperBound - 1) == label)
                    #expect(calendar.label(forLocalDay: span.upperBound) != label)
                    day = span.upperBound
                }
            }
        }
    }
}
