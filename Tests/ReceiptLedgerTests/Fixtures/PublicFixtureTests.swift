import Testing
@testable import ReceiptLedger

/// Every public verifyReceipt answer is read without a crash and gives the transactions it holds
/// (issue: "each is read without a crash and gives the transactions it holds").
@Suite struct PublicFixtureTests {
    @Test(arguments: [
        // file, accepted, redirected, rejected, transactions, environment
        ("aporat__store-receipt-validator__inAppPurchaseResponse.json", 1, 0, 0, 4, "Sandbox"),
        ("gabrielgarza__monza__cancellation_response.json", 1, 0, 0, 2, "Sandbox"),
        ("gabrielgarza__monza__response.json", 1, 0, 0, 3, "Sandbox"),
        ("imdhemy__appstore-iap__verify_receipt_response.json", 1, 0, 0, 43, "Production"),
        ("levibostian__dollabill-apple__subscription_renewed.json", 1, 0, 0, 9, "Sandbox"),
        ("levibostian__dollabill-apple__simple.json", 0, 0, 1, 0, ""),
        ("linjunpop__receipt_verifier__auto_renewable_receipt.json", 1, 1, 0, 15, "Sandbox"),
        ("linjunpop__receipt_verifier__exclude_old_transactions.json", 1, 0, 0, 3, "Production"),
        ("linjunpop__receipt_verifier__exclude_old_transactions_false.json", 1, 0, 0, 3, "Production"),
        // The iOS 6 `receipt` is a transaction of its own (SPEC §9): 1000000055076747.
        ("nov__itunes-receipt__autorenew_subscription_expired.json", 1, 0, 0, 2, "Production"),
        // Notifications V1 (SPEC §9): `unified_receipt.latest_receipt_info`, environment `PROD` or `Sandbox`.
        ("imdhemy__laravel-in-app-purchases__appstore-server-notification.json", 1, 0, 0, 54, "Sandbox"),
        ("levibostian__dollabill-apple__server_notification.json", 1, 0, 0, 3, "Sandbox"),
        ("gabrielgarza__monza__cancel.json", 1, 0, 0, 1, "Production"),
    ])
    func everyAnswerIsAccountedFor(file: String, accepted: Int, redirected: Int, rejected: Int, transactions: Int, environment: String) throws {
        let journal = try PublicFixtures.journal(file)
        #expect(journal.counts.accepted == accepted)
        #expect(journal.counts.redirected == redirected)
        #expect(journal.counts.rejected == rejected)
        #expect(journal.counts.isBalanced)
        #expect(journal.transactions.count == transactions)
        #expect(Set(journal.transactions.map(\.environment.rawValue)) == (environment.isEmpty ? [] : [environment]))
    }

    @Test func statusTwoIsRejectedWithUnknownStatus() throws {
        let journal = try PublicFixtures.journal("levibostian__dollabill-apple__simple.json")
        #expect(journal.rejected.map(\.reason.code) == ["status_2"])
        #expect(journal.rejected.map(\.detail) == ["Unknown status"])
    }

    /// SPEC §9: a V1 notification is read from `unified_receipt`; `PROD` is Production; its
    /// row in `notifications.csv` names the latest transaction by purchase.
    @Test func notificationsV1AreRead() throws {
        let cancel = try PublicFixtures.journal("gabrielgarza__monza__cancel.json")
        let t = try #require(cancel.transaction("720000240377671", .production))
        #expect(t.originalTransactionID == "720000238499386")
        #expect(t.productID == "com.PremiumYearly")
        #expect(cancel.environmentChecks.isEmpty)
        let renewal = try PublicFixtures.journal("levibostian__dollabill-apple__server_notification.json")
        #expect(renewal.transactions.map(\.transactionID) == ["1000000741421650", "1000000741421949", "1000000741422339"])
        #expect(renewal.notifications.map(\.notificationType) == ["CANCEL"])
        #expect(renewal.notifications.map(\.transactionID) == ["1000000741422339"])
        #expect(renewal.notifications.map(\.originalTransactionID) == ["1000000741421650"])
        #expect(renewal.notifications.map(\.kind) == [.notificationV1])
    }

    /// SPEC §9, iOS 6: nov's `receipt` is itself transaction 1000000055076747, read before
    /// `latest_receipt_info`.
    @Test func theIOS6ReceiptIsATransaction() throws {
        let journal = try PublicFixtures.journal("nov__itunes-receipt__autorenew_subscription_expired.json")
        #expect(journal.transactions.map(\.transactionID) == ["1000000052076747", "1000000055076747"])
        #expect(journal.anomalies.filter { $0.transactionID.isEmpty }.isEmpty)
    }

    @Test func cassetteRedirectIsListedAsSandboxReceiptSentToProduction() throws {
        let journal = try PublicFixtures.journal("linjunpop__receipt_verifier__auto_renewable_receipt.json")
        #expect(journal.environmentChecks.map(\.findings) == [[.status21007]])
        #expect(journal.environmentChecks.first?.environment == .sandbox)
    }

    @Test func repeatedTransactionAndEditedExpiry() throws {
        // monza: 1000000218147501 twice in latest_receipt_info, the first copy without expires_date;
        // the second copy's expires_date text is a day off its _ms (edited file).
        let journal = try PublicFixtures.journal("gabrielgarza__monza__response.json")
        let t = try #require(journal.transaction("1000000218147501", .sandbox))
        #expect(t.expires?.iso8601 == "2016-06-17T01:32:27.996Z")
        #expect(t.isTrialPeriod)
        #expect(t.status == .trial)
        #expect(t.recordCount == 1)
        let mismatches = journal.anomalies(AnomalyKind.timestampMismatch)
        #expect(mismatches.map(\.transactionID) == ["1000000218147501"])
        #expect(mismatches.first?.detail == "expires_date: forms disagree by a second or more")
        #expect(journal.anomalies(AnomalyKind.conflictingTransaction).isEmpty)
    }

    @Test func cancellationOnATrialTakesTheMillisecondForm() throws {
        let journal = try PublicFixtures.journal("gabrielgarza__monza__cancellation_response.json")
        let trial = try #require(journal.transaction("1000000218147500", .sandbox))
        #expect(trial.status == .trial)
        #expect(trial.cancellation?.iso8601 == "2016-06-17T01:44:08.000Z")
        #expect(trial.cancellationReason == "0")
        #expect(trial.isRefund)
        let paid = try #require(journal.transaction("1000000218147651", .sandbox))
        #expect(paid.status == .unpriced)
        #expect(journal.anomalies(AnomalyKind.timestampMismatch).map(\.transactionID).sorted() == ["1000000218147500", "1000000218147651"])
    }

    @Test func oldStyleAnswerReadsMillisecondExpiryAndInfersProduction() throws {
        let journal = try PublicFixtures.journal("nov__itunes-receipt__autorenew_subscription_expired.json")
        let t = try #require(journal.transaction("1000000052076747"))
        #expect(t.purchase.iso8601 == "2012-10-13T19:40:08.000Z")
        #expect(t.expires?.iso8601 == "2012-10-13T19:50:08.000Z")
        #expect(t.originalTransactionID == "1000000057005439")
        #expect(journal.environmentChecks.map(\.findings) == [[.environmentInferred]])
    }

    @Test func numbersAndBooleansInsteadOfStrings() throws {
        let journal = try PublicFixtures.journal("aporat__store-receipt-validator__inAppPurchaseResponse.json")
        let t = try #require(journal.transaction("1000000156455961", .sandbox))
        #expect(t.purchase == UnixMillis(1_432_429_618_000))
        #expect(t.quantity == 1)
        #expect(!t.isTrialPeriod)
        #expect(journal.renewals[TransactionKey(.sandbox, "original_transaction_id_value")]?.autoRenewStatus == "1")
    }

    @Test func sameTransactionsInBothListsAreOneEach() throws {
        let journal = try PublicFixtures.journal("linjunpop__receipt_verifier__exclude_old_transactions_false.json")
        #expect(journal.transactions.map(\.transactionID) == ["110000267199044", "110000275907901", "110000284493242"])
        #expect(journal.transactions.map(\.expires?.iso8601) == ["2017-04-11T00:22:23.000Z", "2017-05-11T00:22:23.000Z", "2017-06-11T00:22:23.000Z"])
        let renewal = try #require(journal.renewals[TransactionKey(.production, "110000267199044")])
        #expect(renewal.autoRenewStatus == "0")
        #expect(renewal.expirationIntent == "2")
        #expect(renewal.inBillingRetry == false)
        #expect(journal.anomalies.filter { $0.kind != AnomalyKind.unpricedProduct }.isEmpty)
        #expect(journal.anomalies(AnomalyKind.unpricedProduct).count == 3)
    }

    @Test func upgradeFlagWithoutCancellationChangesNothing() throws {
        // The notification's 54 latest_receipt_info entries (4 marked is_upgraded, none cancelled) as an answer.
        let notification = try JSONDocument(bytes: PublicFixtures.bytes("imdhemy__laravel-in-app-purchases__appstore-server-notification.json"))
        let latest = try #require(notification.root["unified_receipt"]?["latest_receipt_info"])
        let body = "{\"status\": 0, \"environment\": \"Sandbox\", \"receipt\": {}, \"latest_receipt_info\": " + String(decoding: latest.rawBytes, as: UTF8.self) + "}"
        let journal = try AnswerBuilder.journal([AnswerBuilder.row(1, at: 1_700_000_000_000, body)], catalog: .empty).journal
        #expect(journal.transactions.count == 54)
        let upgraded = journal.transactions.filter(\.isUpgraded)
        #expect(upgraded.count == 4)
        #expect(upgraded.allSatisfy { $0.status == .unpriced && $0.cancellation == nil && !$0.isRefund })
    }

    @Test func escapedSlashesAreRead() throws {
        let journal = try PublicFixtures.journal("imdhemy__appstore-iap__verify_receipt_response.json")
        #expect(journal.transactions.allSatisfy { UnixMillis.readableRange.contains($0.purchase) })
        #expect(journal.anomalies(AnomalyKind.timestampMismatch).isEmpty)
        #expect(journal.anomalies(AnomalyKind.badTimestamp).isEmpty)
    }
}
