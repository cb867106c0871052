import Foundation
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

    @Suite struct TZifFileTests {
        /// A version 2 TZif file (RFC 8536) with the given 64-bit transitions, types and footer.
        static func tzif(times: [Int64], typeIndices: [UInt8], types: [(Int32, Bool)], footer: String) -> [UInt8] {
            func be<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
                withUnsafeBytes(of: value.bigEndian) { Array($0) }
            }
            func header(timeCount: Int, typeCount: Int) -> [UInt8] {
                Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
                    + be(UInt32(0)) + be(UInt32(0)) + be(UInt32(0)) + be(UInt32(timeCount)) + be(UInt32(typeCount)) + be(UInt32(4))
            }
            let v1 = header(timeCount: 0, typeCount: 1) + be(Int32(0)) + [0, 0] + Array("UTC\0".utf8)
            var v2 = header(timeCount: times.count, typeCount: types.count)
            v2 += times.flatMap { be($0) } + typeIndices
            v2 += types.flatMap { be($0.0) + [$0.1 ? 1 : 0, 0] } + Array("ABC\0".utf8)
            return v1 + v2 + Array("\n\(footer)\n".utf8)
        }

        @Test func readsTheLosAngelesFileOfThisMachine() throws {
            let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/America/Los_Angeles"))
            let file = try TZifFile(bytes: [UInt8](data))
            #expect(file.footer == "PST8PDT,M3.2.0,M11.1.0")
            // Before the first transition (1883): local mean time, the first standard type.
            #expect(file.typeBeforeFirstTransition?.utcOffset == -28_378)
            #expect(file.transitionTimes.contains(-1_633_269_600))   // 1918-03-31T10:00:00Z
        }

        @Test func refusesWhatIsNotTZif() {
            #expect(throws: TZifFile.Malformed.notTZif) { try TZifFile(bytes: Array("TZxf2".utf8) + [UInt8](repeating: 0, count: 60)) }
            #expect(throws: TZifFile.Malformed.truncated) { try TZifFile(bytes: [1, 2, 3]) }
            let whole = Self.tzif(times: [0], typeIndices: [0], types: [(3_600, false)], footer: "")
            #expect(throws: TZifFile.Malformed.truncated) { try TZifFile(bytes: Array(whole.dropLast(12))) }
            let badIndex = Self.tzif(times: [0], typeIndices: [3], types: [(3_600, false)], footer: "")
            #expect(throws: TZifFile.Malformed.badTypeIndex) { try TZifFile(bytes: badIndex) }
        }

        @Test func ruleAloneGovernsAFileWithoutTransitions() throws {
            let bytes = Self.tzif(times: [], typeIndices: [], types: [(-18_000, false)], footer: "EST5EDT,M3.2.0,M11.1.0")
            let rules = ZoneRules(identifier: "Test/Rule", table: try TransitionTable(tzif: TZifFile(bytes: bytes)))
            // 2024-07-04T19:00Z is EDT, 2024-01-15T20:00Z EST, and so in 1950 and 3000.
            #expect(rules.offsetMillis(at: UnixMillis(1_720_119_600_000)) == -4 * 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(1_705_348_800_000)) == -5 * 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(-615_445_200_000)) == -4 * 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(32_503_680_000_000)) == -5 * 3_600_000)
        }

        @Test func farTransitionMarkersDoNotOverflow() throws {
            let bytes = Self.tzif(times: [-(1 << 59), 0], typeIndices: [0, 1], types: [(0, false), (3_600, false)], footer: "")
            let rules = ZoneRules(identifier: "Test/BigBang", table: try TransitionTable(tzif: TZifFile(bytes: bytes)))
            #expect(rules.offsetMillis(at: UnixMillis(-1)) == 0)
            #expect(rules.offsetMillis(at: UnixMillis(0)) == 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(Int64.max)) == 3_600_000)
            #expect(rules.resolveLocal(Int64.max) == .unique(UnixMillis(Int64.max - 3_600_000)))
            #expect(rules.resolveLocal(Int64.min) == .unique(UnixMillis(Int64.min)))
        }
    }
}
