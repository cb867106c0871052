/// The record index of a sharded run (docs/PARTIAL-STATE.md): what every stage after the shards
/// needs of all records at once, a few words per record. Built from every shard's
/// `records.part` by `init(shards:)`; `merge-bucket` reads the duplicates, users and consumable
/// refund environments, `finish` all of it.
struct PartialIndex: Sendable {
    /// The shards' names, sorted: a shard is named by its place here. Between records of equal
    /// (`verified_at`, `id`) the one of the earlier shard name, then position, comes first.
    var shardNames: [String] = []
    var recordsRead = 0
    var latestVerifiedAt: UnixMillis?
    /// Every valid `user_id`, in order of first appearance by (shard name, position).
    var users: [String] = []
    /// Every record with a readable `verified_at` and a valid user (`records_after_refund`).
    var visits: [Visit] = []
    /// SPEC §9 "Consumables": of the accepted records that are not duplicates.
    var consumableRefundEnvironments: [Environment] = []
    /// Records rejected as `duplicate_id`, in processing order.
    var duplicates: [Duplicate] = []

    struct Visit: Sendable, Equatable {
        var user: Int
        var time: UnixMillis
    }

    struct Duplicate: Sendable, Equatable {
        var shard: Int
        var position: Int
        var id: Int64
        var userName: String
    }

    /// A record that passed the row checks, where processing order puts it.
    struct Place: Comparable {
        var verifiedAt: UnixMillis
        var id: Int64
        var shard: Int
        var position: Int

        static func < (lhs: Place, rhs: Place) -> Bool {
            (lhs.verifiedAt, lhs.id, lhs.shard, lhs.position) < (rhs.verifiedAt, rhs.id, rhs.shard, rhs.position)
        }
    }

    init() {}

    /// The index of the records of the `records.part` files at `paths`, read as they stream past.
    init(recordsParts paths: [String]) throws {
        var names: [String] = []
        for path in paths {
            var reader = try PartialReader(path: path, expecting: .records)
            names.append(try reader.text())
        }
        try self.init(shardNames: names) { shard, body in
            var reader = try PartialReader(path: paths[shard], expecting: .records)
            _ = try reader.text()
            while try reader.bool() { try body(try reader.record()) }
            try reader.requireEnd()
        }
    }

    /// The index of shards named `names` (in any order), whose records `scan` gives, in
    /// input order, for the shard at a place in `names`.
    private init(shardNames names: [String], scan: (_ shard: Int, _ body: (PartialRecord) throws -> Void) throws -> Void) throws {
        let order = names.indices.sorted { names[$0] < names[$1] }
        shardNames = order.map { names[$0] }
        for (earlier, later) in zip(shardNames, shardNames.dropFirst()) where earlier == later {
            throw UsageError("two records parts are both of shard \(later): each shard needs its own --shard-name")
        }
        var userTable = UserTable()
        // A few words per record: where it goes, its user and what the index needs of its outcome.
        var places: [(place: Place, user: UserID, consumable: [Environment])] = []
        for (shard, given) in order.enumerated() {
            try scan(given) { record in
                recordsRead += 1
                let user = record.userName.map { userTable.intern($0) }
                if let time = record.verifiedAt {
                    latestVerifiedAt = max(latestVerifiedAt ?? time, time)
                    if let user { visits.append(Visit(user: Int(user.index), time: time)) }
                }
                guard let passed = record.passed, let verifiedAt = record.verifiedAt, let user else { return }
                var consumable: [Environment] = []
                if case .accepted = passed.record.outcome { consumable = passed.record.consumableRefundEnvironments }
                places.append((Place(verifiedAt: verifiedAt, id: passed.id, shard: shard, position: record.position), user, consumable))
            }
        }
        users = (0..<userTable.count).map { userTable.name(UserID(index: Int32($0))) }
        places.sort { $0.place < $1.place }
        var seen = RecordIDSet()
        var consumable = Set<Environment>()
        for (place, user, environments) in places {
            guard seen.insert(place.id) else {
                duplicates.append(Duplicate(shard: place.shard, position: place.position, id: place.id, userName: users[Int(user.index)]))
                continue
            }
            consumable.formUnion(environments)
        }
        consumableRefundEnvironments = consumable.sorted()
    }

    /// The users as the merge names them: user `n` of `users` is `UserID(index: n)`.
    var userTable: UserTable {
        var table = UserTable()
        for name in users { _ = table.intern(name) }
        return table
    }

    /// Where a record is in the input: its shard's number and its position there.
    struct ShardPosition: Hashable {
        var shard: Int
        var position: Int
    }

    /// The duplicates by where they are, for skipping their copies and records.
    var duplicatePlaces: Set<ShardPosition> { Set(duplicates.map { ShardPosition(shard: $0.shard, position: $0.position) }) }

    /// The number of the shard named so.
    func shard(named name: String, in path: String) throws -> Int {
        guard let number = shardNames.firstIndex(of: name) else {
            throw UsageError("\(path) is of shard \(name), which the index was not built from")
        }
        return number
    }
}

extension PartialWriter {
    mutating func index(_ index: PartialIndex) {
        count(index.shardNames.count)
        for name in index.shardNames { text(name) }
        count(index.recordsRead)
        optionalInstant(index.latestVerifiedAt)
        count(index.users.count)
        for name in index.users { text(name) }
        count(index.visits.count)
        for visit in index.visits {
            count(visit.user)
            instant(visit.time)
        }
        count(index.consumableRefundEnvironments.count)
        for environment in index.consumableRefundEnvironments { text(environment.rawValue) }
        count(index.duplicates.count)
        for duplicate in index.duplicates {
            count(duplicate.shard)
            count(duplicate.position)
            signed(duplicate.id)
            text(duplicate.userName)
        }
    }
}

extension PartialReader {
    mutating func index() throws -> PartialIndex {
        var index = PartialIndex()
        for _ in 0..<(try count()) { index.shardNames.append(try text()) }
        index.recordsRead = try count()
        index.latestVerifiedAt = try optionalInstant()
        for _ in 0..<(try count()) { index.users.append(try text()) }
        for _ in 0..<(try count()) {
            let user = try count()
            guard user < index.users.count else { throw damaged("a visit of an unknown user") }
            index.visits.append(PartialIndex.Visit(user: user, time: try instant()))
        }
        for _ in 0..<(try count()) { index.consumableRefundEnvironments.append(try environment()) }
        for _ in 0..<(try count()) {
            let shard = try count()
            guard shard < index.shardNames.count else { throw damaged("a duplicate of an unknown shard") }
            index.duplicates.append(PartialIndex.Duplicate(shard: shard, position: try count(), id: try signed(), userName: try text()))
        }
        return index
    }
}
