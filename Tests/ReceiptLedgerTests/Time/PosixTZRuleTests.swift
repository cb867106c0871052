import Testing
@testable import ReceiptLedger

extension TimeTests {
    @Suite struct PosixTZRuleTests {
        @Test func readsTheUSRule() throws {
            let rule = try #require(PosixTZRule("PST8PDT,M3.2.0,M11.1.0"))
            #expect(rule.standardOffset == -28_800)
            #expect(rule.daylight?.offset == -25_200)
            // 2024-03-10T10:00:00Z and 2024-11-03T09:00:00Z.
            let transitions = rule.transitions(inYear: 2024)
            #expect(transitions.map(\.utcSeconds) == [1_710_064_800, 1_730_624_400])
            #expect(transitions.map(\.offset) == [-25_200, -28_800])
        }

        @Test func readsQuotedNamesFractionalOffsetsAndExplicitTimes() throws {
            let lordHowe = try #require(PosixTZRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
            #expect(lordHowe.standardOffset == 37_800)
            #expect(lordHowe.daylight?.offset == 39_600)
            let london = try #require(PosixTZRule("GMT0BST,M3.5.0/1,M10.5.0"))
            #expect(london.daylight?.startTime == 3_600)
            #expect(london.daylight?.endTime == 7_200)
            let kolkata = try #require(PosixTZRule("IST-5:30"))
            #expect(kolkata.standardOffset == 19_800)
            #expect(kolkata.daylight == nil)
            let godthab = try #require(PosixTZRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
            #expect(godthab.daylight?.startTime == -3_600)
            #expect(godthab.daylight?.offset == -3_600)
        }

        @Test func dstWithoutDatesUsesTheUSRule() throws {
            let rule = try #require(PosixTZRule("EST5EDT"))
            #expect(rule.daylight?.start == .monthWeekDay(month: 3, week: 2, weekday: 0))
            #expect(rule.daylight?.end == .monthWeekDay(month: 11, week: 1, weekday: 0))
        }

        @Test func dayRulesNameTheRightDays() {
            // 2024 is a leap year: J60 is March 1, zero-based 59 is February 29; M2.5.4 is the last Thursday of February.
            #expect(CivilDate(daysSinceEpoch: PosixTZRule.day(of: .julianNoLeapDay(60), inYear: 2024)) == CivilDate(year: 2024, month: 3, day: 1))
            #expect(CivilDate(daysSinceEpoch: PosixTZRule.day(of: .zeroBasedDay(59), inYear: 2024)) == CivilDate(year: 2024, month: 2, day: 29))
            #expect(CivilDate(daysSinceEpoch: PosixTZRule.day(of: .monthWeekDay(month: 2, week: 5, weekday: 4), inYear: 2024))
                == CivilDate(year: 2024, month: 2, day: 29))
        }

        @Test(arguments: ["", "P8", "PST", "PST8PDT,M13.1.0,M11.1.0", "PST8PDT,M3.2.0", "PST8PDT,M3.2.0,M11.1.0,", "<+1>-1", "PST8PDT,J0,J365"])
        func rejectsMalformedRules(text: String) {
            #expect(PosixTZRule(text) == nil)
        }
    }
}
