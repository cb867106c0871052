/// What one timestamp text says.
enum TimestampReading: Equatable, Sendable {
    case instant(UnixMillis)
    /// A Pacific wall time in the repeated autumn hour: it happened twice.
    case ambiguous(earlier: UnixMillis, later: UnixMillis)
    /// A Pacific wall time in the spring gap: it never happened.
    case skipped
    /// Not a timestamp this program reads, or outside `UnixMillis.readableRange`.
    case unreadable
}

/// Reads the timestamp texts of SPEC §2 by scanning bytes: no regex, no formatter, no allocation.
///
/// Accepted, after trimming ASCII whitespace (space, tab, CR, LF, VT, FF) at both ends:
/// - `YYYY-MM-DD HH:MM:SS[.fff…] ZONE`, one space before ZONE, which is exactly `Etc/GMT`, `GMT`,
///   `UTC` or `Etc/UTC` (UTC) or `America/Los_Angeles` (Pacific wall time, by the tz database's
///   rules: it may be ambiguous or skipped);
/// - ISO 8601 / RFC 3339: `YYYY-MM-DDTHH:MM:SS[.fff…]` then `Z` or an offset `±HH:MM`, `±HHMM` or
///   `±HH` (a space may replace the `T`; `t` and `z` are read like `T` and `Z`, as RFC 3339 §5.6 allows);
/// - only ASCII digits: milliseconds since the epoch (no sign; more than `Int64` holds is unreadable).
///
/// Fields are checked (month 1–12, a real day of that month, hour 0–23, minute and second 0–59: no
/// leap second); a fraction of any length keeps its first three digits (truncation, which is the
/// floor: the fraction counts forward from the wall time). A time without a zone is unreadable, and
/// so is any instant outside `UnixMillis.readableRange` (checked on the instant, after the offset).
enum TimestampText {
    static func parse(_ text: String) -> TimestampReading {
        text.utf8.withContiguousStorageIfAvailable { parse($0) } ?? Array(text.utf8).withUnsafeBufferPointer { parse($0) }
    }

    static func parse(_ text: Substring) -> TimestampReading {
        text.utf8.withContiguousStorageIfAvailable { parse($0) } ?? Array(text.utf8).withUnsafeBufferPointer { parse($0) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> TimestampReading {
        parse(bytes, bareIsUTC: false)
    }

    /// Like `parse`, but a time without a zone (`2024-03-01 10:00:00`, `2024-03-01T10:00:00.5`) and
    /// a date alone (`2024-03-01`, meaning 00:00) are UTC: SPEC §8 "Catalog" reads `effective_from` so.
    static func parseAssumingUTC(_ text: String) -> TimestampReading {
        text.utf8.withContiguousStorageIfAvailable { parse($0, bareIsUTC: true) }
            ?? Array(text.utf8).withUnsafeBufferPointer { parse($0, bareIsUTC: true) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, bareIsUTC: Bool) -> TimestampReading {
        if let reading = parseAppleForm(bytes) { return reading }
        var start = 0
        var end = bytes.count
        while start < end && isWhitespace(bytes[start]) { start += 1 }
        while end > start && isWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return .unreadable }
        if let millis = allDigitsValue(bytes, start, end) {
            return readable(millis)
        }
        return parseDateTime(bytes, start, end, bareIsUTC: bareIsUTC)
    }

    /// The two forms Apple writes, `2019-11-28 05:38:19 Etc/GMT` (or `Etc/UTC`) and
    /// `2019-11-27 21:38:19 America/Los_Angeles`, read at their fixed offsets with the same
    /// checks as `parseDateTime`; nil for any other text, which takes the general path.
    ///
    /// Answers hold about ten such texts per record, and the general path (trimming, trying
    /// digits, then finding the separators and the zone) costs several times this.
    @inline(__always)
    private static func parseAppleForm(_ bytes: UnsafeBufferPointer<UInt8>) -> TimestampReading? {
        let n = bytes.count
        guard n == 27 || n == 39, let p = bytes.baseAddress,
              p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), p[10] == UInt8(ascii: " "),
              p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":"), p[19] == UInt8(ascii: " ")
        else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int64? {
            let d = p[i] &- UInt8(ascii: "0")
            return d < 10 ? Int64(d) : nil
        }
        guard let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3),
              let mo0 = digit(5), let mo1 = digit(6), let d0 = digit(8), let d1 = digit(9),
              let h0 = digit(11), let h1 = digit(12), let mi0 = digit(14), let mi1 = digit(15),
              let s0 = digit(17), let s1 = digit(18)
        else { return nil }
        let pacific: Bool
        if n == 27 {
            guard matches(bytes, 20, 27, "Etc/GMT") || matches(bytes, 20, 27, "Etc/UTC") else { return nil }
            pacific = false
        } else {
            guard matches(bytes, 20, 39, "America/Los_Angeles") else { return nil }
            pacific = true
        }
        let year = ((y0 * 10 + y1) * 10 + y2) * 10 + y3
        let month = mo0 * 10 + mo1, day = d0 * 10 + d1
        let hour = h0 * 10 + h1, minute = mi0 * 10 + mi1, second = s0 * 10 + s1
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60
        else { return .unreadable }
        let wallTime = CivilDate(year: year, month: month, day: day).daysSinceEpoch * UnixMillis.millisPerDay
            + ((hour * 60 + minute) * 60 + second) * 1_000
        return pacific ? readable(ZoneRules.pacific.resolveLocal(wallTime), wallTime: wallTime) : readable(wallTime)
    }

    /// The value of a text made only of digits, or nil (also when it does not fit `Int64`).
    /// `bytes[start..<end]` must be non-empty and trimmed.
    @inline(__always)
    static func allDigitsValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var value: Int64 = 0
        for index in start..<end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
        }
        return start < end ? value : nil
    }

    private static func parseDateTime(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, bareIsUTC: Bool) -> TimestampReading {
        if bareIsUTC && end - start == 10 {
            guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
                  let year = digits(bytes, start, 4), let month = digits(bytes, start + 5, 2),
                  let day = digits(bytes, start + 8, 2),
                  (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month)
            else { return .unreadable }
            return readable(CivilDate(year: year, month: month, day: day).daysSinceEpoch * UnixMillis.millisPerDay)
        }
        // YYYY-MM-DD?HH:MM:SS is 19 bytes at fixed places.
        guard end - start >= (bareIsUTC ? 19 : 20),
              bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              bytes[start + 13] == UInt8(ascii: ":"), bytes[start + 16] == UInt8(ascii: ":"),
              let year = digits(bytes, start, 4), let month = digits(bytes, start + 5, 2),
              let day = digits(bytes, start + 8, 2), let hour = digits(bytes, start + 11, 2),
              let minute = digits(bytes, start + 14, 2), let second = digits(bytes, start + 17, 2),
              (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60
        else { return .unreadable }
        let separator = bytes[start + 10]
        let isoSeparator = separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
        guard isoSeparator || separator == UInt8(ascii: " ") else { return .unreadable }

        var index = start + 19
        var millis: Int64 = 0
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end, bytes[index] &- UInt8(ascii: "0") < 10 {
                if index - fractionStart < 3 { millis = millis * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            guard index > fractionStart else { return .unreadable }
            for _ in min(index - fractionStart, 3)..<3 { millis *= 10 }
        }
        let wallTime = CivilDate(year: year, month: month, day: day).daysSinceEpoch * UnixMillis.millisPerDay
            + ((hour * 60 + minute) * 60 + second) * 1_000 + millis
        guard index < end else { return bareIsUTC ? readable(wallTime) : .unreadable }   // a bare local time

        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return index + 1 == end ? readable(wallTime) : .unreadable
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let offset = offsetMillis(bytes, index, end) else { return .unreadable }
            return readable(wallTime - offset)
        case UInt8(ascii: " ") where !isoSeparator:
            let zone = index + 1
            if matches(bytes, zone, end, "Etc/GMT") || matches(bytes, zone, end, "GMT")
                || matches(bytes, zone, end, "UTC") || matches(bytes, zone, end, "Etc/UTC") {
                return readable(wallTime)
            }
            if matches(bytes, zone, end, "America/Los_Angeles") {
                return readable(ZoneRules.pacific.resolveLocal(wallTime), wallTime: wallTime)
            }
            return .unreadable
        default:
            return .unreadable
        }
    }

    /// `±HH:MM`, `±HHMM` or `±HH` from `bytes[index]` (the sign) to `end`, east-positive, in ms.
    private static func offsetMillis(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Int64? {
        let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        var minutes: Int64
        switch end - index {
        case 3:
            guard let hours = digits(bytes, index + 1, 2) else { return nil }
            minutes = hours * 60
        case 5:
            guard let hours = digits(bytes, index + 1, 2), let mins = digits(bytes, index + 3, 2) else { return nil }
            minutes = hours * 60 + mins
            guard mins < 60 else { return nil }
        case 6:
            guard bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = digits(bytes, index + 1, 2), let mins = digits(bytes, index + 4, 2), mins < 60
            else { return nil }
            minutes = hours * 60 + mins
        default:
            return nil
        }
        guard minutes < 24 * 60 else { return nil }
        return sign * minutes * 60_000
    }

    /// The value of exactly `count` ASCII digits at `index`, or nil (at most 18 digits: no overflow).
    @inline(__always)
    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for position in index..<(index + count) {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)  // 18 digits cannot overflow
        }
        return value
    }

    /// Whether `bytes[start..<end]` is exactly `literal` (case-sensitive, as Apple writes it).
    @inline(__always)
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        guard end - start == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for offset in 0..<(end - start) where bytes[start + offset] != expected[offset] {
            return false
        }
        return true
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    }

    @inline(__always)
    private static func readable(_ millis: Int64) -> TimestampReading {
        UnixMillis.readableRange.contains(UnixMillis(millis)) ? .instant(UnixMillis(millis)) : .unreadable
    }

    /// A Pacific resolution, keeping only instants inside `UnixMillis.readableRange`.
    ///
    /// A skipped wall time counts as readable (`.skipped`) when the gap that swallows it lies inside
    /// the range; a skipped 9999 spring time is simply unreadable.
    private static func readable(_ resolution: LocalTimeResolution, wallTime: Int64) -> TimestampReading {
        let range = UnixMillis.readableRange
        switch resolution {
        case .unique(let instant):
            return range.contains(instant) ? .instant(instant) : .unreadable
        case .ambiguous(let earlier, let later):
            switch (range.contains(earlier), range.contains(later)) {
            case (true, true): return .ambiguous(earlier: earlier, later: later)
            case (true, false): return .instant(earlier)
            case (false, true): return .instant(later)
            case (false, false): return .unreadable
            }
        case .skipped:
            return range.contains(ZoneRules.pacific.firstInstant(atOrAfterLocal: wallTime)) ? .skipped : .unreadable
        }
    }
}
