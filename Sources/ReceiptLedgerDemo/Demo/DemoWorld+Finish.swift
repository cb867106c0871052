/// Builds the whole world for a seed and size, then settles what each stored row looks like
/// and the order in which the rows were inserted.
extension DemoWorld {
    /// The server stored neither `claimed_environment` nor integer `verified_at` before this day.
    static let schemaChange = DemoCalendar.millis(2024, 2, 1)
    /// A PHP worker re-encoded the answers it stored in these two weeks (`\/` everywhere).
    static let escapingWorker = DemoCalendar.millis(2024, 5, 6)...DemoCalendar.millis(2024, 5, 20)

    /// The named stories first (they exist at every size), then ordinary customers up to
    /// `records`; the `histories` shape has its own customers only.
    static func build(seed: UInt64, records: Int, shape: DemoShape = .demo) -> DemoWorld {
        let wanted = max(0, records)
        if shape == .histories {
            var world = DemoWorld(seed: seed, shape: shape)
            world.addHistoriesPopulation(upTo: wanted)
            world.plans.removeLast(world.plans.count - wanted)
            world.settleRows()
            return world
        }
        var world = namedStories(seed: seed)
        if world.plans.count > wanted {
            // Smaller than the named stories: keep the earliest records.
            world.plans.sort { ($0.verifiedAt, $0.sequence) < ($1.verifiedAt, $1.sequence) }
            world.plans.removeLast(world.plans.count - wanted)
        } else {
            world.addBulkPopulation(upTo: wanted)
            world.plans.removeLast(world.plans.count - wanted)
        }
        world.settleRows()
        return world
    }

    /// Only the named stories and App Review sessions, before any ordinary customer.
    static func namedStories(seed: UInt64) -> DemoWorld {
        var world = DemoWorld(seed: seed)
        var random = DemoRandom(seed: seed, stream: .max)
        world.addRefundScenarios(random: &random)
        world.addSubscriptionScenarios(random: &random)
        world.addFormatScenarios(random: &random)
        world.addBrokenScenarios(random: &random)
        world.addAppReviewSessions(random: &random)
        // Their own stream: the stories above draw exactly what they drew before signed records.
        var signed = DemoRandom(seed: seed, stream: .max - 3)
        world.addSignedScenarios(random: &signed)
        return world
    }

    /// Decides each row's stored forms, then sorts the plans into insertion (id) order:
    /// by `verified_at` plus the worker's delay, so a few rows land out of order.
    mutating func settleRows() {
        var receiptRandom = DemoRandom(seed: seed, stream: .max - 1)
        // Signed customers' rows draw from a stream of their own, so the others' rows stay as they were.
        var signedRandom = DemoRandom(seed: seed, stream: .max - 4)
        for index in plans.indices {
            var plan = plans[index]
            if account(of: plan.user).signed != nil {
                settleRow(&plan, random: &signedRandom)
            } else {
                settleRow(&plan, random: &receiptRandom)
            }
            plans[index] = plan
        }
        plans.sort { lhs, rhs in
            let left = lhs.verifiedAt + (lhs.storeDelay ?? 0)
            let right = rhs.verifiedAt + (rhs.storeDelay ?? 0)
            return left != right ? left < right : lhs.sequence < rhs.sequence
        }
    }

    /// One row's claim, `verified_at` form, flags and store delay.
    private func settleRow(_ plan: inout DemoRecordPlan, random: inout DemoRandom) {
        let environment = account(of: plan.user).environment
        if plan.claimed == .automatic {
            if plan.verifiedAt < DemoWorld.schemaChange {
                plan.claimed = .null
            } else if environment == .sandbox {
                plan.claimed = .value("Sandbox")
            } else {
                plan.claimed = random.chance(50) ? .value("production") : random.chance(20) ? .value("") : .value("Production")
            }
        }
        if plan.timeForm == .automatic {
            if plan.verifiedAt < DemoWorld.schemaChange {
                plan.timeForm = .gmtText
            } else {
                plan.timeForm = random.chance(30) ? .isoText : random.chance(20) ? .digitText : .millis
            }
        }
        if plan.timeForm == .gmtText || plan.timeForm == .isoText {
            plan.verifiedAt -= plan.verifiedAt % DemoCalendar.second
            plan.receiptAt = min(plan.receiptAt, plan.verifiedAt)
        }
        if random.chance(1_000) { plan.flags.insert(.responseAsString) }
        if random.chance(50) { plan.flags.insert(.statusAsText) }
        if DemoWorld.escapingWorker.contains(plan.verifiedAt) { plan.flags.insert(.escapedSlashes) }
        if shape == .histories {
            // Responses stored as BLOB by one of the app's servers; rows stored late by a queue.
            if random.chance(3_300) { plan.flags.insert(.storedAsBlob) }
            plan.storeDelay = random.chance(1_500) ? random.int(DemoCalendar.second...10 * DemoCalendar.minute)
                : random.chance(200) ? random.int(10 * DemoCalendar.minute...6 * DemoCalendar.hour) : 0
        }
        if plan.storeDelay == nil {
            plan.storeDelay = random.chance(100) ? random.int(DemoCalendar.second...10 * DemoCalendar.minute) : 0
        }
    }
}
