/// Named refund stories: refund leakage (content kept after the money went back), orders
/// revoked in time and too late, a refund across the year end, a refund followed by a new
/// subscription, a family-shared refund worth 0.00.
extension DemoWorld {
    mutating func addRefundScenarios(random: inout DemoRandom) {

        // Yearly bought before the year end, refunded in January (reason 1), weekly visits after: never revoked.
        let leak1 = addCustomer("u_refund_leak_1", install: utc(2024, 12, 20, 17, 50, 2))
        var yearly = DemoSubscriptionBuilder(account: users[Int(leak1)].account, product: .yearly)
        let leakYear = yearly.addPeriod(in: &self, random: &random, purchase: utc(2024, 12, 20, 18, 4, 11)) { $0.delivery = .keep }
        addRecord(leak1, at: utc(2024, 12, 20, 18, 4, 29))
        refund(leakYear, at: utc(2025, 1, 5, 9, 12, 44), reason: "1")
        yearly.finish(in: &self, autoRenewOff: utc(2025, 1, 5, 9, 12, 44), end: utc(2025, 1, 5, 9, 12, 44), expirationIntent: "1")
        var visit = utc(2025, 1, 6, 20, 15, 0)
        while visit < DemoWorld.end - DemoCalendar.day {
            addRecord(leak1, at: visit)
            visit += 7 * DemoCalendar.day + random.int(-DemoCalendar.day...DemoCalendar.day)
        }

        // The lifetime unlock refunded six days later (reason 0): access that never ends, never revoked.
        let leak2 = addCustomer("u_refund_leak_2", install: utc(2024, 6, 14, 11))
        let lifetime = addOneTimePurchase(leak2, product: .lifetime, at: utc(2024, 6, 14, 11, 20, 5), random: &random)
        transactions[Int(lifetime)].delivery = .keep
        addRecord(leak2, at: utc(2024, 6, 14, 11, 20, 21))
        refund(lifetime, at: utc(2024, 6, 20, 16, 41, 9), reason: "0")
        for day in [21, 28] { addRecord(leak2, at: utc(2024, 6, Int64(day), 19, 2, 45)) }
        addRecord(leak2, at: utc(2024, 8, 3, 8, 30, 0))

        // Refunded monthly whose order the server revoked 3.5 hours after the cancellation.
        addRefundedMonthly(
            "u_refund_revoked_fast", purchase: utc(2024, 5, 2, 7, 45, 10), refund: utc(2024, 5, 9, 10, 0, 0),
            delivery: .revoke(after: 3 * DemoCalendar.hour + 30 * DemoCalendar.minute), random: &random)
        // ... and one revoked only five days later (outside the 24 h grace).
        addRefundedMonthly(
            "u_refund_revoked_late", purchase: utc(2024, 8, 1, 22, 10, 0), refund: utc(2024, 8, 11, 3, 25, 0),
            delivery: .revoke(after: 5 * DemoCalendar.day), random: &random)
        // A family member's refund: 0.00 at stake, still listed, never revoked.
        addRefundedMonthly(
            "u_family_refund", purchase: utc(2024, 10, 12, 15, 0, 0), refund: utc(2024, 10, 15, 12, 30, 0),
            delivery: .keep, familyShared: true, random: &random)

        // Three paid months, the third refunded; a new subscription five weeks later that still renews.
        let again = addCustomer("u_refund_resubscribe", install: utc(2024, 2, 3, 9))
        var first = DemoSubscriptionBuilder(account: users[Int(again)].account, product: .monthly)
        first.addPeriod(in: &self, random: &random, purchase: utc(2024, 2, 3, 9, 14, 22))
        addRecord(again, at: utc(2024, 2, 3, 9, 14, 40))
        for _ in 0..<2 {
            let renewal = first.addPeriod(in: &self, random: &random)
            addRecord(again, at: transactions[Int(renewal)].purchase + 2 * DemoCalendar.hour, receiptAt: utc(2024, 2, 3, 9, 14, 40))
        }
        addRecord(again, at: utc(2024, 4, 6, 21, 0, 0))
        let refunded = first.transactions[2]
        refund(refunded, at: utc(2024, 4, 10, 13, 5, 0), reason: "0")
        transactions[Int(refunded)].delivery = .revoke(after: 2 * DemoCalendar.hour)
        first.finish(in: &self, autoRenewOff: utc(2024, 4, 10, 13, 5, 0), end: utc(2024, 4, 10, 13, 5, 0), expirationIntent: "1")
        addRecord(again, at: utc(2024, 4, 10, 14, 0, 0), receiptAt: utc(2024, 4, 6, 21, 0, 0))
        var second = DemoSubscriptionBuilder(account: users[Int(again)].account, product: .monthly)
        second.addPeriod(in: &self, random: &random, purchase: utc(2024, 5, 20, 18, 30, 0))
        addRecord(again, at: utc(2024, 5, 20, 18, 30, 12))
        while second.lastExpires < DemoWorld.end {
            let renewal = second.addPeriod(in: &self, random: &random)
            let check = transactions[Int(renewal)].purchase + 3 * DemoCalendar.hour
            if check < DemoWorld.end { addRecord(again, at: check, receiptAt: utc(2024, 5, 20, 18, 30, 12)) }
        }
        second.finish(in: &self)
    }

    mutating func refund(_ index: Int32, at instant: Int64, reason: String) {
        transactions[Int(index)].cancellation = instant
        transactions[Int(index)].cancellationReason = reason
    }

    /// One month bought, refunded, seen by the server an hour later and on two later visits.
    private mutating func addRefundedMonthly(
        _ userID: String, purchase: Int64, refund instant: Int64, delivery: DemoDelivery,
        familyShared: Bool = false, random: inout DemoRandom
    ) {
        let user = addCustomer(userID, install: purchase - DemoCalendar.hour)
        var builder = DemoSubscriptionBuilder(account: users[Int(user)].account, product: .monthly, familyShared: familyShared)
        let index = builder.addPeriod(in: &self, random: &random, purchase: purchase) { $0.delivery = delivery }
        addRecord(user, at: purchase + 14 * DemoCalendar.second)
        refund(index, at: instant, reason: "1")
        builder.finish(in: &self, autoRenewOff: instant, end: instant, expirationIntent: "1")
        addRecord(user, at: instant + DemoCalendar.hour)
        addRecord(user, at: instant + 3 * DemoCalendar.day)
        addRecord(user, at: instant + 9 * DemoCalendar.day)
    }
}

/// A UTC instant in ms, written the way the stories read.
private func utc(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0
) -> Int64 {
    DemoCalendar.millis(year, month, day, hour, minute, second)
}
