/// Named subscription stories: an upgrade, a trial marked only in `latest_receipt_info`,
/// intro offers, a renewal exactly at the price change, billing retry and cancelled states at
/// the as-of instant, family sharing, and one Apple ID used by two app accounts.
extension DemoWorld {
    mutating func addSubscriptionScenarios(random: inout DemoRandom) {

        // Monthly → yearly in one group: the old period's LRI copy says is_upgraded, its in_app copy does not.
        let upgrader = addCustomer("u_upgrade_1", install: utc(2024, 3, 1, 9, 40))
        var plan = DemoSubscriptionBuilder(account: users[Int(upgrader)].account, product: .monthly)
        plan.addPeriod(in: &self, random: &random, purchase: utc(2024, 3, 1, 10, 0, 0))
        addRecord(upgrader, at: utc(2024, 3, 1, 10, 0, 17))
        let upgraded = plan.addPeriod(in: &self, random: &random, purchase: utc(2024, 4, 1, 9, 58, 30))
        addRecord(upgrader, at: utc(2024, 4, 3, 19, 22, 0))
        transactions[Int(upgraded)].cancellation = utc(2024, 4, 15, 12, 0, 0)
        transactions[Int(upgraded)].isUpgraded = true
        plan.product = .yearly
        plan.addPeriod(in: &self, random: &random, purchase: utc(2024, 4, 15, 12, 0, 0))
        addRecord(upgrader, at: utc(2024, 4, 15, 12, 0, 21))
        addRecord(upgrader, at: utc(2024, 6, 1, 8, 0, 0), receiptAt: utc(2024, 4, 15, 12, 0, 21))
        plan.addPeriod(in: &self, random: &random)
        addRecord(upgrader, at: utc(2025, 4, 15, 15, 0, 0), receiptAt: utc(2024, 4, 15, 12, 0, 21))
        plan.finish(in: &self)

        addRenewingMonthly("u_trial_lri_only", start: utc(2024, 7, 1, 8, 0, 0), trial: true, random: &random)
            .plan.finish(in: &self)
        addRenewingMonthly("u_intro_1", start: utc(2024, 6, 10, 14, 0, 0), introPeriods: 3, random: &random)
            .plan.finish(in: &self)
        addRenewingMonthly("u_family_1", start: utc(2024, 5, 5, 21, 30, 0), familyShared: true, random: &random)
            .plan.finish(in: &self)
        addRenewingMonthly("u_undelivered", start: utc(2024, 11, 11, 11, 11, 11), delivery: .none, random: &random)
            .plan.finish(in: &self)

        // A renewal charged exactly when the new catalog price takes effect (2024-09-01 00:00 UTC).
        let edge = addCustomer("u_price_change_edge", install: utc(2024, 7, 30))
        var edgePlan = DemoSubscriptionBuilder(account: users[Int(edge)].account, product: .monthly)
        edgePlan.addPeriod(in: &self, random: &random, purchase: utc(2024, 8, 1))
        addRecord(edge, at: utc(2024, 8, 1, 0, 0, 9))
        edgePlan.addPeriod(in: &self, random: &random, purchase: DemoCatalog.monthlyPriceChange)
        addRecord(edge, at: utc(2024, 9, 1, 4, 0, 0))
        edgePlan.finish(in: &self, autoRenewOff: utc(2024, 9, 20), end: edgePlan.lastExpires, expirationIntent: "1")
        addRecord(edge, at: edgePlan.lastExpires + 6 * DemoCalendar.hour)

        // Still in billing retry at the as-of instant.
        let retry = addRenewingMonthly("u_billing_retry", start: utc(2024, 10, 5, 6, 0, 0), until: utc(2025, 5, 6), random: &random)
        retry.plan.finish(
            in: &self, end: retry.plan.lastExpires, expirationIntent: "2", retryUntil: DemoWorld.end + 30 * DemoCalendar.day)
        addRecord(retry.user, at: retry.plan.lastExpires + 2 * DemoCalendar.hour)
        addRecord(retry.user, at: utc(2025, 6, 29, 7, 45, 0))

        // Turned auto-renew off, still entitled at the as-of instant; its last record *is* the as-of instant.
        let cancelled = addCustomer("u_cancelled_1", install: utc(2024, 9, 15, 15))
        var year = DemoSubscriptionBuilder(account: users[Int(cancelled)].account, product: .yearly)
        year.addPeriod(in: &self, random: &random, purchase: utc(2024, 9, 15, 16, 0, 0))
        addRecord(cancelled, at: utc(2024, 9, 15, 16, 0, 25))
        year.finish(in: &self, autoRenewOff: utc(2025, 3, 2, 18, 0, 0))
        addRecord(cancelled, at: utc(2025, 3, 2, 18, 0, 40))
        addRecord(cancelled, at: DemoWorld.end, timeForm: .millis)

        // Cancelled in April, expired in May (expiration_intent 1).
        let expired = addRenewingMonthly("u_expired_voluntary", start: utc(2024, 1, 10, 12, 0, 0), until: utc(2024, 4, 15), random: &random)
        expired.plan.finish(in: &self, autoRenewOff: utc(2024, 4, 20), end: expired.plan.lastExpires, expirationIntent: "1")
        addRecord(expired.user, at: expired.plan.lastExpires + 3 * DemoCalendar.hour)

        addSharedAppleIDScenarios(random: &random)
    }

    /// Two app accounts on one device: B's records repeat A's transactions, and the app
    /// delivered A's renewal to B as well. Then a shared purchase whose earliest record was
    /// stored late (the earliest record has the larger id).
    private mutating func addSharedAppleIDScenarios(random: inout DemoRandom) {
        let alice = addCustomer("u_apple_id_a", install: utc(2024, 4, 3, 8))
        let bob = addUser("u_apple_id_b", account: users[Int(alice)].account)
        var plan = DemoSubscriptionBuilder(account: users[Int(alice)].account, product: .monthly)
        plan.addPeriod(in: &self, random: &random, purchase: utc(2024, 4, 3, 9, 0, 0))
        addRecord(alice, at: utc(2024, 4, 3, 9, 0, 13))
        let renewal = plan.addPeriod(in: &self, random: &random)
        addRecord(alice, at: utc(2024, 5, 4, 10, 0, 0))
        addRecord(bob, at: utc(2024, 5, 20, 20, 0, 0))
        extraOrders.append(
            DemoOrder(
                userID: "u_apple_id_b", productID: DemoProduct.monthly.productID,
                transactionID: transactions[Int(renewal)].transactionID,
                deliveredAt: .millis(utc(2024, 5, 20, 20, 0, 3))))
        plan.addPeriod(in: &self, random: &random)
        addRecord(bob, at: utc(2024, 6, 8, 18, 0, 0))
        addRecord(alice, at: utc(2024, 6, 9, 7, 30, 0))
        plan.finish(in: &self, autoRenewOff: utc(2024, 6, 20), end: plan.lastExpires, expirationIntent: "1")

        let first = addCustomer("u_out_of_order_a", install: utc(2024, 10, 7, 9))
        let second = addUser("u_out_of_order_b", account: users[Int(first)].account)
        addOneTimePurchase(first, product: .lifetime, at: utc(2024, 10, 7, 9, 59, 40), random: &random)
        addRecord(first, at: utc(2024, 10, 7, 10, 0, 5), storeDelay: 3 * DemoCalendar.minute)
        addRecord(second, at: utc(2024, 10, 7, 10, 1, 0), storeDelay: 0)
    }

    /// A monthly subscription renewed until `until` (default: the end of the data), with a
    /// server check after each renewal and a fresh client receipt every third month.
    @discardableResult
    mutating func addRenewingMonthly(
        _ userID: String, start: Int64, until: Int64 = DemoWorld.end, trial: Bool = false, introPeriods: Int = 0,
        familyShared: Bool = false, delivery: DemoDelivery = .automatic, random: inout DemoRandom
    ) -> (user: Int32, plan: DemoSubscriptionBuilder) {
        let user = addCustomer(userID, install: start - DemoCalendar.hour)
        var plan = DemoSubscriptionBuilder(account: users[Int(user)].account, product: .monthly, familyShared: familyShared)
        plan.addPeriod(in: &self, random: &random, purchase: start, trial: trial, intro: !trial && introPeriods > 0) {
            $0.trialMarkedInInApp = false
            $0.delivery = delivery
        }
        var lastClient = start + 12 * DemoCalendar.second
        addRecord(user, at: lastClient)
        var paid = trial ? 0 : 1
        while plan.lastExpires < until {
            let renewal = plan.addPeriod(in: &self, random: &random, intro: paid < introPeriods) { $0.delivery = delivery }
            paid += 1
            let check = transactions[Int(renewal)].purchase + 90 * DemoCalendar.minute
            guard check < DemoWorld.end else { break }
            let fresh = paid % 3 == 0
            addRecord(user, at: check, receiptAt: fresh ? check : lastClient)
            if fresh { lastClient = check }
        }
        return (user, plan)
    }
}

/// A UTC instant in ms, written the way the stories read.
private func utc(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0
) -> Int64 {
    DemoCalendar.millis(year, month, day, hour, minute, second)
}
