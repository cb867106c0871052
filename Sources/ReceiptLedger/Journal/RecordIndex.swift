/// The first pass over a source: every record's row checks (SPEC §8 "Records") and its place
/// in (`verified_at`, `id`) order. Holds a few words per record, never a body.
struct RecordIndex {
    /// A record that passed the row checks, in processing order.
    struct Entry: Sendable {
        var position: Int
        var id: Int64
        var verifiedAt: UnixMillis
        var user: UserID
    }

    /// A record rejected before its body was read.
    struct RowRejection: Sendable {
        var position: Int
        var recordID: String
        var userID: String
        var reason: String
        var detail: String
    }

    /// Accepted-by-row records sorted by (verified_at, id).
    private(set) var entries: [Entry] = []
    /// For each input position: the record's rank in `entries`, or -1 when rejected by row.
    private(set) var rankOfPosition: [Int32] = []
    private(set) var rowRejections: [RowRejection] = []
    /// Every record with a readable `verified_at` and a valid user, any outcome, for
    /// `records_after_refund`: the `verified_at`s grouped by user (user `u`'s are
    /// `visitTimes[visitStart[u] ..< visitStart[u + 1]]`), ascending within each user. Two flat
    /// arrays rather than an array per user: a million records, a few words each.
    private var visitTimes: [UnixMillis] = []
    private var visitStart: [Int] = []
    /// The latest readable `verified_at` of all records (the default `--as-of`).
    private(set) var latestVerifiedAt: UnixMillis?
    private(set) var recordsRead = 0
    var users = UserTable()

    init(source: RecordSource) throws {
        var candidates: [Entry] = []
        var visits: [(user: UserID, time: UnixMillis)] = []
        try source.scanKeys { keys in
            let position = recordsRead
            recordsRead += 1
            rankOfPosition.append(-1)
            if let (reason, line) = keys.unreadableLine {
                rowRejections.append(RowRejection(position: position, recordID: "", userID: "", reason: reason, detail: "line \(line)"))
                return
            }
            let verifiedAt = RecordIndex.instant(keys.verifiedAt)
            let user: UserID? = if case .text(let text) = keys.userID, !text.isEmpty { users.intern(text) } else { nil }
            if let verifiedAt {
                latestVerifiedAt = max(latestVerifiedAt ?? verifiedAt, verifiedAt)
                if let user { visits.append((user, verifiedAt)) }
            }
            let storedUser = keys.userID.textValue ?? ""
            func reject(_ reason: String, _ detail: String, recordID: String) {
                rowRejections.append(RowRejection(position: position, recordID: recordID, userID: storedUser, reason: reason, detail: detail))
            }
            guard case .integer(let id) = keys.id else {
                reject("bad_id", "id is not an integer: \(RecordIndex.describe(keys.id))", recordID: "")
                return
            }
            guard let user else {
                reject("bad_user_id", "user_id is \(RecordIndex.describeUser(keys.userID))", recordID: String(id))
                return
            }
            guard let verifiedAt else {
                reject("bad_verified_at", "verified_at cannot be read: \(RecordIndex.describe(keys.verifiedAt))", recordID: String(id))
                return
            }
            candidates.append(Entry(position: position, id: id, verifiedAt: verifiedAt, user: user))
        }
        candidates.sort { ($0.verifiedAt, $0.id, $0.position) < ($1.verifiedAt, $1.id, $1.position) }
        var seenIDs = Set<Int64>(minimumCapacity: candidates.count)
        entries.reserveCapacity(candidates.count)
        for candidate in candidates {
            guard seenIDs.insert(candidate.id).inserted else {
                rowRejections.append(RowRejection(position: candidate.position, recordID: String(candidate.id),
                                                  userID: users.name(candidate.user), reason: "duplicate_id",
                                                  detail: "id \(candidate.id) is used by an earlier record"))
                continue
            }
            rankOfPosition[candidate.position] = Int32(entries.count)
            entries.append(candidate)
        }
        visits.sort { ($0.user.index, $0.time) < ($1.user.index, $1.time) }
        visitTimes = visits.map(\.time)
        visitStart = [Int](repeating: visits.count, count: users.count + 1)
        for (position, visit) in visits.enumerated().reversed() { visitStart[Int(visit.user.index)] = position }
        // Users without a visit start where the next user does.
        for user in stride(from: users.count - 1, through: 0, by: -1) where visitStart[user] > visitStart[user + 1] {
            visitStart[user] = visitStart[user + 1]
        }
    }

    /// Forgets the processing order (`entries`, `rankOfPosition`) once the records are merged;
    /// the visits, users and counts stay for the reports.
    mutating func releaseProcessingOrder() {
        entries = []
        rankOfPosition = []
    }

    /// How many of `user`'s records were verified strictly after `instant`.
    func visits(of user: UserID, after instant: UnixMillis) -> Int {
        let index = Int(user.index)
        guard index + 1 < visitStart.count else { return 0 }
        var low = visitStart[index], high = visitStart[index + 1]
        let end = high
        while low < high {
            let mid = (low + high) / 2
            if visitTimes[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return end - low
    }

    /// `verified_at`: integer ms, a digit string, or any text form of SPEC §2.
    static func instant(_ value: FieldValue) -> UnixMillis? {
        switch value {
        case .integer(let ms):
            let instant = UnixMillis(ms)
            return UnixMillis.readableRange.contains(instant) ? instant : nil
        case .text(let text):
            switch TimestampText.parse(text) {
            case .instant(let instant): return instant
            case .ambiguous(let earlier, _): return earlier
            case .skipped, .unreadable: return nil
            }
        default:
            return nil
        }
    }

    static func describe(_ value: FieldValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let text): return "\"\(text.prefix(60))\""
        case .other(let text): return String(text.prefix(60))
        }
    }

    static func describeUser(_ value: FieldValue) -> String {
        switch value {
        case .null: return "missing"
        case .text: return "empty"
        default: return "not text: \(describe(value))"
        }
    }
}

/// Interned user ids: each distinct `user_id` is stored once and named by a small integer.
struct UserID: Hashable, Comparable, Sendable {
    var index: Int32
    static func < (lhs: UserID, rhs: UserID) -> Bool { lhs.index < rhs.index }
}

struct UserTable: Sendable {
    private var names: [String] = []
    private var indexByName: [ExactString: UserID] = [:]

    mutating func intern(_ name: String) -> UserID {
        let key = ExactString(name)
        if let id = indexByName[key] { return id }
        let id = UserID(index: Int32(names.count))
        names.append(name)
        indexByName[key] = id
        return id
    }

    func name(_ id: UserID) -> String { names[Int(id.index)] }
    func lookup(_ name: String) -> UserID? { indexByName[ExactString(name)] }
    var count: Int { names.count }
}
