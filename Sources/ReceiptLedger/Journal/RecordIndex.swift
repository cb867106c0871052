/// What the pipeline knows of every record before its body is read: the row checks (SPEC §8
/// "Records"), the users, each user's visits, and (two-pass pipeline only) every record's place
/// in (`verified_at`, `id`) order. Holds a few words per record, never a body.
struct RecordIndex {
    /// A record that passed the row checks, in processing order.
    struct Entry: Sendable {
        var position: Int
        var id: Int64
        var verifiedAt: UnixMillis
        var user: UserID

        /// Processing order: (`verified_at`, `id`), and input position between duplicates.
        func precedes(_ other: Entry) -> Bool {
            (verifiedAt, id, position) < (other.verifiedAt, other.id, other.position)
        }
    }

    /// A record rejected before its body was read.
    struct RowRejection: Sendable {
        var position: Int
        var recordID: String
        var userID: String
        var reason: RejectionReason
        var detail: String
    }

    /// Accepted-by-row records sorted by (verified_at, id).
    private(set) var entries: [Entry] = []
    /// For each input position: the record's rank in `entries`, or -1 when rejected by row.
    private(set) var rankOfPosition: [Int32] = []
    /// For each input position: the digest of the keys pass 1 read there (`RecordKeys.digest`),
    /// which every later pass must read there too.
    private(set) var keyDigests: [Int] = []
    /// Records rejected by a row check, in input order, then those rejected as duplicates, in
    /// processing order: the same list however the input was read.
    var rowRejections: [RowRejection] { checkRejections + duplicateRejections }
    private var checkRejections: [RowRejection] = []
    private var duplicateRejections: [RowRejection] = []
    /// Every record with a readable `verified_at` and a valid user, any outcome, for
    /// `records_after_refund`: the `verified_at`s grouped by user (user `u`'s are
    /// `visitTimes[visitStart[u] ..< visitStart[u + 1]]`), ascending within each user. Two flat
    /// arrays rather than an array per user: a million records, a few words each.
    private var visitTimes: [UnixMillis] = []
    private var visitStart: [Int] = []
    /// Visits gathered while records are checked, grouped by `finish()`: each visit's user and
    /// time at the same position, in two arrays (a tuple array would pad each user to 8 bytes).
    private var visitUsers: [UserID] = []
    private var visitTimesAsRead: [UnixMillis] = []
    /// The latest readable `verified_at` of all records (the default `--as-of`).
    private(set) var latestVerifiedAt: UnixMillis?
    private(set) var recordsRead = 0
    var users = UserTable()

    /// An index to be filled record by record with `check`, `rejectDuplicate` and `finish`
    /// (the one-scan pipeline, which never holds the processing order).
    init() {}

    /// The index of records checked elsewhere (a sharded run's, `Partial/`): their users,
    /// visits, count and latest `verified_at`, without a processing order.
    init(users: UserTable, visits: [(user: UserID, time: UnixMillis)], latestVerifiedAt: UnixMillis?, recordsRead: Int) {
        self.users = users
        visitUsers = visits.map(\.user)
        visitTimesAsRead = visits.map(\.time)
        self.latestVerifiedAt = latestVerifiedAt
        self.recordsRead = recordsRead
        finish()
    }

    /// Pass 1 of the two-pass pipeline: every record's row checks, then the processing order.
    /// The index of the records whose keys `scanKeys` hands out, in input order (pass 1 of
    /// the two-pass reading; a source's `scanKeys`).
    init(scanningKeys scanKeys: (_ body: (RecordKeys) throws -> Void) throws -> Void) throws {
        var candidates: [Entry] = []
        try scanKeys { keys in
            rankOfPosition.append(-1)
            keyDigests.append(keys.digest)
            if let candidate = check(keys) { candidates.append(candidate) }
        }
        candidates.sort { $0.precedes($1) }
        var seenIDs = RecordIDSet()
        entries.reserveCapacity(candidates.count)
        for candidate in candidates {
            guard seenIDs.insert(candidate.id) else {
                rejectDuplicate(candidate)
                continue
            }
            rankOfPosition[candidate.position] = Int32(entries.count)
            entries.append(candidate)
        }
        finish()
    }

    /// The row checks of the next record in input order (SPEC §8 "Records": `bad_id`,
    /// `bad_user_id`, `bad_verified_at`): its entry when it passes them, else nil with the
    /// rejection noted. The `duplicate_id` check needs processing order: see `rejectDuplicate`.
    mutating func check(_ keys: RecordKeys) -> Entry? {
        let position = recordsRead
        recordsRead += 1
        if let (isJSON, line) = keys.unreadableLine {
            checkRejections.append(RowRejection(position: position, recordID: "", userID: "", reason: isJSON ? .notAnObject : .invalidJSON,
                                                detail: "line \(line)"))
            return nil
        }
        let (verifiedAt, userName) = Self.readableKeys(keys)
        let user = userName.map { users.intern($0) }
        if let verifiedAt {
            latestVerifiedAt = max(latestVerifiedAt ?? verifiedAt, verifiedAt)
            if let user {
                visitUsers.append(user)
                visitTimesAsRead.append(verifiedAt)
            }
        }
        let storedUser = keys.userID.textValue ?? ""
        func reject(_ reason: RejectionReason, _ detail: String, recordID: String) {
            checkRejections.append(RowRejection(position: position, recordID: recordID, userID: storedUser, reason: reason, detail: detail))
        }
        guard case .integer(let id) = keys.id else {
            reject(.badID, "id is not an integer: \(RecordIndex.describe(keys.id))", recordID: "")
            return nil
        }
        guard let user else {
            reject(.badUserID, "user_id is \(RecordIndex.describeUser(keys.userID))", recordID: String(id))
            return nil
        }
        guard let verifiedAt else {
            reject(.badVerifiedAt, "verified_at cannot be read: \(RecordIndex.describe(keys.verifiedAt))", recordID: String(id))
            return nil
        }
        return Entry(position: position, id: id, verifiedAt: verifiedAt, user: user)
    }

    /// What a record's keys give whatever the row checks decide (a line that is no JSON gives
    /// nothing): `verified_at` when readable, `user_id` when non-empty text.
    static func readableKeys(_ keys: RecordKeys) -> (verifiedAt: UnixMillis?, userName: String?) {
        guard keys.unreadableLine == nil else { return (nil, nil) }
        let userName: String? = if case .text(let text) = keys.userID, !text.isEmpty { text } else { nil }
        return (StoredInstant.instant(keys.verifiedAt), userName)
    }

    /// Rejects a record whose id an earlier record in processing order holds.
    mutating func rejectDuplicate(_ entry: Entry) {
        duplicateRejections.append(Self.duplicate(position: entry.position, id: entry.id, userName: users.name(entry.user)))
    }

    /// The rejection of a record whose id an earlier record in processing order holds.
    static func duplicate(position: Int, id: Int64, userName: String) -> RowRejection {
        RowRejection(position: position, recordID: String(id), userID: userName, reason: .duplicateID,
                     detail: "id \(id) is used by an earlier record")
    }

    /// The row check rejection noted last by `check`, if any.
    var lastCheckRejection: RowRejection? { checkRejections.last }

    /// Groups the visits by user once every record was checked: counted per user and placed
    /// (a counting sort, in one pass, far cheaper than sorting by (user, time)), then each
    /// user's times put in order, which the input's order nearly always left them in.
    mutating func finish() {
        var start = [Int](repeating: 0, count: users.count + 1)
        for user in visitUsers { start[Int(user.index) + 1] += 1 }
        for user in 0..<users.count { start[user + 1] += start[user] }
        var times = [UnixMillis](repeating: UnixMillis(0), count: visitUsers.count)
        var next = start
        for (user, time) in zip(visitUsers, visitTimesAsRead) {
            let user = Int(user.index)
            times[next[user]] = time
            next[user] += 1
        }
        for user in 0..<users.count where start[user + 1] - start[user] > 1 {
            let own = start[user]..<start[user + 1]
            if !zip(times[own], times[own].dropFirst()).allSatisfy({ $0 <= $1 }) { times[own].sort() }
        }
        visitTimes = times
        visitStart = start
        visitUsers = []
        visitTimesAsRead = []
    }

    /// Forgets the processing order (`entries`, `rankOfPosition`, `keyDigests`) once the records
    /// are merged; the visits, users and counts stay for the reports.
    mutating func releaseProcessingOrder() {
        entries = []
        rankOfPosition = []
        keyDigests = []
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
    private var index = ExactStringIndex()

    mutating func intern(_ name: String) -> UserID {
        UserID(index: Int32(index.insert(ExactString(name)).number))
    }

    func name(_ id: UserID) -> String { index.strings[Int(id.index)] }
    func lookup(_ name: String) -> UserID? { index.number(of: ExactString(name)).map { UserID(index: Int32($0)) } }
    var count: Int { index.count }
}
