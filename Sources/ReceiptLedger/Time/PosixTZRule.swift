/// The POSIX `TZ` rule at the end of a TZif file, which governs every instant after its last
/// listed transition (e.g. `PST8PDT,M3.2.0,M11.1.0` for America/Los_Angeles since 2007).
///
/// Grammar: POSIX.1-2017 §8.3 (`TZ`) with the RFC 8536 §3.3 extensions (hours up to ±167 in rule
/// times, `<+0330>`-style quoted names). Offsets are stored east-positive, in seconds; the text
/// writes them west-positive (`PST8` is UTC−8).
struct PosixTZRule: Equatable, Sendable {
    /// The day of the year on which a rule's transition falls.
    enum DayRule: Equatable, Sendable {
        /// `Jn`: day n (1 ... 365) of the year, February 29 never counted.
        case julianNoLeapDay(Int64)
        /// `n`: zero-based day (0 ... 365) of the year, February 29 counted.
        case zeroBasedDay(Int64)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1 ... 5, 5 = the last) of month m.
        case monthWeekDay(month: Int64, week: Int64, weekday: Int64)
    }

    /// Daylight saving time: its offset and when it starts and ends each year.
    struct Daylight: Equatable, Sendable {
        var offset: Int64
        var start: DayRule
        /// Seconds after local midnight, in local standard time.
        var startTime: Int64
        var end: DayRule
        /// Seconds after local midnight, in local daylight time.
        var endTime: Int64
    }

    var standardOffset: Int64
    var daylight: Daylight?
    /// The abbreviations as written (`PST`, `PDT`; `+1030` for `<+1030>`), for showing local times.
    var standardName = ""
    var daylightName: String?

    /// Reads a rule; nil when the text does not follow the grammar.
    init?(_ text: String) {
        var scanner = TZStringScanner(bytes: Array(text.utf8))
        guard let standardName = scanner.readName(), let standardWest = scanner.readTime(maxHours: 24) else { return nil }
        standardOffset = -standardWest
        self.standardName = standardName
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard let daylightName = scanner.readName() else { return nil }
        self.daylightName = daylightName
        var daylightOffset = standardOffset + 3_600
        if !scanner.atEnd && scanner.peek != UInt8(ascii: ",") {
            guard let daylightWest = scanner.readTime(maxHours: 24) else { return nil }
            daylightOffset = -daylightWest
        }
        // Without explicit dates, POSIX leaves the rule to the implementation; glibc and the tz code
        // use the current US rule.
        var start = DayRule.monthWeekDay(month: 3, week: 2, weekday: 0)
        var end = DayRule.monthWeekDay(month: 11, week: 1, weekday: 0)
        var startTime: Int64 = 7_200
        var endTime: Int64 = 7_200
        if !scanner.atEnd {
            guard scanner.skip(UInt8(ascii: ",")), let startRule = scanner.readDayRule() else { return nil }
            start = startRule
            if scanner.skip(UInt8(ascii: "/")) {
                guard let time = scanner.readTime(maxHours: 167) else { return nil }
                startTime = time
            }
            guard scanner.skip(UInt8(ascii: ",")), let endRule = scanner.readDayRule() else { return nil }
            end = endRule
            if scanner.skip(UInt8(ascii: "/")) {
                guard let time = scanner.readTime(maxHours: 167) else { return nil }
                endTime = time
            }
            guard scanner.atEnd else { return nil }
        }
        daylight = Daylight(offset: daylightOffset, start: start, startTime: startTime, end: end, endTime: endTime)
    }

    /// The two transitions of `year` in seconds since the epoch, each with the offset it sets,
    /// DST start first (for a southern-hemisphere rule it is the later one of the year).
    func transitions(inYear year: Int64) -> [(utcSeconds: Int64, offset: Int64)] {
        guard let daylight else { return [] }
        let start = Self.day(of: daylight.start, inYear: year) * 86_400 + daylight.startTime - standardOffset
        let end = Self.day(of: daylight.end, inYear: year) * 86_400 + daylight.endTime - daylight.offset
        return [(start, daylight.offset), (end, standardOffset)]
    }

    /// Days since 1970-01-01 of the day `rule` names in `year`.
    static func day(of rule: DayRule, inYear year: Int64) -> Int64 {
        let newYear = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        switch rule {
        case .julianNoLeapDay(let n):
            return newYear + n - 1 + (CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0)
        case .zeroBasedDay(let n):
            return newYear + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
            let firstMatch = first + (weekday - CivilDate.weekday(daysSinceEpoch: first) + 7) % 7
            var day = firstMatch + (week - 1) * 7
            let monthEnd = first + CivilDate.daysInMonth(year: year, month: month)
            while day >= monthEnd { day -= 7 }
            return day
        }
    }
}

/// A byte cursor over a `TZ` string.
private struct TZStringScanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or `<...>` holding letters, digits, `+` and
    /// `-`; returns it without the angle brackets, nil when there is none.
    mutating func readName() -> String? {
        if skip(UInt8(ascii: "<")) {
            let start = index
            while let byte = peek, byte != UInt8(ascii: ">") {
                guard Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else {
                    return nil
                }
                index += 1
            }
            let end = index
            guard end - start >= 3, skip(UInt8(ascii: ">")) else { return nil }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let start = index
        while let byte = peek, Self.isLetter(byte) { index += 1 }
        return index - start >= 3 ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    mutating func readNumber(maxDigits: Int) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while let byte = peek, Self.isDigit(byte), count < maxDigits {
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        return count == 0 ? nil : value
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func readTime(maxHours: Int64) -> Int64? {
        var sign: Int64 = 1
        if skip(UInt8(ascii: "-")) {
            sign = -1
        } else {
            _ = skip(UInt8(ascii: "+"))
        }
        guard let hours = readNumber(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3_600
        if skip(UInt8(ascii: ":")) {
            guard let minutes = readNumber(maxDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if skip(UInt8(ascii: ":")) {
                guard let secs = readNumber(maxDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    mutating func readDayRule() -> PosixTZRule.DayRule? {
        if skip(UInt8(ascii: "J")) {
            guard let n = readNumber(maxDigits: 3), (1...365).contains(n) else { return nil }
            return .julianNoLeapDay(n)
        }
        if skip(UInt8(ascii: "M")) {
            guard let month = readNumber(maxDigits: 2), (1...12).contains(month),
                  skip(UInt8(ascii: ".")), let week = readNumber(maxDigits: 1), (1...5).contains(week),
                  skip(UInt8(ascii: ".")), let weekday = readNumber(maxDigits: 1), (0...6).contains(weekday)
            else { return nil }
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        }
        guard let n = readNumber(maxDigits: 3), (0...365).contains(n) else { return nil }
        return .zeroBasedDay(n)
    }
}
