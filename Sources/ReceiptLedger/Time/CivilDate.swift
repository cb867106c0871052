/// A proleptic Gregorian calendar date, converted to and from days since 1970-01-01 by integer math.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`
/// ("chrono-Compatible Low-Level Date Algorithms", howardhinnant.github.io/date_algorithms.html):
/// exact for every `Int64` day count a `UnixMillis` can produce, no tables, no `Calendar`. From
/// days, Neri and Schneider's faster equivalent takes every day of the years −32,800 to about
/// 2,739,000 (tested against Hinnant's).
package struct CivilDate: Hashable, Comparable, Sendable {
    package var year: Int64
    /// 1 ... 12.
    package var month: Int64
    /// 1 ... 31.
    package var day: Int64

    init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The Gregorian calendar repeats (weekdays included) every 400 years, which are 146 097 days.
    static let daysPer400Years: Int64 = 146_097

    /// Days from 1970-01-01 to this date (negative before it). Hinnant's `days_from_civil`.
    var daysSinceEpoch: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                        // 0 ... 399
        let shiftedMonth = month > 2 ? month - 3 : month + 9                 // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1               // 0 ... 365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * Self.daysPer400Years + dayOfEra - 719_468
    }

    /// The date `daysSinceEpoch` days after 1970-01-01.
    package init(daysSinceEpoch: Int64) {
        self = Self.fromDaysByEuclideanAffineFunctions(daysSinceEpoch) ?? Self.fromDaysByHinnant(daysSinceEpoch)
    }

    /// The days from years −32,800 to about 2,739,000 (far beyond `UnixMillis.readableRange`),
    /// which `fromDaysByEuclideanAffineFunctions` converts with 32-bit arithmetic.
    static let euclideanAffineDays: Range<Int64> = -12_699_422..<1_000_000_000

    /// Neri and Schneider's `to_date` ("Euclidean affine functions and their application to
    /// calendar algorithms", Software: Practice and Experience 53(4), 2023): the same dates as
    /// Hinnant's algorithm by multiplications and shifts on 32-bit numbers, about twice as
    /// fast; every answer converts one (`AppleTimestampTriple`). nil outside `euclideanAffineDays`.
    static func fromDaysByEuclideanAffineFunctions(_ days: Int64) -> CivilDate? {
        guard euclideanAffineDays.contains(days) else { return nil }
        // Shifted by 82 cycles of 400 years so that every day in range is a positive number.
        let shifted = UInt32(truncatingIfNeeded: days + 719_468 + 146_097 * 82)
        let n1 = 4 &* shifted &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        let n2 = 4 &* dayOfCentury &+ 3
        let p2 = UInt64(2_939_745) &* UInt64(n2)
        let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4  // from March 1
        let n3 = 2_141 &* dayOfYear &+ 197_913
        let month = n3 >> 16  // 3 ... 14: March to February of the next year
        let day = (n3 & 0xFFFF) / 2_141 + 1
        let isJanuaryOrFebruary: UInt32 = dayOfYear >= 306 ? 1 : 0
        let year = Int64(100 &* century &+ yearOfCentury &+ isJanuaryOrFebruary) - 400 * 82
        return CivilDate(year: year, month: Int64(month - 12 * isJanuaryOrFebruary), day: Int64(day))
    }

    /// Hinnant's `civil_from_days`, for every day count.
    static func fromDaysByHinnant(_ daysSinceEpoch: Int64) -> CivilDate {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - (Self.daysPer400Years - 1)) / Self.daysPer400Years
        let dayOfEra = z - era * Self.daysPer400Years                        // 0 ... 146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153                          // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return CivilDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// 0 = Sunday ... 6 = Saturday. Hinnant's `weekday_from_days` (1970-01-01 was a Thursday).
    static func weekday(daysSinceEpoch days: Int64) -> Int64 {
        days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6
    }

    /// 0 = Sunday ... 6 = Saturday.
    var weekday: Int64 { Self.weekday(daysSinceEpoch: daysSinceEpoch) }

    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1 ... 12) of `year`; 0 for a month outside 1 ... 12.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return isLeapYear(year) ? 29 : 28
        default: return 0
        }
    }

    /// Floor division (Swift's `/` truncates toward zero; time before 1970 needs floor). `divisor` > 0.
    static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    package static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CivilDate {
    /// `2024-06-30`: the date as every file and page writes it (SPEC §6 day labels).
    package var isoText: String { Self.yearText(year) + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day) }

    /// Four digits for years 0 ... 9999 (every readable instant's); plain decimal otherwise.
    package static func yearText(_ year: Int64) -> String {
        guard (0...9999).contains(year) else { return String(year) }
        return year < 1000 ? String(repeating: "0", count: year < 10 ? 3 : year < 100 ? 2 : 1) + String(year) : String(year)
    }

    /// A month, day, week or hour in two digits (`07`); larger values as they are.
    package static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
