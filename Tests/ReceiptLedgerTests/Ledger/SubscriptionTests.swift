import Testing
@testable import ReceiptLedger

/// SPEC §8 "Subscriptions": states at --as-of from pending_renewal_info.
@Suite struct SubscriptionTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let day: Int64 = 86_400_000

    func subscription(_ latest: [String], renewal: String?, asOf: Int64) throws -> Subscription {
        let body = A.answer(inApp: [], latest: latest, renewals: renewal.map { [$0] })
        let journal = try A.journal([A.row(1, at: Self.t0, body)]).journal
        let all = Subscription.all(in: journal.transactions, renewals: journal.renewals, asOf: UnixMillis(asOf))
        return try #require(all.first)
    }

    func renewal(autoRenew: String, retry: String? = nil, intent: String? = nil) -> String {
        var fields = ["\"original_transaction_id\": \"100\"", "\"auto_renew_status\": \"\(autoRenew)\""]
        if let retry { fields.append("\"is_in_billing_retry_period\": \"\(retry)\"") }
        if let intent { fields.append("\"expiration_intent\": \"\(intent)\"") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    var history: [String] {
        [A.transaction("100", original: "100", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day, fields: ["is_trial_period": "\"true\""]),
         A.transaction("101", original: "100", purchaseMs: Self.t0 + 30 * Self.day, expiresMs: Self.t0 + 60 * Self.day)]
    }

    @Test func activeCancelledBillingRetryExpired() throws {
        let during = Self.t0 + 45 * Self.day, after = Self.t0 + 61 * Self.day
        #expect(try subscription(history, renewal: renewal(autoRenew: "1"), asOf: during).state == .active)
        #expect(try subscription(history, renewal: renewal(autoRenew: "0", intent: "1"), asOf: during).state == .cancelled)
        #expect(try subscription(history, renewal: renewal(autoRenew: "1", retry: "1"), asOf: after).state == .billingRetry)
        #expect(try subscription(history, renewal: renewal(autoRenew: "1", retry: "0"), asOf: after).state == .expired)
        #expect(try subscription(history, renewal: nil, asOf: after).state == .expired)
        #expect(try subscription(history, renewal: nil, asOf: during).state == .active)
    }

    @Test func refundedWhenTheLatestPaidPeriodIsRefunded() throws {
        var refunded = history
        refunded[1] = A.transaction("101", original: "100", purchaseMs: Self.t0 + 30 * Self.day, expiresMs: Self.t0 + 60 * Self.day,
                                    fields: ["cancellation_date_ms": "\"\(Self.t0 + 31 * Self.day)\""])
        let s = try subscription(refunded, renewal: renewal(autoRenew: "1"), asOf: Self.t0 + 45 * Self.day)
        #expect(s.state == .refunded)
        #expect(s.paidPeriods == 1)
        #expect(s.refundedPeriods == 1)
        #expect(s.firstPurchase == UnixMillis(Self.t0))
        #expect(s.latestExpires == UnixMillis(Self.t0 + 60 * Self.day))
        let csv = String(decoding: SubscriptionsFile.cellTable([s]).serialized(), as: UTF8.self)
        #expect(csv.split(separator: "\n").last == "Production,100,u1,monthly,2024-01-01T00:00:00.000Z,2024-03-01T00:00:00.000Z,1,1,1,,,refunded")
    }

    /// Subscriptions share one object per renewal status, compared byte for byte: statuses
    /// Swift's `==` takes as equal ("é" precomposed and decomposed) stay two, each as sent.
    @Test func renewalStatusesAreSharedOnlyWhenTheirBytesAreEqual() throws {
        let texts = ["\u{E9}", "e\u{301}", "\u{E9}", "1"]
        let latest = texts.indices.map { A.transaction("\(200 + $0)", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day) }
        let renewals = texts.enumerated().map { "{\"original_transaction_id\": \"\(200 + $0)\", \"auto_renew_status\": \"\($1)\"}" }
        let journal = try A.journal([A.row(1, at: Self.t0, A.answer(inApp: [], latest: latest, renewals: renewals))]).journal
        let all = Subscription.all(in: journal.transactions, renewals: journal.renewals, asOf: UnixMillis(Self.t0 + Self.day))
        #expect(all.map { Array(($0.renewal?.autoRenewStatus ?? "-").utf8) } == texts.map { Array($0.utf8) })
        let csv = String(decoding: SubscriptionsFile.cellTable(all).serialized(), as: UTF8.self)
        let statusColumn = csv.utf8.split(separator: UInt8(ascii: "\n")).dropFirst()
            .map { Array($0.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)[8]) }
        #expect(statusColumn == texts.map { Array($0.utf8) })
    }

    @Test func refundAndResubscribeIsActiveAgain() throws {
        var resubscribed = history
        resubscribed[1] = A.transaction("101", original: "100", purchaseMs: Self.t0 + 30 * Self.day, expiresMs: Self.t0 + 60 * Self.day,
                                        fields: ["cancellation_date_ms": "\"\(Self.t0 + 31 * Self.day)\""])
        resubscribed.append(A.transaction("102", original: "100", purchaseMs: Self.t0 + 40 * Self.day, expiresMs: Self.t0 + 70 * Self.day))
        let s = try subscription(resubscribed, renewal: renewal(autoRenew: "1", retry: "0"), asOf: Self.t0 + 45 * Self.day)
        #expect(s.state == .active)
        #expect(s.paidPeriods == 2)
        #expect(s.renewal?.inBillingRetry == false)
    }
}
