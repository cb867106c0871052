/// An instant: milliseconds since 1970-01-01T00:00:00Z, leap seconds not counted (POSIX time).
///
/// Every instant the pipeline keeps is one of these; it is written out only as `iso8601`.
struct UnixMillis: Hashable, Comparable, Sendable {
    var rawValue: Int64

    init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    static let millisPerSecond: Int64 = 1_000
    static let millisPerDay: Int64 = 86_400_000

    /// The instants the pipeline accepts: 1900-01-01T00:00:00.000Z ... 9998-12-31T23:59:59.999Z.
    ///
    /// SPEC §8 "Timestamps": only instants from 1900 to 9998 are readable, so that every period
    /// label (including a fiscal year that ends in the next calendar year) has four digits.
    static let readableRange: ClosedRange<UnixMillis> =
        UnixMillis(CivilDate(year: 1900, month: 1, day: 1).daysSinceEpoch * millisPerDay)
        ... UnixMillis(CivilDate(year: 9999, month: 1, day: 1).daysSinceEpoch * millisPerDay - 1)

    /// Whole days since 1970-01-01 (floor) and the milliseconds into that day.
    var dayAndMillisOfDay: (day: Int64, millisOfDay: Int64) {
        UnixMillis.split(rawValue)
    }

    /// Splits `millis` into floor(millis / day) and the non-negative rest, without overflow at `Int64.min`.
    static func split(_ millis: Int64) -> (day: Int64, millisOfDay: Int64) {
        let rest = millis % millisPerDay
        return rest < 0
            ? (millis / millisPerDay - 1, rest + millisPerDay)
            : (millis / millisPerDay, rest)
    }

    /// `2019-11-28T05:38:19.000Z`: always UTC, always three fraction digits.
    ///
    /// Years 0 ... 9999 have four digits (every readable instant does); other years, which only a
    /// programming error can produce, use ISO 8601's expanded form with a sign (`-0001`, `+10000`).
    var iso8601: String {
        String(unsafeUninitializedCapacity: 40) { writeISO8601(into: $0) }
    }

    /// Appends `iso8601` as UTF-8, for writers that build files as bytes.
    func appendISO8601(to output: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            let count = writeISO8601(into: buffer)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `iso8601` into `buffer` (40 bytes are always enough); returns the byte count.
    private func writeISO8601(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (day, millisOfDay) = dayAndMillisOfDay
        let date = CivilDate(daysSinceEpoch: day)
        let seconds = millisOfDay / 1_000
        var index = 0
        func put(_ byte: UInt8) {
            buffer[index] = byte
            index += 1
        }
        func put(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        // |year| < 300 million for any Int64 instant, so nothing here can overflow.
        var year = date.year
        if year < 0 || year > 9999 {
            put(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            year = abs(year)
        }
        var yearDigits = 4
        var limit: Int64 = 10_000
        while year >= limit {
            yearDigits += 1
            limit *= 10
        }
        put(year, digits: yearDigits)
        put(UInt8(ascii: "-"))
        put(date.month, digits: 2)
        put(UInt8(ascii: "-"))
        put(date.day, digits: 2)
        put(UInt8(ascii: "T"))
        put(seconds / 3_600, digits: 2)
        put(UInt8(ascii: ":"))
        put(seconds / 60 % 60, digits: 2)
        put(UInt8(ascii: ":"))
        put(seconds % 60, digits: 2)
        put(UInt8(ascii: "."))
        put(millisOfDay % 1_000, digits: 3)
        put(UInt8(ascii: "Z"))
        return index
    }

    static func < (lhs: UnixMillis, rhs: UnixMillis) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension UnixMillis: CustomStringConvertible {
    var description: String { iso8601 }
}
