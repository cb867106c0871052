import Foundation
import Testing
@testable import ReceiptLedger

extension TimeTests {
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
            let unsorted = Self.tzif(times: [10, 5], typeIndices: [0, 0], types: [(3_600, false)], footer: "")
            #expect(throws: TZifFile.Malformed.unsortedTransitions) { try TZifFile(bytes: unsorted) }
            let badFooter = Self.tzif(times: [0], typeIndices: [0], types: [(3_600, false)], footer: "nonsense")
            #expect(throws: TZifFile.Malformed.badFooter) { try ZoneTransitionTable(tzif: TZifFile(bytes: badFooter)) }
        }

        @Test func ruleAloneGovernsAFileWithoutTransitions() throws {
            let bytes = Self.tzif(times: [], typeIndices: [], types: [(-18_000, false)], footer: "EST5EDT,M3.2.0,M11.1.0")
            let rules = ZoneRules(identifier: "Test/Rule", table: try ZoneTransitionTable(tzif: TZifFile(bytes: bytes)))
            // 2024-07-04T19:00Z is EDT, 2024-01-15T20:00Z EST, and so in 1950 and 3000.
            #expect(rules.offsetMillis(at: UnixMillis(1_720_119_600_000)) == -4 * 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(1_705_348_800_000)) == -5 * 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(-615_445_200_000)) == -4 * 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(32_503_680_000_000)) == -5 * 3_600_000)
        }

        @Test func farTransitionMarkersDoNotOverflow() throws {
            let bytes = Self.tzif(times: [-(1 << 59), 0], typeIndices: [0, 1], types: [(0, false), (3_600, false)], footer: "")
            let rules = ZoneRules(identifier: "Test/BigBang", table: try ZoneTransitionTable(tzif: TZifFile(bytes: bytes)))
            #expect(rules.offsetMillis(at: UnixMillis(-1)) == 0)
            #expect(rules.offsetMillis(at: UnixMillis(0)) == 3_600_000)
            #expect(rules.offsetMillis(at: UnixMillis(Int64.max)) == 3_600_000)
            #expect(rules.resolveLocal(Int64.max) == .unique(UnixMillis(Int64.max - 3_600_000)))
            #expect(rules.resolveLocal(Int64.min) == .unique(UnixMillis(Int64.min)))
        }
    }
}
