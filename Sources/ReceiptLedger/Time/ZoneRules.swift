import Foundation

/// How a local wall-clock time maps to instants in one zone.
enum LocalTimeResolution: Equatable, Sendable {
    /// The wall time happens once.
    case unique(UnixMillis)
    /// The wall time happens twice (the clocks went back, e.g. the repeated autumn hour).
    case ambiguous(earlier: UnixMillis, later: UnixMillis)
    /// The wall time never happens (the clocks jumped over it, e.g. the spring gap).
    case skipped
}

/// The UTC offsets of one tz database zone over time, computed once and then only looked up.
///
/// Built eagerly at `init` into an immutable sorted transition table (the tz database's own
/// transitions, then its POSIX rule for later years up to `periodicFrom`); each lookup is a binary
/// search. Past `periodicFrom` an instant is moved back by whole 400-year Gregorian cycles (146 097
/// days, a whole number of weeks), inside which the rule repeats exactly. Immutable, so one value
/// can be shared by every thread.
final class ZoneRules: Sendable {
    let identifier: String
    /// The alphabetic abbreviations of the zone's current rule by offset in ms (`-25200000`:
    /// `PDT`), for showing local times; empty when unknown (the offset is shown instead).
    let abbreviations: [Int64: String]
    /// Transition instants in ms since the epoch, strictly ascending.
    let transitions: [Int64]
    /// `offsets[i]`: UTC offset in ms from `transitions[i]` until the next transition.
    private let offsets: [Int64]
    /// Offset in ms before the first transition.
    private let initialOffset: Int64
    /// The largest |offset| in the table: bounds the search window of `resolveLocal`.
    private let maxAbsoluteOffset: Int64
    /// Instants at or after this one are shifted back by multiples of `cycleMillis`.
    private let periodicFrom: Int64
    /// For each span of 2^`bucketShift` ms from `bucketBase` on: the segment in force where the
    /// span starts. A lookup starts there and steps over the few transitions a span holds,
    /// instead of a binary search over the whole table (about 1,400 transitions for
    /// America/Los_Angeles; every answer's dates look its offset up three times or more).
    private let segmentAtBucketStart: [Int32]
    /// Where the spans start: the first transition from 1800 on (earlier ones, down to zic's
    /// "big bang" marker, are left to the binary search); `Int64.max` when there are no spans.
    private let bucketBase: Int64
    /// The last instant the spans cover.
    private let bucketEnd: Int64
    /// 2^35 ms is about 398 days: a span holds at most a few transitions.
    private static let bucketShift: Int64 = 35
    /// At most this many spans (about 4,450 years); later instants take the binary search.
    private static let maximumBuckets = 4_096

    static let cycleMillis = CivilDate.daysPer400Years * UnixMillis.millisPerDay

    /// Zones that are UTC by name; they need no tz database file.
    static let utcIdentifiers: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/Universal", "Etc/Zulu"]

    static let utc = ZoneRules(identifier: "UTC",
                               table: ZoneTransitionTable(initialOffset: 0, events: [], periodicFrom: Int64.max),
                               abbreviations: [0: "UTC"])

    /// America/Los_Angeles: the zone of the App Store's `_pst` timestamps and of Apple's sales reports.
    static let pacific: ZoneRules = {
        do {
            return try ZoneRules(identifier: "America/Los_Angeles")
        } catch {
            // Foundation carries its own copy of the tz database, so only a broken toolchain gets here.
            fatalError("cannot load America/Los_Angeles: \(error)")
        }
    }()

    /// Directories searched for TZif files, in the order Python's `zoneinfo.TZPATH` uses.
    /// The alphabetic names of a TZif footer's rule by offset in ms (`PST8PDT,…` → −8 h: `PST`,
    /// −7 h: `PDT`); a numeric name such as `<+09>` is left out.
    static func abbreviations(footer: String?) -> [Int64: String] {
        guard let footer, let rule = PosixTZRule(footer) else { return [:] }
        var names: [Int64: String] = [:]
        func add(_ name: String?, _ offsetSeconds: Int64) {
            guard let name, name.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) else { return }
            names[offsetSeconds * 1_000] = name
        }
        add(rule.standardName, rule.standardOffset)
        if let daylight = rule.daylight { add(rule.daylightName, daylight.offset) }
        return names
    }

    static let tzdatabaseDirectories = ["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo"]

    /// Loads `identifier` from the tz database (the TZif files Python's `zoneinfo` reads), else from
    /// Foundation's copy of it when this machine has no file for the zone. The UTC names need neither.
    convenience init(identifier: String) throws(ZoneRulesError) {
        let table: ZoneTransitionTable
        var abbreviations: [Int64: String] = [:]
        if Self.utcIdentifiers.contains(identifier) {
            table = ZoneTransitionTable(initialOffset: 0, events: [], periodicFrom: Int64.max)
            abbreviations = [0: "UTC"]
        } else {
            guard Self.isValidIdentifier(identifier) else {
                throw ZoneRulesError(identifier: identifier, reason: .invalidIdentifier)
            }
            if let bytes = Self.tzdatabaseFile(named: identifier) {
                do {
                    let tzif = try TZifFile(bytes: bytes)
                    table = try ZoneTransitionTable(tzif: tzif)
                    abbreviations = Self.abbreviations(footer: tzif.footer)
                } catch {
                    throw ZoneRulesError(identifier: identifier, reason: .unreadableData("\(error)"))
                }
            } else if let foundationTable = ZoneTransitionTable(foundationIdentifier: identifier) {
                table = foundationTable
            } else {
                throw ZoneRulesError(identifier: identifier, reason: .unknownZone)
            }
        }
        self.init(identifier: identifier, table: table, abbreviations: abbreviations)
    }

    init(identifier: String, table: ZoneTransitionTable, abbreviations: [Int64: String] = [:]) {
        self.identifier = identifier
        self.abbreviations = abbreviations
        transitions = table.times
        offsets = table.offsets
        initialOffset = table.initialOffset
        maxAbsoluteOffset = ([table.initialOffset] + table.offsets).map { Int64($0.magnitude) }.max() ?? 0
        periodicFrom = table.periodicFrom
        let earliest = CivilDate(year: 1800, month: 1, day: 1).daysSinceEpoch * UnixMillis.millisPerDay
        var buckets: [Int32] = []
        if let base = transitions.first(where: { $0 >= earliest }), let last = transitions.last {
            let count = min(Int((last - base) >> Self.bucketShift) + 1, Self.maximumBuckets)
            var segment = 0
            for bucket in 0..<count {
                let start = base + Int64(bucket) << Self.bucketShift
                while segment < transitions.count && transitions[segment] <= start { segment += 1 }
                buckets.append(Int32(segment))
            }
            bucketBase = base
            bucketEnd = base + Int64(count) << Self.bucketShift - 1
        } else {
            bucketBase = Int64.max
            bucketEnd = Int64.min
        }
        segmentAtBucketStart = buckets
    }

    /// A tz database name: `/`-separated parts of letters, digits, `_`, `-`, `+` and `.`, none of
    /// them `.` or `..`, so that it can only name a file below the tz directory.
    static func isValidIdentifier(_ identifier: String) -> Bool {
        let parts = identifier.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !identifier.isEmpty, identifier.utf8.count <= 255 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && !part.elementsEqual(".".utf8) && !part.elementsEqual("..".utf8)
                && part.allSatisfy { byte in
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                         UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
                         UInt8(ascii: "+"), UInt8(ascii: "."):
                        return true
                    default:
                        return false
                    }
                }
        }
    }

    /// The bytes of the zone's TZif file in the first tz directory that has one.
    private static func tzdatabaseFile(named identifier: String) -> [UInt8]? {
        for directory in tzdatabaseDirectories {
            if let data = FileManager.default.contents(atPath: directory + "/" + identifier) {
                return [UInt8](data)
            }
        }
        return nil
    }

    /// The offset (local − UTC) in ms in force at `instant`.
    func offsetMillis(at instant: UnixMillis) -> Int64 {
        offset(inSegment: segment(containing: instant.rawValue - cycleShift(instant.rawValue)))
    }

    /// The instants whose local wall time, in ms since 1970-01-01 on the local clock, is `localMillis`.
    func resolveLocal(_ localMillis: Int64) -> LocalTimeResolution {
        let local = localMillis - cycleShift(localMillis)
        // A solution t = local − offset(t) lies within maxAbsoluteOffset of `local`, so only the
        // segments that overlap that window can hold one; solutions come out in ascending order.
        var first: Int64?
        var last: Int64?
        let windowEnd = Self.saturatingAdd(local, maxAbsoluteOffset)
        var index = segment(containing: Self.saturatingAdd(local, -maxAbsoluteOffset))
        while true {
            let offset = offset(inSegment: index)
            let candidate = Self.saturatingAdd(local, -offset)
            let starts = index == 0 ? Int64.min : transitions[index - 1]
            let ends = index == transitions.count ? Int64.max : transitions[index]
            if candidate >= starts && candidate < ends {
                // Report in the caller's cycle: `localMillis − offset`, not `candidate` + shift.
                let solution = Self.saturatingAdd(localMillis, -offset)
                if first == nil { first = solution }
                last = solution
            }
            if index == transitions.count || transitions[index] > windowEnd { break }
            index += 1
        }
        guard let first, let last else { return .skipped }
        return first == last ? .unique(UnixMillis(first)) : .ambiguous(earlier: UnixMillis(first), later: UnixMillis(last))
    }

    /// The first instant whose local wall time is at or after `localMillis`: the instant itself,
    /// the earlier one of a repeated time, or the transition that ends the gap skipping it.
    func firstInstant(atOrAfterLocal localMillis: Int64) -> UnixMillis {
        switch resolveLocal(localMillis) {
        case .unique(let instant), .ambiguous(let instant, _):
            return instant
        case .skipped:
            let shift = cycleShift(localMillis)
            let local = localMillis - shift
            // No segment holds a solution, so the first segment whose start already reads at or
            // after `local` on the clock begins where the gap ends.
            var index = segment(containing: Self.saturatingAdd(local, -maxAbsoluteOffset)) + 1
            while index <= transitions.count {
                let start = transitions[index - 1]
                if start + offset(inSegment: index) >= local { return UnixMillis(start + shift) }
                index += 1
            }
            return UnixMillis(localMillis)   // unreachable: a gap always ends at a transition
        }
    }

    /// How far `time` must move back (whole 400-year cycles) to fall before `periodicFrom`.
    private func cycleShift(_ time: Int64) -> Int64 {
        time >= periodicFrom ? ((time - periodicFrom) / Self.cycleMillis + 1) * Self.cycleMillis : 0
    }

    /// Index of the segment holding `time`: 0 before the first transition, i after transition i−1.
    func segment(containing time: Int64) -> Int {
        if time >= bucketBase, time <= bucketEnd {
            var segment = Int(segmentAtBucketStart[Int((time - bucketBase) >> Self.bucketShift)])
            while segment < transitions.count && transitions[segment] <= time { segment += 1 }
            return segment
        }
        return segmentByBinarySearch(containing: time)
    }

    /// How many spans the lookup index holds (at most `maximumBuckets`, whatever the table).
    var indexedSpans: Int { segmentAtBucketStart.count }

    /// `segment(containing:)` by a binary search over the whole table (also its check in tests).
    func segmentByBinarySearch(containing time: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func offset(inSegment index: Int) -> Int64 {
        index == 0 ? initialOffset : offsets[index - 1]
    }

    private static func saturatingAdd(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? (rhs > 0 ? Int64.max : Int64.min) : sum
    }
}
