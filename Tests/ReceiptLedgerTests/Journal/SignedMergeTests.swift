import Testing
@testable import ReceiptLedger

/// SPEC §9 "Merging signed and receipt copies", "Money from signed data", "Consumables" and
/// "Notifications are events too", with exact values, on both pipelines (the reference one
/// merges every copy in full).
@Suite struct SignedMergeTests {
    typealias A = AnswerBuilder
    typealias S = SignedAnswers
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let hour: Int64 = 3_600_000

    func journals(_ rows: [ArrayRecordSource.Row]) throws -> [Journal] {
        try [JournalPipeline(reader: ResponseReader(), catalog: A.catalog),
             JournalPipeline.reference(reader: ResponseReader(), catalog: A.catalog)].map {
            try $0.run(source: ArrayRecordSource(rows)).journal
        }
    }

    /// A decoded signed transaction stored as a record (kind `signed_transaction`).
    func signed(_ id: String, product: String = "yearly", signedAt: Int64, _ fields: [String: String] = [:]) -> String {
        var all = fields
        all["signedDate"] = "\(signedAt)"
        all["type"] = all["type"] ?? "\"Auto-Renewable Subscription\""
        return S.transaction(id, product: product, purchaseMs: Self.t0, fields: all)
    }

    /// A decoded V2 notification of `type` carrying the transaction `payload`.
    func notification(_ type: String, uuid: String, signedAt: Int64, environment: String = "Production", _ payload: String) -> String {
        #"{"notificationType": "\#(type)", "notificationUUID": "\#(uuid)", "signedDate": \#(signedAt), "data": {"environment": "\#(environment)", "bundleId": "com.example", "signedTransactionInfo": "\#(S.jws(payload))"}}"#
    }

    @Test func aSignedPriceIsTheWholeTransactionRoundedHalfEvenWithItsSourceAndTheCatalogDifference() throws {
        let rows = [
            A.row(1, at: Self.t0 + 1, signed("1", signedAt: Self.t0, ["price": "89990", "currency": "\"USD\"", "storefront": "\"USA\"",
                                                                        "appAccountToken": "\"tok-1\""])),
            A.row(2, at: Self.t0 + 2, signed("2", product: "coins", signedAt: Self.t0, ["price": "2990", "currency": "\"EUR\"", "quantity": "3",
                                                                                         "storefront": "\"DEU\"", "type": "\"Consumable\""])),
            A.row(3, at: Self.t0 + 3, signed("3", product: "unknown.product", signedAt: Self.t0, ["price": "1000", "currency": "\"JPY\""])),
        ]
        for journal in try journals(rows) {
            let yearly = try #require(journal.transaction("1"))
            #expect(yearly.status == .sold)
            #expect(yearly.gross?.formatted == "89.99")
            #expect(yearly.unitPrice?.formatted == "89.99")
            #expect(yearly.proceeds?.formatted == "76.49")  // 89.99 × 0.85 (the catalog row's rate) = 76.4915
            #expect(yearly.priceSource.rawValue == "signed")
            #expect(yearly.signed.customerPrice?.formatted == "89.99")
            #expect(yearly.signed.customerCurrency == "USD")
            #expect(yearly.signed.storefront == "USA")
            #expect(yearly.signed.appAccountToken == "tok-1")
            #expect(journal.anomalies(.catalogPriceDiffers).map { "\($0.recordID) \($0.transactionID) \($0.detail)" }
                    == ["1 1 signed price 89.99 USD, catalog 99.99"])
            let coins = try #require(journal.transaction("2"))
            #expect(coins.currency?.code == "EUR")
            #expect(coins.gross?.formatted == "2.99")
            #expect(coins.unitPrice?.formatted == "1.00")  // 2.99 ÷ 3 = 0.9966…
            #expect(coins.proceeds?.formatted == "2.09")  // × 0.70 = 2.093
            #expect(!coins.refundVisible)  // no V2 notification or refund history in this input
            // No catalog row: priced by its signature, typed by Apple's `type`, no unpriced_product.
            let unknown = try #require(journal.transaction("3"))
            #expect(unknown.status == .sold)
            #expect(unknown.gross?.formatted == "1")
            #expect(unknown.productType == .autoRenewable)
            #expect(journal.anomalies(.unpricedProduct).isEmpty)
        }
    }

    @Test func aLaterSignedCopyWithoutRevocationReversesTheRefundOnce() throws {
        let revoked = ["revocationDate": "\(Self.t0 + 5 * Self.hour)", "revocationReason": "1"]
        let rows = [
            A.row(1, at: Self.t0 + 6 * Self.hour, signed("1", signedAt: Self.t0 + 6 * Self.hour, revoked)),
            A.row(2, at: Self.t0 + 8 * Self.hour, signed("1", signedAt: Self.t0 + 7 * Self.hour)),
            A.row(3, at: Self.t0 + 9 * Self.hour, signed("1", signedAt: Self.t0 + 9 * Self.hour)),
            // Signed before the revocation it follows in the input: it says nothing new.
            A.row(4, at: Self.t0 + 6 * Self.hour, signed("2", signedAt: Self.t0 + 6 * Self.hour, revoked)),
            A.row(5, at: Self.t0 + 10 * Self.hour, signed("2", signedAt: Self.t0 + 4 * Self.hour)),
        ]
        for journal in try journals(rows) {
            let reversed = try #require(journal.transaction("1"))
            #expect(reversed.status == .sold)
            #expect(reversed.cancellation == nil)
            #expect(!reversed.isRefund)
            #expect(journal.anomalies(.refundReversed).map { "\($0.recordID) \($0.transactionID) \($0.detail)" }
                    == ["2 1 a signed copy of 2024-01-01T07:00:00.000Z without revocationDate reverses the refund"])
            let stands = try #require(journal.transaction("2"))
            #expect(stands.status == .refunded)
            #expect(stands.cancellation?.iso8601 == "2024-01-01T05:00:00.000Z")
            #expect(stands.cancellationReason == "1")
        }
    }

    @Test func aReceiptCancellationIsReversedByALaterSignedCopy() throws {
        let cancelled = A.transaction("1", product: "yearly", purchaseMs: Self.t0, fields: ["cancellation_date_ms": "\"\(Self.t0 + Self.hour)\""])
        let rows = [
            A.row(1, at: Self.t0 + 2 * Self.hour, A.answer(inApp: [cancelled])),
            A.row(2, at: Self.t0 + 4 * Self.hour, notification("REFUND_REVERSED", uuid: "n1", signedAt: Self.t0 + 3 * Self.hour,
                                                                signed("1", signedAt: Self.t0 + 3 * Self.hour))),
        ]
        for journal in try journals(rows) {
            let t = try #require(journal.transaction("1"))
            #expect(t.status == .sold)
            #expect(t.recordCount == 2)
            #expect(journal.anomalies(.refundReversed).map(\.recordID) == [2])
            #expect(journal.notifications.map(\.notificationType) == ["REFUND_REVERSED"])
        }
    }

    @Test func aFamilyRevocationKeepsItsColumnsButIsNoRefund() throws {
        let revoke = ["revocationDate": "\(Self.t0 + Self.hour)", "revocationType": "\"FAMILY_REVOKE\"", "revocationReason": "0"]
        var shared = revoke
        shared["inAppOwnershipType"] = "\"FAMILY_SHARED\""
        let rows = [
            A.row(1, at: Self.t0 + 2 * Self.hour, signed("1", signedAt: Self.t0 + 2 * Self.hour, shared)),
            A.row(2, at: Self.t0 + 2 * Self.hour, signed("2", signedAt: Self.t0 + 2 * Self.hour, revoke)),
        ]
        for journal in try journals(rows) {
            let family = try #require(journal.transaction("1"))
            #expect(family.status == .familyShared)
            #expect(family.cancellation?.iso8601 == "2024-01-01T01:00:00.000Z")
            #expect(family.signed.revocationType == "FAMILY_REVOKE")
            #expect(!family.isRefund)
            let purchased = try #require(journal.transaction("2"))
            #expect(purchased.status == .sold)
            #expect(!purchased.isRefund)
        }
    }

    @Test func aProratedRefundReversesItsPercentageAndNoUnits() throws {
        let rows = [
            A.row(1, at: Self.t0 + 1, signed("1", signedAt: Self.t0, ["price": "100000", "currency": "\"USD\""])),
            A.row(2, at: Self.t0 + 2 * Self.hour, signed("1", signedAt: Self.t0 + 2 * Self.hour, [
                "price": "100000", "currency": "\"USD\"", "revocationDate": "\(Self.t0 + Self.hour)",
                "revocationType": "\"REFUND_PRORATED\"", "revocationPercentage": "25000", "revocationReason": "0",
            ])),
        ]
        for journal in try journals(rows) {
            let t = try #require(journal.transaction("1"))
            #expect(t.status == .refunded)
            #expect(t.signed.revocationType == "REFUND_PRORATED")
            #expect(t.signed.revocationPercentage == "25000")
            #expect(t.signed.refundGross?.formatted == "25.00")
            #expect(t.signed.refundProceeds?.formatted == "21.25")  // 85.00 × 25 %
            #expect(t.signed.refundedUnits == 0)
            #expect(t.signed.isPartialRefund)
        }
        let full = Pricing.refunded(gross: Money(minorUnits: 999, currency: Currency(code: "USD")), proceeds: nil, quantity: 2,
                                    revocationType: "REFUND_PRORATED", percentage: 100_000)
        #expect(full.gross?.minorUnits == 999 && full.units == 2 && !full.isPartial)
        let half = Pricing.refunded(gross: Money(minorUnits: 999, currency: Currency(code: "USD")), proceeds: nil, quantity: 1,
                                    revocationType: "REFUND_PRORATED", percentage: 50_000)
        #expect(half.gross?.minorUnits == 500 && half.units == 0)  // 499.5 cents, half-even to 500
    }

    @Test func consumableRefundsAreVisibleOnlyWhereApplesNotificationsReportThem() throws {
        let coins = { (id: String, environment: String) in
            S.transaction(id, product: "coins", purchaseMs: Self.t0, environment: environment, fields: ["signedDate": "\(Self.t0)"])
        }
        let rows = [
            A.row(1, at: Self.t0 + 1, notification("ONE_TIME_CHARGE", uuid: "a", signedAt: Self.t0, coins("1", "Production"))),
            A.row(2, at: Self.t0 + 2, coins("2", "Sandbox")),
        ]
        for journal in try journals(rows) {
            #expect(journal.consumableRefundEnvironments == [.production])
            #expect(journal.transaction("1")?.refundVisible == true)
            #expect(journal.transaction("2", .sandbox)?.refundVisible == false)
        }
    }

    @Test func aRetriedNotificationIsOneRowAndOpenRefundRequestsAreThoseNotAnswered() throws {
        let coin = S.transaction("9", product: "coins", purchaseMs: Self.t0, fields: ["signedDate": "\(Self.t0)", "price": "990", "currency": "\"USD\""])
        let other = S.transaction("8", product: "coins", purchaseMs: Self.t0, fields: ["signedDate": "\(Self.t0)"])
        let request = notification("CONSUMPTION_REQUEST", uuid: "req-1", signedAt: Self.t0 + Self.hour, coin)
        let rows = [
            A.row(1, at: Self.t0 + 2 * Self.hour, request),
            A.row(2, at: Self.t0 + 3 * Self.hour, request),  // Apple's retry
            A.row(3, at: Self.t0 + 4 * Self.hour, notification("CONSUMPTION_REQUEST", uuid: "req-2", signedAt: Self.t0 + Self.hour, other)),
            A.row(4, at: Self.t0 + 5 * Self.hour, notification("REFUND_DECLINED", uuid: "dec-2", signedAt: Self.t0 + 2 * Self.hour, other)),
        ]
        for journal in try journals(rows) {
            #expect(journal.counts.accepted == 4)
            #expect(journal.notifications.map { "\($0.recordID) \($0.notificationType) \($0.event.uuid)" }
                    == ["1 CONSUMPTION_REQUEST req-1", "3 CONSUMPTION_REQUEST req-2", "4 REFUND_DECLINED dec-2"])
            #expect(journal.transaction("9")?.recordCount == 2)
            let open = OpenRefundRequest.open(in: journal)
            #expect(open.map { "\($0.notification.recordID) \($0.notification.transactionID) \($0.transaction?.gross?.formatted ?? "-")" }
                    == ["1 9 0.99"])
        }
    }
}
