/// Ordinary subscribers, the bulk of the demo: trials, intro offers, renewals that show only
/// in `latest_receipt_info` until the app sends a fresh receipt, churn (cancelled, billing
/// failure, price increase), refunds followed sometimes by a new subscription, upgrades from
/// monthly to yearly, family sharing.
extension DemoWorld {
    mutating func addBulkSubscriber(
        _ userID: String, product: DemoProduct, signed: DemoSignedProfile? = nil, random: inout DemoRandom
    ) {
        let start = randomStart(&random)
        let oldDevice = start < DemoCalendar.millis(2024, 5, 1) && random.chance(150)
        let user = addCustomer(userID, install: start - random.int(Int64(0)...40 * DemoCalendar.day)) { account in
            account.format = oldDevice ? .iOS6 : .modern
            account.typedValues = random.chance(40)
            if let signed {
                account.signed = signed
                account.format = .modern
            }
        }
        let family = !oldDevice && random.chance(300)
        var lastClientReceipt = start + random.int(2 * DemoCalendar.second...40 * DemoCalendar.second)
        addBulkRecord(user, at: lastClientReceipt, random: &random)
        if !oldDevice && random.chance(1_000) {
            addBulkCoinPurchase(user, after: start, random: &random)
        }

        var nextStart: Int64? = start
        var subscriptions = 0
        while let subscriptionStart = nextStart, subscriptions < 3 {
            subscriptions += 1
            nextStart = nil
            var builder = DemoSubscriptionBuilder(
                account: users[Int(user)].account, product: product, familyShared: family)
            let trial = !oldDevice && subscriptions == 1 && random.chance(product == .monthly ? 3_500 : 2_500)
            let introPeriods = !trial && !oldDevice && product == .monthly && random.chance(1_500) ? 3 : 0
            var purchase = subscriptionStart
            var paidPeriods = 0
            var upgraded = false
            while purchase < DemoWorld.end {
                let isTrial = trial && builder.transactions.isEmpty
                let index = builder.addPeriod(
                    in: &self, random: &random, purchase: purchase, trial: isTrial,
                    intro: !isTrial && paidPeriods < introPeriods)
                if !isTrial { paidPeriods += 1 }
                let expires = builder.lastExpires
                if index != builder.transactions.first {
                    // The server re-verifies its stored receipt after the renewal date.
                    addBulkRecord(
                        user, at: purchase + random.int(5 * DemoCalendar.minute...8 * DemoCalendar.hour),
                        receiptAt: lastClientReceipt, random: &random)
                }
                let opens = builder.product == .yearly ? random.int(0...3) : (random.chance(3_000) ? 1 : 0)
                var openTimes = (0..<opens).map { _ in purchase + random.int(DemoCalendar.hour...max(DemoCalendar.hour, expires - purchase)) }
                openTimes.sort()
                for open in openTimes where open < DemoWorld.end {
                    addBulkRecord(user, at: open, random: &random)
                    lastClientReceipt = open
                }

                if !isTrial && random.chance(150) {
                    let refund = refundTransaction(index, random: &random)
                    addRefundNotification(user, index, random: &random)
                    builder.finish(in: &self, autoRenewOff: refund, end: refund, expirationIntent: "1")
                    addReturnVisits(user, after: refund, count: random.int(1...3), random: &random)
                    if random.chance(2_500) {
                        nextStart = refund + random.int(10 * DemoCalendar.day...60 * DemoCalendar.day)
                    }
                    break
                }
                if builder.product == .monthly && !isTrial && !family && !upgraded && paidPeriods >= 2
                    && random.chance(200)
                {
                    let upgrade = purchase + random.int(DemoCalendar.day...(20 * DemoCalendar.day))
                    transactions[Int(index)].cancellation = upgrade
                    transactions[Int(index)].isUpgraded = true
                    upgraded = true
                    builder.product = .yearly
                    purchase = upgrade
                    addBulkRecord(user, at: upgrade + random.int(3 * DemoCalendar.second...30 * DemoCalendar.second), random: &random)
                    lastClientReceipt = upgrade
                    continue
                }
                if expires >= DemoWorld.end {
                    let turnedOff: Int64? = random.chance(800) ? purchase + random.int(0...(DemoWorld.end - purchase)) : nil
                    builder.finish(in: &self, autoRenewOff: turnedOff)
                    break
                }
                let churn = isTrial ? 5_000 : (builder.product == .monthly ? 2_000 : 3_500)
                if random.chance(churn) {
                    endSubscription(builder, user: user, expires: expires, since: purchase, random: &random)
                    break
                }
                purchase = expires + random.int(Int64(0)...20 * DemoCalendar.minute)
                if purchase >= DemoWorld.end {
                    builder.finish(in: &self)
                }
            }
        }
    }

    /// A subscriber who stops: turned auto-renew off, or Apple could not charge them.
    private mutating func endSubscription(
        _ builder: DemoSubscriptionBuilder, user: Int32, expires: Int64, since purchase: Int64,
        random: inout DemoRandom
    ) {
        let turnedOff = purchase + random.int(Int64(0)...max(0, expires - purchase - DemoCalendar.hour))
        switch random.weighted([("1", 75), ("2", 20), ("3", 5)]) ?? "1" {
        case "2":
            let retryUntil = expires + random.int(3 * DemoCalendar.day...60 * DemoCalendar.day)
            builder.finish(in: &self, autoRenewOff: retryUntil, end: expires, expirationIntent: "2", retryUntil: retryUntil)
        case let intent:
            builder.finish(in: &self, autoRenewOff: turnedOff, end: expires, expirationIntent: intent)
        }
        // The server re-verifies after the expiry and learns the subscription ended.
        addBulkRecord(user, at: expires + random.int(10 * DemoCalendar.minute...12 * DemoCalendar.hour), random: &random)
        addReturnVisits(user, after: expires, count: random.int(0...1), random: &random)
    }

    /// Marks a transaction refunded within three weeks of its purchase; returns the instant.
    mutating func refundTransaction(_ index: Int32, random: inout DemoRandom) -> Int64 {
        let transaction = transactions[Int(index)]
        let latest = max(2 * DemoCalendar.hour, min(20 * DemoCalendar.day, (transaction.expires ?? .max) - transaction.purchase - DemoCalendar.hour))
        let refund = transaction.purchase + random.int(DemoCalendar.hour...latest)
        transactions[Int(index)].cancellation = refund
        transactions[Int(index)].cancellationReason = random.chance(3_000) ? "1" : "0"
        return refund
    }

    /// Client records after an event: the customer keeps opening the app.
    mutating func addReturnVisits(_ user: Int32, after instant: Int64, count: Int, random: inout DemoRandom) {
        var visit = instant
        for _ in 0..<count {
            visit += random.int(2 * DemoCalendar.hour...20 * DemoCalendar.day)
            addBulkRecord(user, at: visit, random: &random)
        }
    }
}
