/// Integer civil-date arithmetic in UTC for the demo data (H. Hinnant's `days_from_civil`
/// algorithms): no `Calendar`, no `DateFormatter`, nothing that depends on the machine.
enum DemoCalendar {
    static let second: Int64 = 1_000
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    /// Milliseconds since the epoch of a UTC civil time.
    static func millis(
        _ year: Int64, _ month: Int64, _ day: Int64,
        _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0
    ) -> Int64 {
        days(year, month, day) * Self.day + hour * Self.hour + minute * Self.minute + second * Self.second
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Day of the week, 0 = Sunday (1970-01-01 was a Thursday).
    static func weekday(days: Int64) -> Int64 {
        ((days % 7) + 11) % 7
    }

    static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        days(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1, 1) - days(year, month, 1)
    }

    /// The same UTC time of day `months` later, the day clamped to the month's length
    /// (Jan 31 + 1 month = Feb 29 in 2024), as App Store subscription periods run.
    static func adding(months: Int, to instant: Int64) -> Int64 {
        let dayNumber = floorDivide(instant, day)
        let timeOfDay = instant - dayNumber * day
        let date = civil(days: dayNumber)
        let monthIndex = date.year * 12 + (date.month - 1) + Int64(months)
        let year = floorDivide(monthIndex, 12)
        let month = monthIndex - year * 12 + 1
        let clampedDay = min(date.day, daysInMonth(year, month))
        return days(year, month, clampedDay) * day + timeOfDay
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
