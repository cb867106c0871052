import Testing
@testable import ReceiptLedger

/// The overview answers at a glance: made this period, refunded, sandbox mixed in or not.
@Suite struct IndexPageTests {
    @Test func currentPeriodShowsNetPerCurrencyWithThePreviousPeriod() throws {
        let page = TemplateValue.object(IndexPage.context(try ReportFixture.reportData()))
        #expect(page["current_period"]?.text == "2025-02")
        #expect(page["previous_period"]?.text == "2025-01")
        let usd = try #require(page["current"]?.first(where: "currency", is: "USD"))
        #expect(usd["gross"]?.text == "4.99")
        #expect(usd["refund"]?.text == "9.99")
        #expect(usd["net"]?.text == "−5.00")
        #expect(usd["negative"]?.flag == true)
        #expect(usd["previous_net"]?.text == "9.99")  // January: 29.97 sold − 19.98 refunded
        let jpy = try #require(page["current"]?.first(where: "currency", is: "JPY"))
        #expect(jpy["net"]?.text == "120")
        #expect(jpy["previous_net"]?.text == "0")
        #expect(page["current"]?.elements.count == 2)
    }

    @Test func currentRefundsAndSandboxStatus() throws {
        let page = TemplateValue.object(IndexPage.context(try ReportFixture.reportData()))
        #expect(page["has_current_refunds"]?.flag == true)
        #expect(page["current_refunds"]?.elements == [["currency": "USD", "amount": "9.99", "units": "1 unit"]])
        #expect(page["refunds_counted"]?.text == "3 refunds")
        #expect(page["sandbox_clean"]?.flag == true)
        #expect(page["sandbox_transactions"]?.text == "1 sandbox transaction")
        #expect(page["test_purchases"]?.text == "1 test purchase")
        #expect(page["sandbox_gross"]?.elements == [["currency": "USD", "count": "1", "gross": "4.99"]])
    }

    @Test func aPeriodWithoutMoneySaysSo() throws {
        let data = try ReportFixture.reportData { $0.asOf = UnixMillis(ReportFixture.t0 + 80 * ReportFixture.day) }
        let page = TemplateValue.object(IndexPage.context(data))
        #expect(page["current_period"]?.text == "2025-03")
        #expect(page["has_current"]?.flag == false)
        #expect(page["has_current_refunds"]?.flag == false)
        let html = try #require(try ReportFixture.pages(data)["index.html"])
        #expect(html.contains("No production sales or refunds in 2025-03."))
        #expect(html.contains(#"<div class="value">none</div>"#))
    }

    @Test func overviewPageLeadsWithTheGlanceCards() throws {
        let html = try #require(try ReportFixture.pages(try ReportFixture.reportData())["index.html"])
        let glance = try #require(html.range(of: "At a glance: 2025-02"))
        let totals = try #require(html.range(of: "Production, all periods"))
        #expect(glance.lowerBound < totals.lowerBound)
        #expect(html.contains(#"<div class="value neg">−5.00 <span class="unit">USD</span></div>"#))
        #expect(html.contains(#"<div class="value ok">none ✔</div>"#))
        #expect(html.contains("not revenue"))
    }
}
