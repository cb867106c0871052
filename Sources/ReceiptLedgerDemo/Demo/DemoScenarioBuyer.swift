/// Customers of the one-time products: coin packs (some in yen, some bought 2 or 3 at a
/// time), the lifetime unlock, the season pass; and users who never bought anything.
extension DemoWorld {
    mutating func addBulkCoinBuyer(_ userID: String, signed: DemoSignedProfile? = nil, random: inout DemoRandom) {
        let start = randomStart(&random)
        let japanese = signed.map { $0.storefront == .jpn } ?? random.chance(1_500)
        let user = addCustomer(userID, install: start - random.int(Int64(0)...90 * DemoCalendar.day)) { $0.signed = signed }
        var purchase = start
        for _ in 0..<random.int(1...5) where purchase < DemoWorld.end {
            addCoinPurchase(user, at: purchase, product: japanese ? .coinsJP : .coins, random: &random)
            purchase += random.int(DemoCalendar.day...45 * DemoCalendar.day)
        }
        if random.chance(3_000) {
            addReturnVisits(user, after: start, count: 1, random: &random)
        }
    }

    mutating func addBulkLifetimeBuyer(_ userID: String, signed: DemoSignedProfile? = nil, random: inout DemoRandom) {
        let start = randomStart(&random)
        let user = addCustomer(userID, install: start - random.int(Int64(0)...120 * DemoCalendar.day)) { $0.signed = signed }
        let index = addOneTimePurchase(user, product: .lifetime, at: start, random: &random)
        addBulkRecord(user, at: start + random.int(2 * DemoCalendar.second...30 * DemoCalendar.second), random: &random)
        if random.chance(200) {
            let refund = refundTransaction(index, random: &random)
            addRefundNotification(user, index, random: &random)
            addReturnVisits(user, after: refund, count: random.int(1...3), random: &random)
            return
        }
        addReturnVisits(user, after: start, count: random.int(0...3), random: &random)
        if random.chance(2_000) {
            addBulkCoinPurchase(user, after: start, random: &random)
        }
    }

    mutating func addBulkSeasonPassBuyer(_ userID: String, random: inout DemoRandom) {
        let start = randomStart(&random)
        let user = addCustomer(userID, install: start - random.int(Int64(0)...60 * DemoCalendar.day))
        var purchase = start
        for season in 0..<2 where purchase < DemoWorld.end && (season == 0 || random.chance(3_500)) {
            addOneTimePurchase(user, product: .seasonPass, at: purchase, random: &random)
            addBulkRecord(user, at: purchase + random.int(2 * DemoCalendar.second...30 * DemoCalendar.second), random: &random)
            addReturnVisits(user, after: purchase, count: random.int(0...2), random: &random)
            purchase += 182 * DemoCalendar.day
        }
    }

    /// A user whose app checks an empty receipt now and then (`in_app` is `[]`).
    mutating func addBulkFreeUser(_ userID: String, random: inout DemoRandom) {
        let start = randomStart(&random)
        let user = addCustomer(userID, install: start - random.int(Int64(0)...200 * DemoCalendar.day))
        addBulkRecord(user, at: start, random: &random)
        addReturnVisits(user, after: start, count: random.int(0...2), random: &random)
    }

    /// A coin pack bought by an existing customer some time after `instant`.
    mutating func addBulkCoinPurchase(_ user: Int32, after instant: Int64, random: inout DemoRandom) {
        let purchase = instant + random.int(DemoCalendar.day...90 * DemoCalendar.day)
        guard purchase < DemoWorld.end else { return }
        addCoinPurchase(user, at: purchase, product: .coins, random: &random)
    }

    /// A consumable and the record the app sent right after buying it (the only answer that
    /// will show it: finished consumables leave the receipt).
    @discardableResult
    mutating func addCoinPurchase(
        _ user: Int32, at purchase: Int64, product: DemoProduct, quantity: Int? = nil, random: inout DemoRandom
    ) -> Int32 {
        let index = addOneTimePurchase(user, product: product, at: purchase, random: &random)
        transactions[Int(index)].quantity = quantity ?? (random.weighted([(1, 88), (2, 8), (3, 4)]) ?? 1)
        addBulkRecord(user, at: purchase + random.int(2 * DemoCalendar.second...40 * DemoCalendar.second), random: &random)
        return index
    }

    @discardableResult
    mutating func addOneTimePurchase(
        _ user: Int32, product: DemoProduct, at purchase: Int64, random: inout DemoRandom
    ) -> Int32 {
        let account = users[Int(user)].account
        let transactionID = nextTransactionID(for: account, random: &random)
        return addTransaction(
            DemoTransaction(
                account: account, transactionID: transactionID, originalTransactionID: transactionID,
                product: product, purchase: purchase, originalPurchase: purchase, expires: nil))
    }
}
