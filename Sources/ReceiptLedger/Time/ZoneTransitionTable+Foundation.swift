import Foundation

extension ZoneTransitionTable {
    /// Spells out the zone's transitions from 1800 to 2500 with Foundation's own copy of the tz
    /// database (ICU's). Used only when this machine has no `/usr/share/zoneinfo` file for the zone,
    /// and once per zone, since it is slow.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ZoneTransitionTable.
    init?(foundationIdentifier identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let start = Date(timeIntervalSince1970: TimeInterval(CivilDate(year: 1800, month: 1, day: 1).daysSinceEpoch * 86_400))
        let endYear = Self.minimumTableEndYear
        let periodicFrom = CivilDate(year: endYear, month: 1, day: 1).daysSinceEpoch * UnixMillis.millisPerDay
        // A little past the periodic window, so searches near its end see the next year's changes.
        let stop = Date(timeIntervalSince1970: TimeInterval(CivilDate(year: endYear + 1, month: 1, day: 1).daysSinceEpoch * 86_400))
        var events: [(time: Int64, offset: Int64)] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < stop, next > cursor {
            let seconds = Int64(next.timeIntervalSince1970.rounded(.down))
            events.append((seconds * 1_000, Int64(zone.secondsFromGMT(for: next)) * 1_000))
            cursor = next
        }
        self.init(initialOffset: Int64(zone.secondsFromGMT(for: start)) * 1_000, events: events, periodicFrom: periodicFrom)
    }
}
