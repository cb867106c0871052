/// Named records that must be rejected or redirected, and the odd orders: error statuses,
/// broken bodies, missing user ids, an unreadable `verified_at`, another app's receipt,
/// TestFlight's 21008, a fake purchase that the app delivered anyway, a double delivery.
extension DemoWorld {
    mutating func addBrokenScenarios(random: inout DemoRandom) {
        let statuses: [(Int, Int64)] = [
            (21002, utc(2024, 2, 11, 4, 0, 0)), (21003, utc(2024, 5, 17, 9, 0, 0)), (21005, utc(2024, 7, 19, 15, 12, 0)),
            (21010, utc(2024, 10, 2, 22, 0, 0)), (21199, utc(2025, 1, 22, 13, 0, 0)),
        ]
        for (status, instant) in statuses {
            let user = addCustomer("u_status_\(status)", install: instant - DemoCalendar.day)
            addRecord(user, at: instant, body: .status(status))
        }

        let bodies: [(String, DemoBody, Int64)] = [
            ("u_broken_truncated", .truncated, utc(2024, 3, 21, 11, 0, 0)),
            ("u_broken_empty", .empty, utc(2024, 6, 6, 6, 6, 6)),
            ("u_broken_null", .null, utc(2024, 9, 9, 9, 9, 9)),
            ("u_broken_array", .emptyArray, utc(2024, 11, 19, 14, 0, 0)),
            ("u_broken_status_text", .statusNotANumber, utc(2025, 2, 2, 2, 2, 2)),
            ("u_broken_no_status", .missingStatus, utc(2025, 4, 4, 16, 0, 0)),
        ]
        for (userID, body, instant) in bodies {
            let user = addCustomer(userID, install: instant - DemoCalendar.day)
            addOneTimePurchase(user, product: .lifetime, at: instant - 20 * DemoCalendar.second, random: &random)
            addRecord(user, at: instant, body: body)
            addRecord(user, at: instant + 2 * DemoCalendar.minute)
        }

        // Answers stored without a usable user id: the records are rejected, their coins never booked.
        let anonymous = addCustomer(nil, install: utc(2024, 4, 30))
        addCoinPurchase(anonymous, at: utc(2024, 4, 30, 12, 0, 0), product: .coins, quantity: 1, random: &random)
        let blank = addCustomer("", install: utc(2024, 8, 30))
        addCoinPurchase(blank, at: utc(2024, 8, 30, 12, 0, 0), product: .coins, quantity: 1, random: &random)

        // A MySQL zero date in `verified_at`: unreadable, the record is rejected.
        let clock = addCustomer("u_bad_clock", install: utc(2024, 10, 10))
        addOneTimePurchase(clock, product: .seasonPass, at: utc(2024, 10, 10, 10, 0, 0), random: &random)
        addRecord(clock, at: utc(2024, 10, 10, 10, 0, 10), timeForm: .text("0000-00-00 00:00:00"))
        addRecord(clock, at: utc(2024, 10, 10, 10, 5, 0))

        // Another app's receipt sent to this app's server (rejected with --bundle-id).
        let other = addCustomer("u_other_app", install: utc(2024, 12, 12)) { $0.bundleID = "com.example.otherapp" }
        addOneTimePurchase(other, product: .lifetime, at: utc(2024, 12, 12, 12, 0, 0), random: &random)
        addRecord(other, at: utc(2024, 12, 12, 12, 0, 20))

        // A TestFlight build that called the sandbox with a production receipt (21008), then production.
        let flight = addCustomer("u_testflight_1", install: utc(2024, 9, 9))
        addOneTimePurchase(flight, product: .lifetime, at: utc(2024, 9, 9, 19, 0, 0), random: &random)
        addRecord(flight, at: utc(2024, 9, 9, 19, 0, 4), body: .status(21008), claimed: .value("Sandbox"))
        addRecord(flight, at: utc(2024, 9, 9, 19, 0, 9), claimed: .value("Production"))

        // A jailbroken device faked a purchase: Apple says 21003, the app delivered anyway.
        let faker = addCustomer("u_jailbreak_1", install: utc(2024, 8, 20))
        addRecord(faker, at: utc(2024, 8, 20, 1, 0, 0), body: .status(21003))
        extraOrders.append(
            DemoOrder(
                userID: "u_jailbreak_1", productID: DemoProduct.lifetime.productID, transactionID: "170000000012345",
                deliveredAt: .millis(utc(2024, 8, 20, 1, 0, 2))))

        // The delivery worker ran twice for one coin pack.
        let twice = addCustomer("u_double_delivery", install: utc(2024, 11, 29))
        let coins = addCoinPurchase(twice, at: utc(2024, 11, 29, 17, 45, 0), product: .coins, quantity: 1, random: &random)
        transactions[Int(coins)].delivery = .twice(gap: 40 * DemoCalendar.second)
    }
}

/// A UTC instant in ms, written the way the stories read.
private func utc(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0
) -> Int64 {
    DemoCalendar.millis(year, month, day, hour, minute, second)
}
