import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// The demo must show every pitfall of DOMAIN.md and SPEC, findable by user.
@Suite struct DemoScenarioTests {
    @Test(arguments: [
        #""status":21007"#, #""status":21008"#, #""status":21002"#, #""status":21003"#, #""status":21005"#,
        #""status":21010"#, #""status":21199"#, #""status":21006"#, #""status":"0""#, #""status":"abc""#,
        "FAMILY_SHARED", #""is_upgraded":"true""#, "cancellation_date_ms", #""cancellation_reason":"0""#,
        #""cancellation_reason":"1""#, #""is_trial_period":"true""#, #""is_in_intro_offer_period":"true""#,
        #""auto_renew_status":"0""#, #""expiration_intent":"2""#, #""is_in_billing_retry_period":"1""#,
        #""receipt_type":"ProductionSandbox""#, #""environment":"Sandbox""#, "expires_date_formatted_pst", #""bid":"#,
        #""item_id":"#, #"Etc\/GMT"#, #""quantity":1,"#, #""is_trial_period":true"#, #""quantity":"2""#,
        #""quantity":"3""#, "com.example.demoapp.sticker_pack", "com.example.demoapp.coins_jp",
        "com.example.demoapp.season_pass", "com.example.demoapp.lifetime", "com.example.otherapp",
        "2024-03-10 02:30:00 America/Los_Angeles", "2024-11-03 01:30:00 America/Los_Angeles",
    ])
    func pitfallAppears(fragment: String) {
        #expect(DemoSample.count(fragment) >= 1, "no record contains \(fragment)")
    }

    @Test func namedOneOffsAppearExactlyOnce() {
        #expect(DemoSample.count(#""status":21008"#) == 1)
        #expect(DemoSample.count(#""status":"abc""#) == 1)
        #expect(DemoSample.records.filter { $0.flags.contains(.byteOrderMark) }.count == 1)
        #expect(DemoSample.records.filter { $0.response?.starts(with: [0xEF, 0xBB, 0xBF]) == true }.count == 1)
        #expect(DemoSample.records.filter { $0.response == nil }.count == 1)
        #expect(DemoSample.records.filter { $0.body == .missingStatus }.count == 1)
        #expect(DemoSample.records.filter { $0.userID == nil }.count >= 1)
        #expect(DemoSample.records.filter { $0.userID == "" }.count >= 1)
        #expect(DemoSample.records.filter { $0.verifiedAt == .text("0000-00-00 00:00:00") }.count == 1)
    }

    @Test func brokenBodiesArePresent() {
        #expect(DemoSample.records.contains { $0.body == .truncated && $0.response?.isEmpty == false })
        #expect(DemoSample.records.contains { $0.body == .empty && $0.response == [] })
        #expect(DemoSample.records.contains { $0.response == Array("[]".utf8) })
    }

    @Test func storedFormsVary() {
        let claims = Set(DemoSample.records.map { $0.claimedEnvironment ?? "NULL" })
        #expect(claims.isSuperset(of: ["Production", "Sandbox", "NULL"]))
        let texts = DemoSample.records.compactMap { record -> String? in
            if case .text(let text) = record.verifiedAt { return text }
            return nil
        }
        #expect(texts.contains { $0.hasSuffix(" Etc/GMT") })
        #expect(texts.contains { $0.allSatisfy(\.isNumber) })
    }

    @Test func appReviewSandboxAnswersClaimProduction() {
        let review = DemoSample.records(of: "u_app_review_1")
        #expect(review.first.map(DemoSample.text) == #"{"status":21007}"#)
        #expect(review.first?.claimedEnvironment == "Production")
        let sandbox = review.dropFirst().filter { DemoSample.text($0).contains(#""environment":"Sandbox""#) }
        #expect(sandbox.count == review.count - 1)
        #expect(sandbox.allSatisfy { $0.claimedEnvironment == "Production" })
    }

    @Test func refundShowsOnlyInLaterRecords() {
        let records = DemoSample.records(of: "u_refund_leak_1")
        #expect(records.count > 20)
        #expect(DemoSample.text(records[0]).contains("cancellation_date") == false)
        #expect(records.dropFirst().allSatisfy { DemoSample.text($0).contains(#""cancellation_date":"2025-01-05 09:12:44 Etc/GMT""#) })
    }

    @Test func upgradeMarksOnlyTheLatestReceiptInfoCopy() throws {
        let record = try #require(DemoSample.records(of: "u_upgrade_1").first { DemoSample.text($0).contains("is_upgraded") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.response ?? [])) as? [String: Any])
        let inApp = try #require((object["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]])
        let latest = try #require(object["latest_receipt_info"] as? [[String: Any]])
        let cancelledInApp = inApp.filter { $0["cancellation_date"] != nil }
        let cancelledLatest = latest.filter { $0["cancellation_date"] != nil }
        #expect(cancelledInApp.count == 1 && cancelledInApp[0]["is_upgraded"] == nil)
        #expect(cancelledLatest.count == 1 && cancelledLatest[0]["is_upgraded"] as? String == "true")
    }

    @Test func trialIsMarkedOnlyInLatestReceiptInfo() throws {
        let record = try #require(DemoSample.records(of: "u_trial_lri_only").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.response ?? [])) as? [String: Any])
        let inApp = try #require((object["receipt"] as? [String: Any])?["in_app"] as? [[String: Any]])
        let latest = try #require(object["latest_receipt_info"] as? [[String: Any]])
        #expect(inApp.map { $0["is_trial_period"] as? String } == ["false"])
        #expect(latest.map { $0["is_trial_period"] as? String } == ["true"])
    }

    @Test func introOfferCoversTheFirstThreePeriods() throws {
        let last = try #require(DemoSample.records(of: "u_intro_1").last)
        let latest = try #require(try object(last)["latest_receipt_info"] as? [[String: Any]])
        let intro = latest.map { $0["is_in_intro_offer_period"] as? String == "true" }
        #expect(intro.count > 6)
        #expect(Array(intro.prefix(4)) == [true, true, true, false])
        #expect(intro.filter { $0 }.count == 3)
    }

    @Test func renewalInfoShowsBillingRetryAndCancelledStates() throws {
        let retry = try renewalInfo(try #require(DemoSample.records(of: "u_billing_retry").last))
        #expect(retry["is_in_billing_retry_period"] == "1")
        #expect(retry["expiration_intent"] == "2")
        #expect(retry["auto_renew_status"] == "1")
        let cancelled = try #require(DemoSample.records(of: "u_cancelled_1").last)
        #expect(cancelled.verifiedAt == .millis(DemoWorld.end))
        let info = try renewalInfo(cancelled)
        #expect(info["auto_renew_status"] == "0")
        #expect(info["expiration_intent"] == nil)
    }

    @Test func twoAccountsShareOneAppleID() {
        let first = DemoSample.records(of: "u_apple_id_a")
        let second = DemoSample.records(of: "u_apple_id_b")
        #expect(first.count >= 3 && second.count == 2)
        let firstTransaction = #/"transaction_id":"(\d+)"/#
        let shared = DemoSample.text(first[0]).firstMatch(of: firstTransaction).map { String($0.1) }
        #expect(shared != nil)
        #expect(second.allSatisfy { DemoSample.text($0).contains(shared ?? "none") })
    }

    @Test func earliestRecordOfASharedPurchaseWasStoredLater() throws {
        let early = try #require(DemoSample.records(of: "u_out_of_order_a").first)
        let late = try #require(DemoSample.records(of: "u_out_of_order_b").first)
        #expect(early.id > late.id)
        #expect(early.verifiedAt.sortKey < late.verifiedAt.sortKey)
    }

    @Test func pacificOnlyDatesHaveNoOtherForm() throws {
        let records = DemoSample.records(of: "u_pst_only")
        #expect(records.count >= 6)
        for record in records {
            let text = DemoSample.text(record)
            #expect(text.contains(#""purchase_date_pst""#))
            #expect(text.contains(#""purchase_date":"#) == false)
            #expect(text.contains(#""purchase_date_ms""#) == false)
        }
    }

    @Test func purchaseTextDisagreesWithItsMilliseconds() throws {
        let text = DemoSample.records(of: "u_timestamp_mismatch").map(DemoSample.text).joined()
        #expect(text.contains(#""purchase_date":"2024-07-04 16:27:00 Etc/GMT","purchase_date_ms":"1720110000000""#))
    }

    @Test func oldStyleAnswersHaveNoEnvironmentAndOneObjectLists() throws {
        let records = DemoSample.records(of: "u_ios6_1")
        #expect(records.count >= 4)
        #expect(records.last.map(DemoSample.text)?.contains(#""status":21006"#) == true)
        for record in records {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(record.response ?? [])) as? [String: Any])
            #expect(object["environment"] == nil)
            #expect(object["latest_receipt_info"] is [String: Any])
            #expect((object["receipt"] as? [String: Any])?["in_app"] == nil)
        }
    }

    @Test func ordersHoldEveryReconciliationCase() throws {
        let orders = DemoSample.orders
        #expect(orders.map(\.orderID) == (1...orders.count).map { Int64($0) })
        #expect(orders.contains { $0.transactionID == "170000000012345" && $0.userID == "u_jailbreak_1" })
        let doubled = orders.filter { $0.userID == "u_double_delivery" }
        #expect(doubled.count == 2 && doubled[0].transactionID == doubled[1].transactionID)
        #expect(orders.contains { $0.userID == "u_apple_id_b" && $0.productID == DemoProduct.monthly.productID })
        #expect(orders.contains { $0.userID == "u_app_review_1" && $0.transactionID.hasPrefix("1000000") })
        #expect(orders.filter { $0.userID == "u_undelivered" }.isEmpty)
        for user in ["u_refund_leak_1", "u_refund_leak_2", "u_family_refund"] {
            #expect(orders.filter { $0.userID == user }.map(\.revokedAt) == [nil], "\(user)")
        }
        let fast = try #require(orders.first { $0.userID == "u_refund_revoked_fast" })
        #expect(fast.revokedAt == .millis(DemoCalendar.millis(2024, 5, 9, 13, 30)))
        let late = try #require(orders.first { $0.userID == "u_refund_revoked_late" })
        #expect(late.revokedAt == .millis(DemoCalendar.millis(2024, 8, 16, 3, 25)))
    }

    @Test func namedStoriesFitInAFewHundredRecords() {
        let named = DemoGenerator.namedRecordCount(seed: DemoSample.seed)
        #expect(named > 150 && named < 400)
        let small = Array(DemoGenerator(seed: DemoSample.seed, records: named).records())
        #expect(small.allSatisfy { $0.userID?.hasPrefix("u_0") != true })
    }

    private func object(_ record: DemoRecord) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(record.response ?? [])) as? [String: Any])
    }

    private func renewalInfo(_ record: DemoRecord) throws -> [String: String] {
        let entries = try #require(try object(record)["pending_renewal_info"] as? [[String: String]])
        return try #require(entries.first)
    }
}
