import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

extension TimeTests {
    /// Expected instants come from Python 3.11 `zoneinfo` on the same tz database, e.g.
    /// `datetime(2024, 11, 3, 1, 30, tzinfo=ZoneInfo("America/Los_Angeles"), fold=1)`.
    @Suite struct ZoneRulesTests {
        static let hour: Int64 = 3_600_000

        /// Local wall time in ms since 1970-01-01 on the local clock.
        static func local(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64 = 0) -> Int64 {
            CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400_000 + (hour * 60 + minute) * 60_000
        }

        @Test(arguments: [
            (Int64(1_720_119_600_000), Int64(-7)),     // 2024-07-04T19:00Z, PDT
            (1_705_348_800_000, -8),                   // 2024-01-15T20:00Z, PST
            (-850_798_800_000, -7),                    // 1943-01-15T19:00Z, war time all year
            (-1_625_288_400_000, -7),                  // 1918-07-01, first US DST
            (-1_562_126_400_000, -8),                  // 1920-07-01, no DST between the wars
            (-615_445_200_000, -7),                    // 1950-07-01, California's own rule
            (-2_208_960_000_000, -8),                  // 1900-01-01T08:00Z
            (4_118_151_600_000, -7),                   // 2100-07-01
            (19_896_606_000_000, -7),                  // 2600-07-01, past the table: 400-year cycle
            (19_880_971_200_000, -8),                  // 2600-01-01
            (253_354_935_600_000, -7),                 // 9998-07-01
        ])
        func pacificOffsetsMatchTheTzDatabase(instant: Int64, hours: Int64) {
            #expect(ZoneRules.pacific.offsetMillis(at: UnixMillis(instant)) == hours * Self.hour)
        }

        /// The bucketed lookup finds the segment the binary search finds: at every transition
        /// and a millisecond either side, and at instants spread over the table and past it.
        @Test(arguments: ["America/Los_Angeles", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])
        func bucketedSegmentLookupAgreesWithBinarySearch(zone: String) throws {
            let rules = try ZoneRules(identifier: zone)
            #expect(rules.indexedSpans <= 4_096)
            var instants: [Int64] = [Int64.min, -1, 0, 1, Int64.max]
            for transition in rules.transitions { instants += [transition - 1, transition, transition + 1] }
            var random = DemoRandom(seed: 14)
            let span = (rules.transitions.first ?? 0, (rules.transitions.last ?? 0) + 400 * 86_400_000)
            for _ in 0..<20_000 { instants.append(span.0 + Int64(random.next() % UInt64(max(1, span.1 - span.0)))) }
            let differing = instants.filter { rules.segment(containing: $0) != rules.segmentByBinarySearch(containing: $0) }
            #expect(differing.count == 0, "first instants that differ: \(differing.prefix(5))")
        }

        /// A "big bang" transition far in the past and a table spanning more years than the
        /// index covers: the index stays small and the lookups still agree.
        @Test func bucketedLookupCopesWithExtremeTables() {
            let year: Int64 = 31_556_952_000
            let events: [(time: Int64, offset: Int64)] = [(-(Int64(1) << 52) * 1_000, 3_600_000), (-100 * year, 0), (0, 3_600_000),
                                                         (30 * year, 0), (7_000 * year, 3_600_000), (7_000 * year + 1, 0)]
            let rules = ZoneRules(identifier: "Test/Extremes", table: ZoneTransitionTable(initialOffset: 0, events: events, periodicFrom: Int64.max))
            #expect(rules.indexedSpans == 4_096)  // not one per 398 days since the big bang
            var instants: [Int64] = [Int64.min, Int64.max, -1, 0, 1]
            for transition in rules.transitions { instants += [transition - 1, transition, transition + 1] }
            var random = DemoRandom(seed: 15)
            for _ in 0..<20_000 { instants.append(Int64(bitPattern: random.next()) >> Int64(random.next() % 24)) }
            let differing = instants.filter { rules.segment(containing: $0) != rules.segmentByBinarySearch(containing: $0) }
            #expect(differing.count == 0, "first instants that differ: \(differing.prefix(5))")
        }

        @Test func pacificOffsetChangesAtTheExactMillisecond() {
            // 2024-03-10T10:00:00Z: PST → PDT; 2024-11-03T09:00:00Z: PDT → PST.
            #expect(ZoneRules.pacific.offsetMillis(at: UnixMillis(1_710_064_799_999)) == -8 * Self.hour)
            #expect(ZoneRules.pacific.offsetMillis(at: UnixMillis(1_710_064_800_000)) == -7 * Self.hour)
            #expect(ZoneRules.pacific.offsetMillis(at: UnixMillis(1_730_624_399_999)) == -7 * Self.hour)
            #expect(ZoneRules.pacific.offsetMillis(at: UnixMillis(1_730_624_400_000)) == -8 * Self.hour)
        }

        @Test func pacificWallTimeInRepeatedHourIsAmbiguous() {
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2024, 11, 3, 1, 30))
                == .ambiguous(earlier: UnixMillis(1_730_622_600_000), later: UnixMillis(1_730_626_200_000)))
            // 1945-09-30 01:30, the end of war time.
            guard case .ambiguous(let earlier, let later) = ZoneRules.pacific.resolveLocal(Self.local(1945, 9, 30, 1, 30)) else {
                Issue.record("1945-09-30 01:30 should be ambiguous")
                return
            }
            #expect(earlier.iso8601 == "1945-09-30T08:30:00.000Z")
            #expect(later.iso8601 == "1945-09-30T09:30:00.000Z")
        }

        @Test func pacificWallTimeInSpringGapIsSkipped() {
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2024, 3, 10, 2, 30)) == .skipped)
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2024, 3, 10, 2, 0)) == .skipped)
            #expect(ZoneRules.pacific.resolveLocal(Self.local(1942, 2, 9, 2, 30)) == .skipped)
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2024, 3, 10, 3, 0)) == .unique(UnixMillis(1_710_064_800_000)))
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2024, 3, 10, 1, 59)) == .unique(UnixMillis(1_710_064_740_000)))
        }

        @Test func farFutureUsesTheSameRuleThroughTheCycle() {
            // 2600-03-09 is the second Sunday of March 2600, 2600-11-02 the first Sunday of November (Python `date.weekday`).
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2600, 3, 9, 2, 30)) == .skipped)
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2600, 11, 2, 1, 30)) == .ambiguous(
                earlier: UnixMillis(Self.local(2600, 11, 2, 8, 30)), later: UnixMillis(Self.local(2600, 11, 2, 9, 30))))
            #expect(ZoneRules.pacific.resolveLocal(Self.local(2600, 7, 1, 12)) == .unique(UnixMillis(19_896_606_000_000)))
        }

        @Test func utcNeedsNoFileAndNeverMoves() throws {
            let zone = try ZoneRules(identifier: "UTC")
            #expect(zone.offsetMillis(at: UnixMillis(1_720_119_600_000)) == 0)
            #expect(zone.resolveLocal(42) == .unique(UnixMillis(42)))
            #expect(ZoneRules.utc.offsetMillis(at: UnixMillis(Int64.min)) == 0)
            #expect(try ZoneRules(identifier: "Etc/GMT").offsetMillis(at: UnixMillis(0)) == 0)
        }

        @Test func otherZonesLoadFromTheTzDatabase() throws {
            let london = try ZoneRules(identifier: "Europe/London")
            #expect(london.offsetMillis(at: UnixMillis(1_720_119_600_000)) == Self.hour)
            let kolkata = try ZoneRules(identifier: "Asia/Kolkata")
            #expect(kolkata.offsetMillis(at: UnixMillis(1_720_119_600_000)) == 5 * Self.hour + 30 * 60_000)
            // Sydney's DST spans New Year: 2024-01-15 is +11, 2024-07-04 is +10.
            let sydney = try ZoneRules(identifier: "Australia/Sydney")
            #expect(sydney.offsetMillis(at: UnixMillis(1_705_348_800_000)) == 11 * Self.hour)
            #expect(sydney.offsetMillis(at: UnixMillis(1_720_119_600_000)) == 10 * Self.hour)
        }

        @Test(arguments: ["Mars/Olympus_Mons", "", "../etc/passwd", "/usr/share/zoneinfo/UTC", "America//Los_Angeles", "America/Los Angeles"])
        func unknownOrMalformedZonesThrow(identifier: String) {
            #expect(throws: ZoneRulesError.self) { try ZoneRules(identifier: identifier) }
        }

        @Test func firstInstantOfASkippedLocalTimeIsTheEndOfTheGap() {
            #expect(ZoneRules.pacific.firstInstant(atOrAfterLocal: Self.local(2024, 3, 10, 2, 30)) == UnixMillis(1_710_064_800_000))
            #expect(ZoneRules.pacific.firstInstant(atOrAfterLocal: Self.local(2024, 11, 3, 1, 30)) == UnixMillis(1_730_622_600_000))
        }

        @Test func foundationFallbackAgreesWithTheTzDatabaseFrom1900To2100() throws {
            guard let fallback = ZoneTransitionTable(foundationIdentifier: "America/Los_Angeles") else {
                Issue.record("Foundation does not know America/Los_Angeles")
                return
            }
            let viaFoundation = ZoneRules(identifier: "America/Los_Angeles", table: fallback)
            var instant = CivilDate(year: 1900, month: 1, day: 1).daysSinceEpoch * 86_400_000
            let end = CivilDate(year: 2101, month: 1, day: 1).daysSinceEpoch * 86_400_000
            var differences = 0
            while instant < end {
                if viaFoundation.offsetMillis(at: UnixMillis(instant)) != ZoneRules.pacific.offsetMillis(at: UnixMillis(instant)) {
                    differences += 1
                }
                instant += Self.hour
            }
            #expect(differences == 0)
        }

        @Test func loadingPacificRulesIsCheap() throws {
            let clock = ContinuousClock()
            let elapsed = try clock.measure { _ = try ZoneRules(identifier: "America/Los_Angeles") }
            #expect(elapsed < .milliseconds(50))
        }
    }
}
