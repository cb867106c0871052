/// One stored verification result, as written to SQLite and NDJSON.
struct DemoRecord {
    var id: Int64
    var userID: String?
    var verifiedAt: DemoTimestamp
    var claimedEnvironment: String?
    /// The body's bytes; nil is SQL NULL / JSON null.
    var response: [UInt8]?
    var body: DemoBody
    var flags: DemoRecordFlags

    /// Whether `response` is meant to parse as JSON (after its byte order mark, if any).
    var isJSON: Bool { body.isJSON }
}

/// The records of a world in id order, rendered one at a time (the whole data set would not
/// fit in memory at benchmark sizes).
struct DemoRecords: Sequence {
    let world: DemoWorld

    func makeIterator() -> Iterator {
        Iterator(world: world)
    }

    struct Iterator: IteratorProtocol {
        private var renderer: DemoResponseRenderer
        private var position = 0

        init(world: DemoWorld) {
            renderer = DemoResponseRenderer(world: world)
        }

        mutating func next() -> DemoRecord? {
            let world = renderer.world
            guard position < world.plans.count else { return nil }
            let plan = world.plans[position]
            position += 1
            let claimed: String?
            switch plan.claimed {
            case .value(let text): claimed = text
            case .null, .automatic: claimed = nil
            }
            return DemoRecord(
                id: Int64(position), userID: world.users[Int(plan.user)].userID,
                verifiedAt: DemoRecords.storedTime(plan), claimedEnvironment: claimed,
                response: renderer.render(plan), body: plan.body, flags: plan.flags)
        }
    }

    static func storedTime(_ plan: DemoRecordPlan) -> DemoTimestamp {
        switch plan.timeForm {
        case .automatic, .millis: return .millis(plan.verifiedAt)
        case .gmtText: return .gmtText(plan.verifiedAt)
        case .isoText: return .isoText(plan.verifiedAt)
        case .digitText: return .text(String(plan.verifiedAt))
        case .text(let text): return .text(text)
        }
    }
}
