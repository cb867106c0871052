/// Named answers in unusual shapes: iOS 6 receipts, typed values, a byte order mark, escaped
/// slashes, no `environment`, dates given only in Pacific time (around both DST changes,
/// in the repeated autumn hour and the skipped spring hour), a purchase text that disagrees
/// with its `_ms`, and the product mix (unpriced, quantity 2 and 3, yen, season pass).
extension DemoWorld {
    mutating func addFormatScenarios(random: inout DemoRandom) {

        // iOS 6: `receipt` is a transaction, `latest_receipt_info` one object; expired at last (21006).
        let old = addCustomer("u_ios6_1", install: utc(2024, 1, 15, 7)) { $0.format = .iOS6 }
        var oldPlan = DemoSubscriptionBuilder(account: users[Int(old)].account, product: .monthly)
        oldPlan.addPeriod(in: &self, random: &random, purchase: utc(2024, 1, 15, 8, 0, 0))
        addRecord(old, at: utc(2024, 1, 15, 8, 0, 31))
        while oldPlan.lastExpires < utc(2024, 5, 1) {
            let renewal = oldPlan.addPeriod(in: &self, random: &random)
            addRecord(old, at: transactions[Int(renewal)].purchase + DemoCalendar.hour, receiptAt: utc(2024, 1, 15, 8, 0, 31))
        }
        oldPlan.finish(in: &self, autoRenewOff: utc(2024, 5, 1), end: oldPlan.lastExpires, expirationIntent: "1")
        addRecord(old, at: oldPlan.lastExpires + 5 * DemoCalendar.hour, receiptAt: utc(2024, 1, 15, 8, 0, 31), body: .expiredAnswer)

        // Numbers and booleans as JSON numbers/booleans, `status` as the text "0".
        let typed = addCustomer("u_numbers", install: utc(2024, 3, 3)) { $0.typedValues = true }
        var typedPlan = DemoSubscriptionBuilder(account: users[Int(typed)].account, product: .monthly)
        typedPlan.addPeriod(in: &self, random: &random, purchase: utc(2024, 3, 3, 13, 0, 0), trial: true)
        addRecord(typed, at: utc(2024, 3, 3, 13, 0, 20), flags: .statusAsText)
        typedPlan.addPeriod(in: &self, random: &random)
        addRecord(typed, at: utc(2024, 3, 12, 9, 0, 0), flags: .statusAsText)
        addCoinPurchase(typed, at: utc(2024, 3, 20, 17, 0, 0), product: .coins, quantity: 1, random: &random)
        typedPlan.finish(in: &self, autoRenewOff: utc(2024, 3, 25), end: typedPlan.lastExpires, expirationIntent: "1")

        let bom = addCustomer("u_bom", install: utc(2024, 4, 22))
        addOneTimePurchase(bom, product: .lifetime, at: utc(2024, 4, 22, 10, 30, 0), random: &random)
        addRecord(bom, at: utc(2024, 4, 22, 10, 30, 15), flags: .byteOrderMark)

        let slashes = addCustomer("u_escaped_slashes", install: utc(2024, 2, 20))
        addOneTimePurchase(slashes, product: .seasonPass, at: utc(2024, 2, 20, 20, 0, 0), random: &random)
        addRecord(slashes, at: utc(2024, 2, 20, 20, 0, 9), flags: .escapedSlashes)

        let quiet = addCustomer("u_no_environment", install: utc(2024, 3, 28)) { $0.omitsEnvironment = true }
        addOneTimePurchase(quiet, product: .lifetime, at: utc(2024, 3, 28, 6, 0, 0), random: &random)
        addRecord(quiet, at: utc(2024, 3, 28, 6, 0, 12))
        addRecord(quiet, at: utc(2024, 7, 2, 6, 0, 0))

        addPacificOnlyScenario(random: &random)

        let shifted = addCustomer("u_timestamp_mismatch", install: utc(2024, 7, 4))
        let mismatch = addOneTimePurchase(shifted, product: .lifetime, at: utc(2024, 7, 4, 16, 20, 0), random: &random)
        transactions[Int(mismatch)].dateForms = .shiftedText(shift: 7 * DemoCalendar.minute)
        addRecord(shifted, at: utc(2024, 7, 4, 16, 20, 30))

        let unpriced = addCustomer("u_unpriced", install: utc(2024, 8, 8))
        addOneTimePurchase(unpriced, product: .stickerPack, at: utc(2024, 8, 8, 12, 0, 0), random: &random)
        addRecord(unpriced, at: utc(2024, 8, 8, 12, 0, 11))
        addRecord(unpriced, at: utc(2024, 9, 30, 12, 0, 0))

        let bulk = addCustomer("u_coins_qty", install: utc(2024, 3, 15))
        addCoinPurchase(bulk, at: utc(2024, 3, 15, 18, 0, 0), product: .coins, quantity: 2, random: &random)
        addCoinPurchase(bulk, at: utc(2024, 4, 2, 18, 0, 0), product: .coins, quantity: 3, random: &random)

        // Yen; the second purchase is on 31 December in UTC but still the afternoon in Los Angeles.
        let yen = addCustomer("u_coins_jp", install: utc(2024, 5, 5))
        addCoinPurchase(yen, at: utc(2024, 5, 5, 3, 0, 0), product: .coinsJP, quantity: 1, random: &random)
        addCoinPurchase(yen, at: utc(2024, 12, 31, 23, 50, 0), product: .coinsJP, quantity: 2, random: &random)

        let season = addCustomer("u_season_pass", install: utc(2024, 6, 1))
        addOneTimePurchase(season, product: .seasonPass, at: utc(2024, 6, 1, 15, 0, 0), random: &random)
        addRecord(season, at: utc(2024, 6, 1, 15, 0, 8))
        addOneTimePurchase(season, product: .seasonPass, at: utc(2024, 12, 1, 15, 0, 0), random: &random)
        addRecord(season, at: utc(2024, 12, 1, 15, 0, 8))
    }

    /// Coin packs whose dates come only as `_pst` text, around both DST changes of 2024.
    private mutating func addPacificOnlyScenario(random: inout DemoRandom) {
        let user = addCustomer("u_pst_only", install: utc(2024, 3, 1))
        let purchases: [(instant: Int64, wall: String?)] = [
            (utc(2024, 3, 10, 7, 30, 0), nil),  // 2024-03-09 23:30:00 PST
            (utc(2024, 3, 10, 10, 20, 0), "2024-03-10 02:30:00"),  // skipped by the spring change: no such time
            (utc(2024, 3, 10, 10, 30, 0), nil),  // 2024-03-10 03:30:00 PDT
            (utc(2024, 11, 3, 6, 0, 0), nil),  // 2024-11-02 23:00:00 PDT
            (utc(2024, 11, 3, 8, 30, 0), nil),  // 2024-11-03 01:30:00, the repeated hour (PDT reading)
            (utc(2024, 11, 3, 11, 0, 0), nil),  // 2024-11-03 03:00:00 PST
        ]
        for purchase in purchases {
            let index = addCoinPurchase(user, at: purchase.instant, product: .coins, quantity: 1, random: &random)
            transactions[Int(index)].dateForms = .pacificOnly(wall: purchase.wall)
        }
    }
}

/// A UTC instant in ms, written the way the stories read.
private func utc(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0
) -> Int64 {
    DemoCalendar.millis(year, month, day, hour, minute, second)
}
