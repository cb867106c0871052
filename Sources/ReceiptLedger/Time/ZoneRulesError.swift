/// Why a time zone's rules could not be loaded.
struct ZoneRulesError: Error, Equatable, CustomStringConvertible {
    enum Reason: Equatable, Sendable {
        /// Not a tz database name (`America/Los_Angeles`), e.g. empty, absolute or with `..`.
        case invalidIdentifier
        /// Neither the tz database on this machine nor Foundation knows the zone.
        case unknownZone
        /// The tz database file exists but could not be read as TZif (RFC 8536).
        case unreadableData(String)
    }

    var identifier: String
    var reason: Reason

    var description: String {
        switch reason {
        case .invalidIdentifier: return "invalid time zone name \"\(identifier)\""
        case .unknownZone: return "unknown time zone \"\(identifier)\""
        case .unreadableData(let detail): return "cannot read the rules of time zone \"\(identifier)\": \(detail)"
        }
    }
}
