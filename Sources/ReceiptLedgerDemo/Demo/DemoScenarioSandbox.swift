/// Sandbox traffic in the production database: App Review testing each release with a
/// client that hard-codes "production" (21007, then sandbox answers claimed as Production),
/// and the team's own testers.
extension DemoWorld {
    /// One review session per app release, roughly monthly.
    mutating func addAppReviewSessions(random: inout DemoRandom) {
        var release = DemoCalendar.millis(2024, 1, 23, 18)
        var session = 0
        while release < DemoWorld.end - 2 * DemoCalendar.day {
            session += 1
            let reviewer = addCustomer("u_app_review_\(session)", .sandbox, install: release)
            let purchase = release + random.int(DemoCalendar.hour...30 * DemoCalendar.hour)
            var builder = DemoSubscriptionBuilder(account: users[Int(reviewer)].account, product: .monthly)
            builder.addPeriod(in: &self, random: &random, purchase: purchase)
            // Production says 21007; the server retries on sandbox but stores the client's claim.
            addRecord(reviewer, at: purchase + 4 * DemoCalendar.second, body: .status(21007), claimed: .value("Production"))
            let claim: DemoClaim = session == 1 || random.chance(5_000) ? .value("Production") : .value("Sandbox")
            addRecord(reviewer, at: purchase + 9 * DemoCalendar.second, claimed: claim)
            for renewal in 1...random.int(1...3) {
                builder.addPeriod(in: &self, random: &random)
                addRecord(reviewer, at: purchase + Int64(renewal) * 5 * DemoCalendar.minute + 40 * DemoCalendar.second, claimed: claim)
            }
            builder.finish(in: &self)
            release += random.int(21 * DemoCalendar.day...40 * DemoCalendar.day)
        }
    }

    /// The team's own tester: sandbox purchases claimed correctly as Sandbox.
    mutating func addBulkSandboxTester(_ userID: String, random: inout DemoRandom) {
        let start = randomStart(&random)
        let user = addCustomer(userID, .sandbox, install: start)
        if random.chance(5_000) {
            addCoinPurchase(user, at: start, product: .coins, quantity: 1, random: &random)
            return
        }
        var builder = DemoSubscriptionBuilder(account: users[Int(user)].account, product: .monthly)
        builder.addPeriod(in: &self, random: &random, purchase: start)
        addRecord(user, at: start + 6 * DemoCalendar.second, claimed: .value("Sandbox"))
        for _ in 0..<random.int(1...5) {
            builder.addPeriod(in: &self, random: &random)
            addRecord(user, at: builder.lastExpires - 2 * DemoCalendar.minute, claimed: .value("Sandbox"))
        }
        builder.finish(in: &self, autoRenewOff: builder.lastExpires, end: builder.lastExpires, expirationIntent: "1")
    }
}
