import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

@Suite struct DemoTimeTests {
    @Test(arguments: [
        (Int64(1970), Int64(1), Int64(1), Int64(0)),
        (2000, 3, 1, 11_017),
        (2024, 2, 29, 19_782),
        (2024, 12, 31, 20_088),
        (1969, 12, 31, -1),
    ])
    func civilDatesRoundTrip(year: Int64, month: Int64, day: Int64, days: Int64) {
        #expect(DemoCalendar.days(year, month, day) == days)
        let civil = DemoCalendar.civil(days: days)
        #expect(civil.year == year && civil.month == month && civil.day == day)
    }

    @Test func addingMonthsClampsTheDay() {
        let january31 = DemoCalendar.millis(2024, 1, 31, 10, 30)
        #expect(DemoCalendar.adding(months: 1, to: january31) == DemoCalendar.millis(2024, 2, 29, 10, 30))
        #expect(DemoCalendar.adding(months: 13, to: january31) == DemoCalendar.millis(2025, 2, 28, 10, 30))
        #expect(DemoCalendar.adding(months: 12, to: DemoCalendar.millis(2024, 4, 15, 12)) == DemoCalendar.millis(2025, 4, 15, 12))
    }

    @Test func pacificTransitionsOf2024() {
        #expect(DemoPacificTime.daylightStart(year: 2024) == DemoCalendar.millis(2024, 3, 10, 10))
        #expect(DemoPacificTime.daylightEnd(year: 2024) == DemoCalendar.millis(2024, 11, 3, 9))
        #expect(DemoPacificTime.daylightStart(year: 2025) == DemoCalendar.millis(2025, 3, 9, 10))
        #expect(DemoPacificTime.daylightEnd(year: 2025) == DemoCalendar.millis(2025, 11, 2, 9))
    }

    @Test func pacificOffsetsMatchFoundationsTimeZoneDatabase() throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        var instant = DemoCalendar.millis(2023, 12, 1)
        var mismatches = 0
        while instant < DemoCalendar.millis(2026, 1, 1) {
            let expected = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant) / 1_000))) * 1_000
            if DemoPacificTime.offset(atUTC: instant) != expected { mismatches += 1 }
            instant += 30 * DemoCalendar.minute
        }
        #expect(mismatches == 0)
    }

    @Test func dateTextMatchesApplesForms() {
        // From the seed answer: 2019-11-28 05:38:19 Etc/GMT = 1574919499000 = 2019-11-27 21:38:19 PST.
        var writer = DemoJSONWriter()
        writer.append("{")
        writer.dateTriple("purchase_date", 1_574_919_499_000)
        writer.append("}")
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"purchase_date":"2019-11-28 05:38:19 Etc/GMT","purchase_date_ms":"1574919499000","purchase_date_pst":"2019-11-27 21:38:19 America/Los_Angeles"}"#
        )
        var summer = DemoJSONWriter()
        summer.pacificString(DemoCalendar.millis(2024, 7, 4, 16, 20))
        summer.isoString(DemoCalendar.millis(2024, 3, 5, 10))
        #expect(String(decoding: summer.bytes, as: UTF8.self) == #""2024-07-04 09:20:00 America/Los_Angeles""2024-03-05T10:00:00Z""#)
    }
}
