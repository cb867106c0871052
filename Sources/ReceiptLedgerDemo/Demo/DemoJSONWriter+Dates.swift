/// The date forms of verifyReceipt answers: `2019-11-28 05:38:19 Etc/GMT`, ms digits and
/// `2019-11-27 21:38:19 America/Los_Angeles`, written straight into the buffer.
extension DemoJSONWriter {
    /// `yyyy-MM-dd HH:mm:ss` of a UTC instant shifted by `offset` ms (no quotes).
    mutating func wallClock(_ instant: Int64, offset: Int64 = 0, separator: UInt8 = UInt8(ascii: " ")) {
        let local = instant + offset
        let dayNumber = DemoCalendar.floorDivide(local, DemoCalendar.day)
        let date = DemoCalendar.civil(days: dayNumber)
        let seconds = (local - dayNumber * DemoCalendar.day) / DemoCalendar.second
        twoDigits(date.year / 100)
        twoDigits(date.year % 100)
        bytes.append(UInt8(ascii: "-"))
        twoDigits(date.month)
        bytes.append(UInt8(ascii: "-"))
        twoDigits(date.day)
        bytes.append(separator)
        twoDigits(seconds / 3_600)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(seconds / 60 % 60)
        bytes.append(UInt8(ascii: ":"))
        twoDigits(seconds % 60)
    }

    /// `"2024-03-05 10:00:00 Etc/GMT"`
    mutating func gmtString(_ instant: Int64) {
        bytes.append(UInt8(ascii: "\""))
        wallClock(instant)
        append(" Etc/GMT\"")
    }

    /// `"2024-03-05 02:00:00 America/Los_Angeles"` with the real PST/PDT offset.
    mutating func pacificString(_ instant: Int64) {
        bytes.append(UInt8(ascii: "\""))
        wallClock(instant, offset: DemoPacificTime.offset(atUTC: instant))
        append(" America/Los_Angeles\"")
    }

    /// `"2024-03-05T10:00:00Z"`
    mutating func isoString(_ instant: Int64) {
        bytes.append(UInt8(ascii: "\""))
        wallClock(instant, separator: UInt8(ascii: "T"))
        append("Z\"")
    }

    /// The three forms of one date field: `name`, `name_ms`, `name_pst`.
    /// `typed` writes `_ms` as a JSON number, as some proxies re-encode it.
    mutating func dateTriple(_ name: StaticString, _ instant: Int64, typed: Bool = false) {
        key(name)
        gmtString(instant)
        key(name, suffix: "_ms")
        if typed { integer(instant) } else { quotedInteger(instant) }
        key(name, suffix: "_pst")
        pacificString(instant)
    }
}
