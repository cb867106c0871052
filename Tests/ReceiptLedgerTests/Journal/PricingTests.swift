import Testing
@testable import ReceiptLedger

/// SPEC §4 status order and §5 money.
@Suite struct PricingTests {
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let june: Int64 = 1_717_200_000_000  // 2024-06-01T00:00:00Z
    typealias A = AnswerBuilder

    func book(_ entries: [String]) throws -> Journal {
        try A.journal([A.row(1, at: Self.june + 1000, A.answer(inApp: entries))]).journal
    }

    @Test func priceInEffectAtThePurchaseInstant() throws {
        let journal = try book([
            A.transaction("before", purchaseMs: Self.june - 1),
            A.transaction("at", purchaseMs: Self.june),
            A.transaction("intro", purchaseMs: Self.june, fields: ["is_in_intro_offer_period": "\"true\""]),
        ])
        #expect(journal.transaction("before")?.unitPrice?.formatted == "9.99")
        #expect(journal.transaction("before")?.proceeds?.formatted == "6.99")  // 6.993 → 6.99
        #expect(journal.transaction("at")?.unitPrice?.formatted == "12.99")
        #expect(journal.transaction("at")?.proceeds?.formatted == "9.09")  // 9.093
        #expect(journal.transaction("intro")?.unitPrice?.formatted == "0.99")
        #expect(journal.transaction("intro")?.proceeds?.formatted == "0.69")  // 0.693
    }

    @Test func proceedsRoundHalfEven() {
        let usd = Currency(code: "USD")
        let rate = DecimalText(digits: 5, fractionDigits: 1)  // 0.5
        #expect(Money(minorUnits: 1, currency: usd).times(rate).minorUnits == 0)   // 0.005 → 0.00
        #expect(Money(minorUnits: 3, currency: usd).times(rate).minorUnits == 2)   // 0.015 → 0.02
        #expect(Money(minorUnits: 5, currency: usd).times(rate).minorUnits == 2)   // 0.025 → 0.02
        #expect(Money(minorUnits: -3, currency: usd).times(rate).minorUnits == -2)
        #expect(Money(minorUnits: 9999, currency: usd).times(DecimalText(digits: 85, fractionDigits: 2)).minorUnits == 8499) // 84.9915
    }

    @Test func quantityMultipliesAndJPYHasNoDecimals() throws {
        let journal = try book([
            A.transaction("c", product: "coins", purchaseMs: Self.t0, fields: ["quantity": "3"]),
            A.transaction("j", product: "coins_jp", purchaseMs: Self.t0, fields: ["quantity": "\"2\""]),
        ])
        #expect(journal.transaction("c")?.gross?.formatted == "2.97")
        #expect(journal.transaction("c")?.proceeds?.formatted == "2.08")  // 2.079
        #expect(journal.transaction("c")?.refundVisible == false)
        #expect(journal.transaction("j")?.gross?.formatted == "240")
        #expect(journal.transaction("j")?.proceeds?.formatted == "168")
    }

    @Test func statusOrder() throws {
        let cancel = "\"\(Self.t0 + 1000)\""
        let journal = try book([
            A.transaction("trial", purchaseMs: Self.t0, fields: ["is_trial_period": "true", "cancellation_date_ms": cancel]),
            A.transaction("family", purchaseMs: Self.t0, fields: ["in_app_ownership_type": "\"FAMILY_SHARED\"", "cancellation_date_ms": cancel]),
            A.transaction("unpriced", product: "mystery", purchaseMs: Self.t0),
            A.transaction("upgraded", purchaseMs: Self.t0, fields: ["is_upgraded": "\"1\"", "cancellation_date_ms": cancel]),
            A.transaction("refunded", purchaseMs: Self.t0, fields: ["cancellation_date_ms": cancel]),
            A.transaction("sold", purchaseMs: Self.t0),
        ])
        for status in ["trial", "family", "unpriced", "upgraded", "refunded", "sold"] {
            #expect(journal.transaction(status)?.status.rawValue == (status == "family" ? "family_shared" : status))
        }
        let lowercase = try book([A.transaction("f", purchaseMs: Self.t0, fields: ["in_app_ownership_type": "\"family_shared\""]),
                                  A.transaction("n", purchaseMs: Self.t0, fields: ["in_app_ownership_type": "5"])])
        #expect(lowercase.transaction("f")?.status == .sold)  // only Apple's exact FAMILY_SHARED is family sharing
        // A text other than Apple's two is kept as it came (the merge keeps it apart from them).
        #expect(lowercase.transaction("f")?.ownershipType.utf8.elementsEqual("family_shared".utf8) == true)
        #expect(lowercase.transaction("n")?.ownershipType == "PURCHASED")  // not text: as if absent
        let unpriced = try #require(journal.transaction("unpriced"))
        #expect(unpriced.currency == nil)
        #expect(unpriced.productType == nil)
        #expect(journal.anomalies(AnomalyKind.unpricedProduct).map(\.transactionID) == ["unpriced"])
        #expect(journal.transaction("family")?.gross?.formatted == "0.00")
        #expect(journal.transaction("refunded")?.isRefund == true)
    }

    @Test func unpricedBeforeTheFirstEffectiveDateKeepsItsType() throws {
        let catalog = try CatalogReader.parse("product_id,product_type,currency,price,effective_from\nlate,non_consumable,EUR,5,2030-01-01\n", path: "c.csv")
        let journal = try A.journal([A.row(1, at: Self.t0, A.answer(inApp: [A.transaction("1", product: "late", purchaseMs: Self.t0)]))],
                                    catalog: catalog).journal
        let t = try #require(journal.transaction("1"))
        #expect(t.status == .unpriced)
        #expect(t.productType == .nonConsumable)
    }
}
