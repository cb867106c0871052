/// The population of the `histories` shape (`DemoShape.histories`): long-lived customers only.
extension DemoWorld {
    /// Adds customers, each from their own random stream, until `records` plans exist: half of
    /// them subscribers, half coin spenders.
    mutating func addHistoriesPopulation(upTo records: Int) {
        var customer: UInt64 = 0
        while plans.count < records {
            customer += 1
            var random = DemoRandom(seed: seed, stream: 0x4853_0000_0000 + customer)
            let userID = "h_\(String(customer + 1_000_000).dropFirst())"
            if random.chance(5_000) {
                addLongSubscriber(userID, random: &random)
            } else {
                addCoinSpender(userID, random: &random)
            }
        }
    }

    /// A subscriber from the first months on: a record at each renewal (the server verifies
    /// the receipt the app last sent), now and then a fresh receipt from the app or a coin
    /// pack bought on the side; few stop.
    private mutating func addLongSubscriber(_ userID: String, random: inout DemoRandom) {
        let start = DemoWorld.start + random.int(Int64(0)...120 * DemoCalendar.day)
        let product: DemoProduct = random.chance(1_500) ? .yearly : .monthly
        let user = addCustomer(userID, install: start - random.int(Int64(0)...30 * DemoCalendar.day)) { account in
            account.typedValues = random.chance(3_000)
        }
        var lastClientReceipt = start + random.int(2 * DemoCalendar.second...40 * DemoCalendar.second)
        addRecord(user, at: lastClientReceipt)
        var builder = DemoSubscriptionBuilder(account: users[Int(user)].account, product: product)
        var purchase = start
        while purchase < DemoWorld.end {
            let index = builder.addPeriod(in: &self, random: &random, purchase: purchase)
            if index != builder.transactions.first {
                addRecordBeforeEnd(user, at: purchase + random.int(5 * DemoCalendar.minute...8 * DemoCalendar.hour), receiptAt: lastClientReceipt)
            }
            let expires = builder.lastExpires
            if random.chance(2_000) {
                addSpend(user, at: purchase + random.int(DemoCalendar.hour...max(DemoCalendar.hour, expires - purchase)), product: .coins, random: &random)
            }
            if random.chance(1_000) {
                let open = purchase + random.int(DemoCalendar.hour...max(DemoCalendar.hour, expires - purchase))
                if addRecordBeforeEnd(user, at: open) { lastClientReceipt = open }
            }
            if expires >= DemoWorld.end {
                builder.finish(in: &self)
                break
            }
            if random.chance(300) {
                builder.finish(in: &self, autoRenewOff: expires - DemoCalendar.day, end: expires, expirationIntent: "1")
                addRecordBeforeEnd(user, at: expires + random.int(10 * DemoCalendar.minute...12 * DemoCalendar.hour))
                break
            }
            purchase = expires + random.int(Int64(0)...20 * DemoCalendar.minute)
        }
    }

    /// A coin spender from some day of the first half-year on, buying every few days to the
    /// end, each purchase shown in the one answer the app sent right after it.
    private mutating func addCoinSpender(_ userID: String, random: inout DemoRandom) {
        let start = DemoWorld.start + random.int(Int64(0)...200 * DemoCalendar.day)
        let product: DemoProduct = random.chance(1_000) ? .coinsJP : .coins
        let user = addCustomer(userID, install: start - random.int(Int64(0)...90 * DemoCalendar.day)) { account in
            account.typedValues = random.chance(3_000)
        }
        var purchase = start
        while purchase < DemoWorld.end {
            addSpend(user, at: purchase, product: product, random: &random)
            if random.chance(1_000) { addRecordBeforeEnd(user, at: purchase + random.int(DemoCalendar.hour...3 * DemoCalendar.day)) }
            purchase += random.int(DemoCalendar.hour...25 * DemoCalendar.day)
        }
    }

    /// A coin pack and the answer that shows it; nothing after the demo's end.
    private mutating func addSpend(_ user: Int32, at purchase: Int64, product: DemoProduct, random: inout DemoRandom) {
        let verifiedAt = purchase + random.int(2 * DemoCalendar.second...40 * DemoCalendar.second)
        guard verifiedAt < DemoWorld.end else { return }
        let index = addOneTimePurchase(user, product: product, at: purchase, random: &random)
        transactions[Int(index)].quantity = random.weighted([(1, 85), (2, 10), (5, 5)]) ?? 1
        addRecord(user, at: verifiedAt)
    }

    /// A record, unless it would be later than the demo's end; whether it was added.
    @discardableResult
    private mutating func addRecordBeforeEnd(_ user: Int32, at instant: Int64, receiptAt: Int64? = nil) -> Bool {
        guard instant < DemoWorld.end else { return false }
        addRecord(user, at: instant, receiptAt: receiptAt)
        return true
    }
}
