import Testing
@testable import ReceiptLedger

/// The refunds page: rates per product (unknowable ones said so) and how soon refunds come.
@Suite struct RefundsPageTests {
    @Test func consumableRefundRatesAreUnknownNotZero() throws {
        let page = TemplateValue.object(RefundsPage.context(try ReportFixture.reportData()))
        let coins = try #require(page["rates"]?.first(where: "product", is: "coins_jp"))
        #expect(coins["rate"]?.text == "—")
        #expect(coins["consumable"]?.flag == true)
        let sold = try #require(page["rates"]?.first(where: "product", is: ReportFixture.imageProduct))
        #expect(sold["rate"]?.text == "100.0%")
        let chart = try #require(page["rate_chart"]?.text)
        #expect(chart.contains(">unknown (consumable)</text>"))
        #expect(chart.contains(">100.0%</text>"))
    }

    @Test func daysToRefundBucketsShowCountAndShare() throws {
        let page = TemplateValue.object(RefundsPage.context(try ReportFixture.reportData()))
        let chart = try #require(page["days_chart"]?.text)
        #expect(chart.contains(">2 (66.7%)</text>"))  // t2, t3: refunded 2 days after purchase
        #expect(chart.contains(">1 (33.3%)</text>"))  // t1: 35 days
    }

    /// SPEC §9: a refund request (V2 `CONSUMPTION_REQUEST`) that no `REFUND` or
    /// `REFUND_DECLINED` answered is listed with its money at stake; an answered one is not.
    @Test func openRefundRequestsAreListedWithTheirMoneyAtStake() throws {
        let coin = SignedAnswers.transaction("900", product: "coins", purchaseMs: 1_704_067_200_000,
                                             fields: ["signedDate": "1704067200000", "price": "990", "currency": "\"USD\""])
        let answered = SignedAnswers.transaction("901", product: "coins", purchaseMs: 1_704_067_200_000, fields: ["signedDate": "1704067200000"])
        func notification(_ type: String, _ uuid: String, _ payload: String) -> String {
            #"{"notificationType": "\#(type)", "notificationUUID": "\#(uuid)", "signedDate": 1704070800000, "data": {"environment": "Production", "signedTransactionInfo": "\#(SignedAnswers.jws(payload))"}}"#
        }
        let rows = ReportFixture.rows + [
            AnswerBuilder.row(900, user: "asker", at: 1_704_074_400_000, notification("CONSUMPTION_REQUEST", "r1", coin)),
            AnswerBuilder.row(901, user: "asker", at: 1_704_074_400_001, notification("CONSUMPTION_REQUEST", "r2", answered)),
            AnswerBuilder.row(902, user: "asker", at: 1_704_074_400_002, notification("REFUND_DECLINED", "d2", answered)),
        ]
        let data = try ReportFixture.reportData(rows)
        let page = TemplateValue.object(RefundsPage.context(data))
        #expect(page["has_requests"]?.flag == true)
        let request = try #require(page["requests"]?.first(where: "transaction", is: "900"))
        #expect(request["amount"]?.text == "0.99 USD")
        #expect(request["user"]?.text == "asker")
        #expect(request["asked"]?.text == "2024-01-01 01:00 UTC")
        #expect(page["requests"]?.first(where: "transaction", is: "901") == nil)
        let html = try #require(try ReportFixture.pages(data)["refunds.html"])
        #expect(html.contains("<td class=\"code\">900</td>"))
    }

    /// SPEC §9: a prorated refund below 100 % takes back money and no units; the refunds page
    /// still lists it per period and per product, and no longer calls consumables unknowable
    /// once Apple's V2 notifications report their refunds.
    @Test func aProratedRefundIsListedThoughItTakesBackNoUnits() throws {
        let t0: Int64 = 1_704_067_200_000
        let signed = { (fields: [String: String]) in
            SignedAnswers.transaction("700", product: "yearly", purchaseMs: t0, fields: fields.merging(["price": "100000", "currency": "\"GBP\""]) { a, _ in a })
        }
        let notification = #"{"notificationType": "REFUND", "notificationUUID": "p1", "signedDate": \#(t0 + 7_200_000), "data": {"environment": "Production", "signedTransactionInfo": "\#(SignedAnswers.jws(signed(["signedDate": "\(t0 + 7_200_000)", "revocationDate": "\(t0 + 3_600_000)", "revocationType": "\"REFUND_PRORATED\"", "revocationPercentage": "25000", "revocationReason": "1"])))"}}"#
        let rows = ReportFixture.rows + [
            AnswerBuilder.row(700, user: "gb", at: t0 + 1, signed(["signedDate": "\(t0)"])),
            AnswerBuilder.row(701, user: "gb", at: t0 + 7_300_000, notification),
        ]
        let page = TemplateValue.object(RefundsPage.context(try ReportFixture.reportData(rows)))
        let period = try #require(page["by_period"]?.first(where: "currency", is: "GBP"))
        #expect(period["refund"]?.text == "25.00")
        let product = try #require(page["by_product"]?.first(where: "currency", is: "GBP"))
        #expect(product["units"]?.text == "0")
        #expect(page["consumables_visible"]?.flag == true)
    }
}
