/// Instants and days for people, in the report's time zone (`--tz`): `2024-06-30 21:37 PDT`,
/// `2024-07-01 04:37 UTC`; the CSV files keep UTC instants in ISO 8601. A zone whose rule has
/// no alphabetic abbreviation for the offset shows the offset (`2024-07-01 06:37 UTC+02:00`).
struct DateDisplay: Sendable {
    let zone: ZoneRules

    /// `2024-06-30 21:37 PDT`; an empty text for nil.
    func instant(_ instant: UnixMillis?) -> String {
        guard let instant else { return "" }
        let offset = zone.offsetMillis(at: instant)
        let (local, overflow) = instant.rawValue.addingReportingOverflow(offset)
        guard !overflow else { return instant.iso8601 }
        let (day, millisOfDay) = UnixMillis.split(local)
        let minutes = millisOfDay / 60_000
        return Self.day(day) + " " + CivilDate.twoDigits(minutes / 60) + ":" + CivilDate.twoDigits(minutes % 60) + " " + zoneName(offset)
    }

    /// The local date of an instant: `2024-06-30`.
    func localDate(_ instant: UnixMillis) -> String {
        let (local, overflow) = instant.rawValue.addingReportingOverflow(zone.offsetMillis(at: instant))
        return Self.day(UnixMillis.split(overflow ? instant.rawValue : local).day)
    }

    /// The zone's abbreviation for an offset, else `UTC±hh:mm`.
    func zoneName(_ offsetMillis: Int64) -> String {
        if let name = zone.abbreviations[offsetMillis] { return name }
        let minutes = offsetMillis.magnitude / 60_000
        return "UTC" + (offsetMillis < 0 ? "−" : "+") + CivilDate.twoDigits(Int64(minutes / 60)) + ":" + CivilDate.twoDigits(Int64(minutes % 60))
    }

    /// Local day `day` (days since 1970-01-01): `2024-06-30`.
    static func day(_ day: Int64) -> String {
        CivilDate(daysSinceEpoch: day).isoText
    }

    /// The first and last day of a range of local days: `2024-06-30 – 2024-07-06`.
    static func days(_ days: Range<Int64>) -> String {
        days.count <= 1 ? day(days.lowerBound) : day(days.lowerBound) + " – " + day(days.upperBound - 1)
    }
}
