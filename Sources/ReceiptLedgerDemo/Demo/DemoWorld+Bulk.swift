/// The ordinary population that fills the demo up to the requested number of records.
extension DemoWorld {
    /// Two hours-long outages of Apple's receipt service (status 21005 for many requests).
    static let outages: [ClosedRange<Int64>] = [
        DemoCalendar.millis(2024, 7, 19, 14)...DemoCalendar.millis(2024, 7, 19, 17),
        DemoCalendar.millis(2025, 2, 10, 2)...DemoCalendar.millis(2025, 2, 10, 5),
    ]

    /// Adds bulk customers, each from their own random stream, until `records` plans exist.
    mutating func addBulkPopulation(upTo records: Int) {
        var customer: UInt64 = 0
        while plans.count < records {
            customer += 1
            // About one user in ten is a signed customer, drawn from a stream of its own.
            var signed = DemoRandom(seed: seed, stream: 0x5167_0000_0000 + customer)
            if signed.chance(1_100) {
                addBulkSignedCustomer("s_\(String(customer + 100_000).dropFirst())", random: &signed)
            }
            var random = DemoRandom(seed: seed, stream: customer)
            let userID = "u_\(String(customer + 100_000).dropFirst())"
            let kind = random.weighted([
                (DemoCustomerKind.monthly, 25), (.yearly, 6), (.coins, 23), (.lifetime, 11),
                (.seasonPass, 5), (.free, 28), (.tester, 2),
            ])
            switch kind ?? .free {
            case .monthly: addBulkSubscriber(userID, product: .monthly, random: &random)
            case .yearly: addBulkSubscriber(userID, product: .yearly, random: &random)
            case .coins: addBulkCoinBuyer(userID, random: &random)
            case .lifetime: addBulkLifetimeBuyer(userID, random: &random)
            case .seasonPass: addBulkSeasonPassBuyer(userID, random: &random)
            case .free: addBulkFreeUser(userID, random: &random)
            case .tester: addBulkSandboxTester("t_\(userID.dropFirst(2))", random: &random)
            }
        }
    }

    /// A customer's first day: the app's user base grows, so later days are likelier.
    func randomStart(_ random: inout DemoRandom) -> Int64 {
        let span = UInt64(DemoWorld.end - 20 * DemoCalendar.day - DemoWorld.start)
        let position = max(random.below(span), random.below(span))
        return DemoWorld.start + Int64(position)
    }

    /// A bulk customer's record; now and then the worker first stored a failed answer
    /// (Apple down, a garbled receipt, a cut-off body) and retried.
    mutating func addBulkRecord(_ user: Int32, at instant: Int64, receiptAt: Int64? = nil, random: inout DemoRandom) {
        guard instant < DemoWorld.end else { return }
        if isSigned(user, at: instant) {
            // Notifications and Server API calls: no verifyReceipt failure to retry.
            addRecord(user, at: instant, receiptAt: receiptAt)
            return
        }
        let inOutage = DemoWorld.outages.contains { $0.contains(instant) }
        if inOutage ? random.chance(5_000) : random.chance(40) {
            let body: DemoBody =
                inOutage
                ? .status(21005)
                : random.weighted([
                    (.status(21005), 30), (.status(21002), 20), (.status(21003), 10), (.status(21010), 5),
                    (.status(21199), 8), (.status(21100), 4), (.status(21009), 4), (.status(21004), 3),
                    (.truncated, 8), (.empty, 5), (.emptyArray, 3),
                ]) ?? .status(21005)
            addRecord(user, at: instant - random.int(20 * DemoCalendar.second...15 * DemoCalendar.minute), receiptAt: receiptAt, body: body)
        }
        addRecord(user, at: instant, receiptAt: receiptAt)
    }
}

enum DemoCustomerKind {
    case monthly, yearly, coins, lifetime, seasonPass, free, tester
}
