import Testing
@testable import ReceiptLedger

extension TimeTests {
    @Suite struct CivilDateTests {
        // Expected day numbers and weekdays from Python: (date(y, m, d) - date(1970, 1, 1)).days.
        @Test(arguments: [
            (CivilDate(year: 1970, month: 1, day: 1), Int64(0), Int64(4)),
            (CivilDate(year: 2000, month: 3, day: 1), 11_017, 3),
            (CivilDate(year: 1900, month: 1, day: 1), -25_567, 1),
            (CivilDate(year: 9999, month: 1, day: 1), 2_932_532, 5),
            (CivilDate(year: 1600, month: 2, day: 29), -135_081, 2),
            (CivilDate(year: 1, month: 1, day: 1), -719_162, 1),
            (CivilDate(year: 2024, month: 2, day: 29), 19_782, 4),
        ])
        func knownDatesConvertBothWays(date: CivilDate, days: Int64, weekday: Int64) {
            #expect(date.daysSinceEpoch == days)
            #expect(CivilDate(daysSinceEpoch: days) == date)
            #expect(date.weekday == weekday)
        }

        @Test func everyDayFrom1800To2400RoundTripsAndAdvancesByOne() {
            var expected = CivilDate(year: 1800, month: 1, day: 1)
            for day in expected.daysSinceEpoch...CivilDate(year: 2400, month: 12, day: 31).daysSinceEpoch {
                #expect(CivilDate(daysSinceEpoch: day) == expected)
                #expect(expected.daysSinceEpoch == day)
                if expected.day < CivilDate.daysInMonth(year: expected.year, month: expected.month) {
                    expected.day += 1
                } else if expected.month < 12 {
                    expected = CivilDate(year: expected.year, month: expected.month + 1, day: 1)
                } else {
                    expected = CivilDate(year: expected.year + 1, month: 1, day: 1)
                }
            }
        }

        @Test func leapYearsFollowTheGregorianRule() {
            #expect(CivilDate.isLeapYear(2024))
            #expect(CivilDate.isLeapYear(2000))
            #expect(!CivilDate.isLeapYear(1900))
            #expect(!CivilDate.isLeapYear(2023))
            #expect(CivilDate.daysInMonth(year: 2023, month: 2) == 28)
            #expect(CivilDate.daysInMonth(year: 2024, month: 2) == 29)
            #expect(CivilDate.daysInMonth(year: 2024, month: 13) == 0)
        }

        @Test func floorDivisionRoundsTowardThePast() {
            #expect(CivilDate.floorDivide(-1, by: 7) == -1)
            #expect(CivilDate.floorDivide(-7, by: 7) == -1)
            #expect(CivilDate.floorDivide(6, by: 7) == 0)
        }
    }
}
