import Testing
@testable import ReceiptLedger

extension TimeTests {
    /// Expected instants from Python 3.11 `datetime`/`zoneinfo`, e.g.
    /// `datetime(2019, 11, 27, 21, 38, 19, tzinfo=ZoneInfo("America/Los_Angeles"))` → 1574919499000 ms.
    @Suite struct TimestampTextTests {
        static let appleExample = TimestampReading.instant(UnixMillis(1_574_919_499_000))

        @Test(arguments: [
            "2019-11-28 05:38:19 Etc/GMT",
            "2019-11-28 05:38:19 GMT",
            "2019-11-28 05:38:19 UTC",
            "2019-11-28 05:38:19 Etc/UTC",
            "2019-11-27 21:38:19 America/Los_Angeles",
            "2019-11-28T05:38:19Z",
            "2019-11-28T05:38:19z",
            "2019-11-28 05:38:19Z",
            "2019-11-28T05:38:19+00:00",
            "2019-11-28T05:38:19-00:00",
            "2019-11-28T06:38:19+01:00",
            "2019-11-28T06:38:19+0100",
            "2019-11-28T06:38:19+01",
            "2019-11-27T21:38:19-08:00",
            "2019-11-28 11:08:19+05:30",
            "1574919499000",
            "  2019-11-28 05:38:19 Etc/GMT\n",
            "\t1574919499000 ",
        ])
        func everyAcceptedFormReadsTheAppleExample(text: String) {
            #expect(TimestampText.parse(text) == Self.appleExample)
        }

        @Test func pacificSummerIsUTCMinus7AndWinterUTCMinus8() {
            #expect(TimestampText.parse("2024-07-04 12:00:00 America/Los_Angeles") == .instant(UnixMillis(1_720_119_600_000)))
            #expect(TimestampText.parse("2024-01-15 12:00:00 America/Los_Angeles") == .instant(UnixMillis(1_705_348_800_000)))
        }

        @Test func pacificWallTimeInRepeatedHourIsAmbiguous() {
            // Earlier 2024-11-03T08:30:00Z (PDT), later 09:30:00Z (PST).
            #expect(TimestampText.parse("2024-11-03 01:30:00 America/Los_Angeles")
                == .ambiguous(earlier: UnixMillis(1_730_622_600_000), later: UnixMillis(1_730_626_200_000)))
        }

        @Test func pacificWallTimeInSpringGapIsSkipped() {
            #expect(TimestampText.parse("2024-03-10 02:30:00 America/Los_Angeles") == .skipped)
            #expect(TimestampText.parse("2024-03-10 03:00:00 America/Los_Angeles") == .instant(UnixMillis(1_710_064_800_000)))
        }

        @Test func pacificWarTimeHeldAllYearIn1943() {
            // 1943-01-15 12:00 PWT (UTC−7) is 19:00Z; plain PST would give 20:00Z.
            #expect(TimestampText.parse("1943-01-15 12:00:00 America/Los_Angeles") == .instant(UnixMillis(-850_798_800_000)))
        }

        @Test func farFuturePacificSummerUsesDaylightTime() {
            #expect(TimestampText.parse("2600-07-01 12:00:00 America/Los_Angeles") == .instant(UnixMillis(19_896_606_000_000)))
            #expect(TimestampText.parse("2600-01-01 12:00:00 America/Los_Angeles") == .instant(UnixMillis(19_880_971_200_000)))
        }

        @Test func fractionsKeepMillisecondsByTruncation() {
            // 2019-11-28T05:38:19.123456+05:30 → 1574899699123 (Python drops the 456 µs the same way).
            #expect(TimestampText.parse("2019-11-28T05:38:19.123456+05:30") == .instant(UnixMillis(1_574_899_699_123)))
            #expect(TimestampText.parse("2019-11-28T05:38:19.999999-08:00") == .instant(UnixMillis(1_574_948_299_999)))
            #expect(TimestampText.parse("2019-11-28 05:38:19.5 Etc/GMT") == .instant(UnixMillis(1_574_919_499_500)))
            #expect(TimestampText.parse("2019-11-28 05:38:19.05 Etc/GMT") == .instant(UnixMillis(1_574_919_499_050)))
            #expect(TimestampText.parse("2019-11-28T05:38:19.0009Z") == .instant(UnixMillis(1_574_919_499_000)))
            // Before the epoch truncation is still the floor: 23:59:59.9999 is −1 ms, not 0.
            #expect(TimestampText.parse("1969-12-31T23:59:59.9999Z") == .instant(UnixMillis(-1)))
        }

        @Test func rangeIsCheckedOnTheInstantAfterTheOffset() {
            #expect(TimestampText.parse("1900-01-01 00:00:00 Etc/GMT") == .instant(UnixMillis(-2_208_988_800_000)))
            #expect(TimestampText.parse("1899-12-31 23:59:59 Etc/GMT") == .unreadable)
            #expect(TimestampText.parse("1899-12-31T23:00:00-02:00") == .instant(UnixMillis(-2_208_985_200_000)))
            #expect(TimestampText.parse("1900-01-01T01:00:00+02:00") == .unreadable)
            #expect(TimestampText.parse("9998-12-31 23:59:59.999 UTC") == .instant(UnixMillis(253_370_764_799_999)))
            #expect(TimestampText.parse("9999-01-01 00:00:00 UTC") == .unreadable)
            #expect(TimestampText.parse("9998-12-31 20:00:00 America/Los_Angeles") == .unreadable)
            #expect(TimestampText.parse("9999-03-09 02:30:00 America/Los_Angeles") == .unreadable)
            #expect(TimestampText.parse("253370764800000") == .unreadable)
        }

        @Test(arguments: [
            "",
            "   ",
            "2023-02-29 12:00:00 Etc/GMT",            // not a leap year
            "2024-02-30 12:00:00 Etc/GMT",
            "2024-04-31 12:00:00 Etc/GMT",
            "2024-13-01 12:00:00 Etc/GMT",
            "2024-00-01 12:00:00 Etc/GMT",
            "2024-01-00 12:00:00 Etc/GMT",
            "2024-01-01 24:00:00 Etc/GMT",
            "2024-01-01 23:60:00 Etc/GMT",
            "2024-01-01 23:59:60 Etc/GMT",            // no leap seconds
            "2024-01-01 12:00:00",                    // a bare local time
            "2024-01-01T12:00:00",
            "2024-01-01 12:00:00 America/New_York",
            "2024-01-01 12:00:00 etc/gmt",
            "2024-01-01 12:00:00  Etc/GMT",
            "2024-01-01 12:00:00Etc/GMT",
            "2024-01-01T12:00:00 Etc/GMT",
            "2024-01-01 12:00 Etc/GMT",
            "24-01-01 12:00:00 Etc/GMT",
            "2024-1-01 12:00:00 Etc/GMT",
            "2024/01/01 12:00:00 Etc/GMT",
            "2024-01-01T12:00:00.Z",
            "2024-01-01T12:00:00+1",
            "2024-01-01T12:00:00+01:0",
            "2024-01-01T12:00:00+0160",
            "2024-01-01T12:00:00+24:00",
            "2024-01-01T12:00:00ZZ",
            "2024-01-01T12:00:00Z junk",
            "-1574919499000",
            "+1574919499000",
            "1574919499000.5",
            "1e12",
            "99999999999999999999",
            "2024-01-01T12:00:00Z\u{0}",
            "２０２４-01-01 12:00:00 Etc/GMT",
        ])
        func rejectsWhatIsNotATimestamp(text: String) {
            #expect(TimestampText.parse(text) == .unreadable)
        }

        @Test func catalogReadingTakesBareDatesAndTimesAsUTC() {
            // 2024-03-01T00:00:00Z = 1709251200000 ms.
            #expect(TimestampText.parseAssumingUTC("2024-03-01") == .instant(UnixMillis(1_709_251_200_000)))
            #expect(TimestampText.parseAssumingUTC(" 2024-03-01 10:00:00 ") == .instant(UnixMillis(1_709_287_200_000)))
            #expect(TimestampText.parseAssumingUTC("2024-03-01T10:00:00.5") == .instant(UnixMillis(1_709_287_200_500)))
            #expect(TimestampText.parseAssumingUTC("2024-03-01T10:00:00-08:00") == .instant(UnixMillis(1_709_316_000_000)))
            #expect(TimestampText.parseAssumingUTC("2024-02-30") == .unreadable)
            #expect(TimestampText.parseAssumingUTC("2024-03-01 10:00") == .unreadable)
            #expect(TimestampText.parse("2024-03-01") == .unreadable)
        }

        /// The fixed-offset reading of Apple's two forms agrees with the general reading, which a
        /// leading space forces (it is trimmed, then read like any other text): valid and invalid
        /// fields, leap days, the Pacific spring gap and autumn overlap, other zones, stray bytes.
        @Test func appleFormsReadLikeTheGeneralPath() {
            var generator = SystemRandomNumberGenerator()
            let zones = ["Etc/GMT", "Etc/UTC", "America/Los_Angeles", "Etc/GMX", "America/Los_Angelez", "GMT", "UTC"]
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            for round in 0..<20_000 {
                let year = [1899, 1900, 2000, 2024, 2025, 9998, 9999, Int.random(in: 1900...2100, using: &generator)][round % 8]
                let month = Int.random(in: 0...13, using: &generator)
                let day = Int.random(in: 0...32, using: &generator)
                // Hours 1–3 often, to hit the Pacific DST changes.
                let hour = round % 3 == 0 ? Int.random(in: 1...3, using: &generator) : Int.random(in: 0...24, using: &generator)
                let minute = Int.random(in: 0...60, using: &generator), second = Int.random(in: 0...60, using: &generator)
                var text = "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second)) \(zones[round % zones.count])"
                if round % 11 == 0 {
                    var bytes = Array(text.utf8)
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0x20...0x7E, using: &generator)
                    text = String(decoding: bytes, as: UTF8.self)
                }
                #expect(TimestampText.parse(text) == TimestampText.parse(" " + text), "\(text)")
            }
        }

        @Test func substringAndBytesGiveTheSameReading() {
            let line = "id=7 2019-11-28 05:38:19 Etc/GMT"
            #expect(TimestampText.parse(line.dropFirst(5)) == Self.appleExample)
            let bytes = Array("2019-11-28 05:38:19 Etc/GMT".utf8)
            #expect(bytes.withUnsafeBufferPointer { TimestampText.parse($0) } == Self.appleExample)
        }
    }
}
