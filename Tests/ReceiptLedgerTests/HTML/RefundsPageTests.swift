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
}
