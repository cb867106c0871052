import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

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

        /// The fast conversion (Neri and Schneider) gives Hinnant's date for every day from
        /// year −2000 to 12000, at the ends of its range and on 200,000 days spread over it,
        /// and leaves the days outside its range to Hinnant's.
        @Test func bothConversionsFromDaysAgree() {
            var differing = 0
            func check(_ day: Int64) {
                if CivilDate.fromDaysByEuclideanAffineFunctions(day) != CivilDate.fromDaysByHinnant(day) { differing += 1 }
            }
            for day in CivilDate(year: -2000, month: 1, day: 1).daysSinceEpoch...CivilDate(year: 12000, month: 1, day: 1).daysSinceEpoch {
                check(day)
            }
            let range = CivilDate.euclideanAffineDays
            for day in [range.lowerBound, range.lowerBound + 1, range.upperBound - 2, range.upperBound - 1] { check(day) }
            var random = DemoRandom(seed: 13)
            for _ in 0..<200_000 { check(range.lowerBound + Int64(random.next() % UInt64(range.count))) }
            #expect(differing == 0)
            #expect(CivilDate.fromDaysByEuclideanAffineFunctions(range.upperBound) == nil)
            #expect(CivilDate.fromDaysByEuclideanAffineFunctions(range.lowerBound - 1) == nil)
            #expect(CivilDate(daysSinceEpoch: range.upperBound + 365) == CivilDate.fromDaysByHinnant(range.upperBound + 365))
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
