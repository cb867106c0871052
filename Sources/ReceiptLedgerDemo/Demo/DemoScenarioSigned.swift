/// Customers of the App Store Server era (SPEC §9): the app's server switched to V2
/// notifications and the App Store Server API on `DemoSignedProfile.serverSwitch`, so these
/// customers' later records are signed. Named stories plant one of each case: storefronts and
/// currencies, a price Apple raised that the catalog missed, a consumable refunded through a
/// V2 `REFUND`, a prorated refund, a reversed refund, a family revocation, a retried
/// notification, an open refund request, an Xcode transaction and a bare JWS.
extension DemoWorld {
    mutating func addSignedScenarios(random: inout DemoRandom) {

        // DEU/EUR monthly: receipt answers before the switch, then DID_RENEW notifications (some
        // stored decoded) and transaction history answers; the first month's signed price is in EUR.
        let deu = addSignedCustomer("u_signed_deu", .deu, install: utc(2024, 8, 14, 9))
        var monthly = DemoSubscriptionBuilder(account: users[Int(deu)].account, product: .monthly)
        monthly.addPeriod(in: &self, random: &random, purchase: utc(2024, 8, 14, 10, 0, 0))
        addRecord(deu, at: utc(2024, 8, 14, 10, 0, 12))
        while monthly.lastExpires < DemoWorld.end {
            let renewal = monthly.addPeriod(in: &self, random: &random)
            let check = transactions[Int(renewal)].purchase + 90 * DemoCalendar.minute
            if check < DemoWorld.end { addRecord(deu, at: check) }
        }
        monthly.finish(in: &self)
        addRecord(deu, at: utc(2024, 12, 20, 19, 0, 0))
        addRecord(deu, at: utc(2025, 4, 2, 7, 30, 0))

        // USA yearly: bought at 39.99; Apple's price rose to 44.99 on 2025-02-01 and the catalog
        // still says 39.99, so the renewal's signed price differs from it (catalog_price_differs).
        let usa = addSignedCustomer("u_signed_usa", .usa, install: utc(2024, 3, 5, 17))
        var yearly = DemoSubscriptionBuilder(account: users[Int(usa)].account, product: .yearly)
        yearly.addPeriod(in: &self, random: &random, purchase: utc(2024, 3, 5, 17, 30, 0))
        addRecord(usa, at: utc(2024, 3, 5, 17, 30, 14))
        let raised = yearly.addPeriod(in: &self, random: &random)
        addRecord(usa, at: transactions[Int(raised)].purchase + 2 * DemoCalendar.hour)
        addRecord(usa, at: utc(2025, 5, 1, 12, 0, 0))
        yearly.finish(in: &self)

        // GBR/GBP yearly refunded at 50 % (REFUND_PRORATED, revocationPercentage 50000).
        let gbr = addSignedCustomer("u_signed_gbr", .gbr, install: utc(2024, 11, 20, 8))
        var british = DemoSubscriptionBuilder(account: users[Int(gbr)].account, product: .yearly)
        let prorated = british.addPeriod(in: &self, random: &random, purchase: utc(2024, 11, 20, 8, 15, 0))
        addRecord(gbr, at: utc(2024, 11, 20, 8, 15, 20))
        refund(prorated, at: utc(2025, 1, 10, 14, 0, 0), reason: "1")
        transactions[Int(prorated)].revocationType = "REFUND_PRORATED"
        transactions[Int(prorated)].revocationPercentage = 50_000
        transactions[Int(prorated)].delivery = .keep
        british.finish(in: &self, autoRenewOff: utc(2025, 1, 10, 14, 0, 0), end: utc(2025, 1, 10, 14, 0, 0), expirationIntent: "1")
        addNotification(gbr, "REFUND", about: prorated, at: utc(2025, 1, 10, 14, 0, 5), random: &random)
        addRecord(gbr, at: utc(2025, 3, 1, 9, 0, 0))

        // JPN/JPY coins: Apple retried a ONE_TIME_CHARGE (the server answered late: stored twice);
        // a later pack asked about (CONSUMPTION_REQUEST), then refunded through a V2 REFUND.
        let jpn = addSignedCustomer("u_signed_jpn", .jpn, install: utc(2024, 12, 3, 2))
        let firstPack = addOneTimePurchase(jpn, product: .coinsJP, at: utc(2024, 12, 3, 2, 30, 0), random: &random)
        let retried = addNotification(jpn, "ONE_TIME_CHARGE", about: firstPack, at: utc(2024, 12, 3, 2, 30, 4), random: &random)
        addRecord(jpn, at: utc(2024, 12, 3, 2, 33, 10), body: .signed(.notification(retried)))
        let secondPack = addOneTimePurchase(jpn, product: .coinsJP, at: utc(2025, 2, 14, 11, 0, 0), random: &random)
        transactions[Int(secondPack)].quantity = 2
        addNotification(jpn, "ONE_TIME_CHARGE", about: secondPack, at: utc(2025, 2, 14, 11, 0, 3), decoded: true, random: &random)
        addNotification(jpn, "CONSUMPTION_REQUEST", about: secondPack, at: utc(2025, 2, 20, 6, 0, 0), random: &random)
        refund(secondPack, at: utc(2025, 2, 22, 6, 0, 0), reason: "0")
        addNotification(jpn, "REFUND", about: secondPack, at: utc(2025, 2, 22, 6, 0, 2), random: &random)

        // USA lifetime refunded, then the refund reversed (REFUND_REVERSED): sold again, refund_reversed.
        let reversed = addSignedCustomer("u_signed_reversed", .usa, install: utc(2025, 1, 15, 20))
        let unlock = addOneTimePurchase(reversed, product: .lifetime, at: utc(2025, 1, 15, 20, 0, 0), random: &random)
        transactions[Int(unlock)].delivery = .keep
        addNotification(reversed, "ONE_TIME_CHARGE", about: unlock, at: utc(2025, 1, 15, 20, 0, 6), random: &random)
        refund(unlock, at: utc(2025, 1, 25, 10, 0, 0), reason: "0")
        addNotification(reversed, "REFUND", about: unlock, at: utc(2025, 1, 25, 10, 0, 4), random: &random)
        transactions[Int(unlock)].reversal = utc(2025, 2, 4, 16, 0, 0)
        addNotification(reversed, "REFUND_REVERSED", about: unlock, at: utc(2025, 2, 4, 16, 0, 3), random: &random)

        // A family member's shared monthly, revoked when the organiser stopped sharing (REVOKE,
        // FAMILY_REVOKE): no refund.
        let family = addSignedCustomer("u_signed_family", .usa, install: utc(2024, 12, 1, 18))
        var shared = DemoSubscriptionBuilder(account: users[Int(family)].account, product: .monthly, familyShared: true)
        shared.addPeriod(in: &self, random: &random, purchase: utc(2024, 12, 1, 18, 0, 0)) { $0.delivery = .keep }
        addRecord(family, at: utc(2024, 12, 1, 18, 0, 9))
        let revoked = shared.addPeriod(in: &self, random: &random) { $0.delivery = .keep }
        addRecord(family, at: transactions[Int(revoked)].purchase + DemoCalendar.hour)
        transactions[Int(revoked)].cancellation = utc(2025, 1, 15, 12, 0, 0)
        transactions[Int(revoked)].cancellationReason = "0"
        transactions[Int(revoked)].revocationType = "FAMILY_REVOKE"
        shared.finish(in: &self, autoRenewOff: utc(2025, 1, 15, 12, 0, 0), end: utc(2025, 1, 15, 12, 0, 0), expirationIntent: "1")
        addNotification(family, "REVOKE", about: revoked, at: utc(2025, 1, 15, 12, 0, 2), random: &random)

        // A coin pack whose refund request Apple still waits on at the end of the data.
        let asking = addSignedCustomer("u_signed_open_request", .usa, install: utc(2025, 5, 10, 15))
        let asked = addOneTimePurchase(asking, product: .coins, at: utc(2025, 5, 10, 15, 0, 0), random: &random)
        addNotification(asking, "ONE_TIME_CHARGE", about: asked, at: utc(2025, 5, 10, 15, 0, 5), random: &random)
        addNotification(asking, "CONSUMPTION_REQUEST", about: asked, at: utc(2025, 5, 28, 9, 0, 0), random: &random)

        // A developer's StoreKit test in Xcode, stored as the signed transaction (a JSON string).
        let xcode = addSignedCustomer("u_signed_xcode", .usa, .sandbox, environment: "Xcode", install: utc(2025, 3, 3, 16))
        let tested = addOneTimePurchase(xcode, product: .seasonPass, at: utc(2025, 3, 3, 16, 20, 0), random: &random)
        addRecord(xcode, at: utc(2025, 3, 3, 16, 20, 7), body: .signed(.transaction(tested, bare: false)))

        // Get Transaction Info's answer stored as its signed transaction, bare text.
        let bare = addSignedCustomer("u_signed_bare", .usa, install: utc(2025, 3, 20, 13))
        let pass = addOneTimePurchase(bare, product: .seasonPass, at: utc(2025, 3, 20, 13, 0, 0), random: &random)
        addRecord(bare, at: utc(2025, 3, 20, 13, 0, 11), body: .signed(.transaction(pass, bare: true)))
    }

    /// A signed customer of the bulk population: a subscriber, a coin buyer or a lifetime buyer
    /// in one of four storefronts, whose records from the server's switch on are signed.
    mutating func addBulkSignedCustomer(_ userID: String, random: inout DemoRandom) {
        let storefront = random.weighted([(DemoStorefront.usa, 50), (.deu, 20), (.gbr, 15), (.jpn, 15)]) ?? .usa
        let profile = DemoSignedProfile(storefront: storefront)
        switch random.weighted([(DemoCustomerKind.monthly, 45), (.yearly, 15), (.coins, 25), (.lifetime, 15)]) ?? .monthly {
        case .yearly: addBulkSubscriber(userID, product: .yearly, signed: profile, random: &random)
        case .coins: addBulkCoinBuyer(userID, signed: profile, random: &random)
        case .lifetime: addBulkLifetimeBuyer(userID, signed: profile, random: &random)
        default: addBulkSubscriber(userID, product: .monthly, signed: profile, random: &random)
        }
    }

    /// A V2 `REFUND` notification a few seconds after a signed customer's refund.
    mutating func addRefundNotification(_ user: Int32, _ index: Int32, random: inout DemoRandom) {
        guard let refund = transactions[Int(index)].cancellation, isSigned(user, at: refund), refund < DemoWorld.end else { return }
        addNotification(user, "REFUND", about: index, at: refund + random.int(DemoCalendar.second...9 * DemoCalendar.second), random: &random)
    }

    /// A customer (new account and app user) whose server reads signed data from the switch on.
    mutating func addSignedCustomer(
        _ userID: String, _ storefront: DemoStorefront, _ environment: DemoEnvironment = .production,
        environment signedEnvironment: String = "Production", install: Int64
    ) -> Int32 {
        addCustomer(userID, environment, install: install) {
            $0.signed = DemoSignedProfile(storefront: storefront, environment: signedEnvironment)
        }
    }

    /// Stores a V2 notification about a transaction, signed at `instant`, received a moment later.
    @discardableResult
    mutating func addNotification(
        _ user: Int32, _ type: String, subtype: String? = nil, about index: Int32, at instant: Int64, decoded: Bool = false,
        random: inout DemoRandom
    ) -> DemoNotification {
        let notification = DemoNotification(
            type: type, subtype: subtype, transaction: index, uuid: DemoSignedAnswer.uuid(&random), signedAt: instant,
            decoded: decoded)
        addRecord(user, at: instant + random.int(200...2_500), body: .signed(.notification(notification)))
        return notification
    }
}

/// A UTC instant in ms, written the way the stories read.
private func utc(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0
) -> Int64 {
    DemoCalendar.millis(year, month, day, hour, minute, second)
}
