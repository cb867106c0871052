import Testing
@testable import ReceiptLedger

extension TimeTests {
    @Suite struct UnixMillisTests {
        @Test func formatsTheAppleExampleWithThreeFractionDigits() {
            #expect(UnixMillis(1_574_919_499_000).iso8601 == "2019-11-28T05:38:19.000Z")
            #expect(UnixMillis(1_574_899_699_123).iso8601 == "2019-11-28T00:08:19.123Z")
            #expect(UnixMillis(0).iso8601 == "1970-01-01T00:00:00.000Z")
        }

        @Test func formatsInstantsBeforeTheEpoch() {
            #expect(UnixMillis(-1).iso8601 == "1969-12-31T23:59:59.999Z")
            #expect(UnixMillis(-2_208_988_800_000).iso8601 == "1900-01-01T00:00:00.000Z")
            #expect(UnixMillis(-850_798_800_000).iso8601 == "1943-01-15T19:00:00.000Z")
        }

        @Test func readableRangeIs1900Through9998() {
            #expect(UnixMillis.readableRange.lowerBound == UnixMillis(-2_208_988_800_000))
            #expect(UnixMillis.readableRange.upperBound == UnixMillis(253_370_764_799_999))
            #expect(UnixMillis.readableRange.lowerBound.iso8601 == "1900-01-01T00:00:00.000Z")
            #expect(UnixMillis.readableRange.upperBound.iso8601 == "9998-12-31T23:59:59.999Z")
        }

        @Test func formatsExtremeInstantsWithoutTrapping() {
            #expect(UnixMillis(Int64.max).iso8601.hasPrefix("+292278994-08-17T07:12:55.807Z"))
            #expect(UnixMillis(Int64.min).iso8601.hasPrefix("-292275055-05-16T16:47:04.192Z"))
            #expect(UnixMillis(CivilDate(year: 10_000, month: 1, day: 1).daysSinceEpoch * 86_400_000).iso8601
                == "+10000-01-01T00:00:00.000Z")
        }

        @Test func ordersByRawValue() {
            #expect(UnixMillis(-5) < UnixMillis(3))
            #expect([UnixMillis(2), UnixMillis(-1)].sorted() == [UnixMillis(-1), UnixMillis(2)])
        }
    }
}
