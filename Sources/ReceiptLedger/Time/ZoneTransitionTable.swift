/// The flat, sorted table a `ZoneRules` searches: built once from the tz database.
struct ZoneTransitionTable: Equatable, Sendable {
    /// Offset in ms before the first transition.
    var initialOffset: Int64
    /// Transition instants in ms, strictly ascending, each changing the offset.
    var times: [Int64]
    /// Offset in ms from `times[i]` on.
    var offsets: [Int64]
    /// From here on the zone repeats every 400 Gregorian years (see `ZoneRules`).
    var periodicFrom: Int64

    /// Rules are spelled out as transitions through this year at least.
    static let minimumTableEndYear: Int64 = 2500

    /// The tz database's transitions, then its POSIX rule from just after the last one.
    ///
    /// As in Python's `zoneinfo` (and RFC 8536 §3.2), the rule governs every instant after the last
    /// listed transition, and an instant before the first one has the first standard-time type.
    init(tzif: TZifFile) throws(TZifFile.Malformed) {
        guard let before = tzif.typeBeforeFirstTransition else { throw .noTypes }
        // zic writes "since the big bang" markers as far as ±2^59 s: clamp instead of overflowing.
        var events: [(time: Int64, offset: Int64)] = zip(tzif.transitionTimes, tzif.transitionTypes).map {
            (Self.millis(fromSeconds: $0.0), Self.millis(fromSeconds: tzif.types[$0.1].utcOffset))
        }
        let lastListed = events.last?.time
        // Years from which the rule is spelled out, and after which the 400-year window
        // [end − 400 y, end) lies wholly in the rule's reign. A rule that took over before 1800 is
        // spelled out only from 1799 (earlier instants are no concern of this program).
        let lastListedYear = lastListed.map { min(max(CivilDate(daysSinceEpoch: UnixMillis.split($0).day).year, 1800), 10_000) }
        let endYear = max(Self.minimumTableEndYear, (lastListedYear ?? 0) + 402)
        var initial = before.utcOffset * 1_000
        if let footer = tzif.footer {
            guard let rule = PosixTZRule(footer) else { throw .badFooter }
            let firstYear = (lastListedYear ?? 1800) - 1
            let generated = Self.ruleTransitions(rule, years: firstYear...(endYear + 1))
            if let lastListed {
                // The rule's state just after the last listed transition, then its own changes.
                let inForce = generated.last { $0.time <= lastListed }?.offset ?? Self.stateBefore(generated, rule)
                events.append((lastListed + 1, inForce))
                events += generated.filter { $0.time > lastListed }
            } else {
                // No listed history: the rule holds for all time.
                initial = Self.stateBefore(generated, rule)
                events = generated
            }
        }
        self.init(initialOffset: initial, events: events,
                  periodicFrom: CivilDate(year: endYear, month: 1, day: 1).daysSinceEpoch * UnixMillis.millisPerDay)
    }

    /// Sorts nothing: `events` must be ascending. Keeps the last of equal times and drops events
    /// that leave the offset unchanged (e.g. a change of abbreviation only, like 1945's PWT→PPT).
    init(initialOffset: Int64, events: [(time: Int64, offset: Int64)], periodicFrom: Int64) {
        self.initialOffset = initialOffset
        self.periodicFrom = periodicFrom
        var times: [Int64] = []
        var offsets: [Int64] = []
        times.reserveCapacity(events.count)
        offsets.reserveCapacity(events.count)
        for event in events {
            if let last = times.last, last == event.time {
                times.removeLast()
                offsets.removeLast()
            }
            if (offsets.last ?? initialOffset) != event.offset {
                times.append(event.time)
                offsets.append(event.offset)
            }
        }
        self.times = times
        self.offsets = offsets
    }

    /// Seconds to ms, clamped to ±2^52 s (±142 million years) so that no later sum can overflow.
    private static func millis(fromSeconds seconds: Int64) -> Int64 {
        let limit: Int64 = 1 << 52
        return max(-limit, min(limit, seconds)) * 1_000
    }

    /// The offset in ms that the rule's first generated transition changes from.
    private static func stateBefore(_ generated: [(time: Int64, offset: Int64)], _ rule: PosixTZRule) -> Int64 {
        let standard = rule.standardOffset * 1_000
        guard let first = generated.first, let daylight = rule.daylight else { return standard }
        return first.offset == standard ? daylight.offset * 1_000 : standard
    }

    /// The rule's transitions over `years` in ms, ascending; equal instants keep year order, so the
    /// later one (the next year's start of an all-year daylight rule) wins.
    static func ruleTransitions(_ rule: PosixTZRule, years: ClosedRange<Int64>) -> [(time: Int64, offset: Int64)] {
        var sequenced: [(time: Int64, sequence: Int, offset: Int64)] = []
        sequenced.reserveCapacity(years.count * 2)
        for year in years {
            for transition in rule.transitions(inYear: year) {
                sequenced.append((transition.utcSeconds * 1_000, sequenced.count, transition.offset * 1_000))
            }
        }
        sequenced.sort { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
        return sequenced.map { ($0.time, $0.offset) }
    }
}
