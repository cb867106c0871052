/// Pacific wall-clock offsets for the `_pst` date forms of the demo answers.
///
/// US rules since 2007 (Energy Policy Act of 2005): PDT (UTC−7) from the second Sunday of
/// March at 02:00 PST (10:00 UTC) to the first Sunday of November at 02:00 PDT (09:00 UTC),
/// PST (UTC−8) otherwise. Plain integer arithmetic keeps the generator fast; the tests check
/// it against Foundation's tz database for every hour around the transitions of 2024–2025.
enum DemoPacificTime {
    /// The offset from UTC, in milliseconds, of Pacific wall time at a UTC instant.
    static func offset(atUTC instant: Int64) -> Int64 {
        let year = DemoCalendar.civil(days: DemoCalendar.floorDivide(instant, DemoCalendar.day)).year
        let isDaylight = instant >= daylightStart(year: year) && instant < daylightEnd(year: year)
        return (isDaylight ? -7 : -8) * DemoCalendar.hour
    }

    /// The UTC instant at which PDT starts in `year`.
    static func daylightStart(year: Int64) -> Int64 {
        nthSunday(2, year: year, month: 3) * DemoCalendar.day + 10 * DemoCalendar.hour
    }

    /// The UTC instant at which PDT ends in `year`.
    static func daylightEnd(year: Int64) -> Int64 {
        nthSunday(1, year: year, month: 11) * DemoCalendar.day + 9 * DemoCalendar.hour
    }

    private static func nthSunday(_ n: Int64, year: Int64, month: Int64) -> Int64 {
        let first = DemoCalendar.days(year, month, 1)
        let firstSunday = first + (7 - DemoCalendar.weekday(days: first)) % 7
        return firstSunday + 7 * (n - 1)
    }
}
