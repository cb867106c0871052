import Testing
@testable import ReceiptLedger

/// The proof that no sandbox money reached a production figure.
@Suite struct SandboxPageTests {
    @Test func proofShowsEqualTotalsPerCurrency() throws {
        let data = try ReportFixture.reportData()
        #expect(SandboxPage.proof(data) == [
            .init(currency: Currency(code: "JPY"), journalGross: 120, ledgerGross: 120, journalRefunds: 0, ledgerRefunds: 0),
            .init(currency: Currency(code: "USD"), journalGross: 3496, ledgerGross: 3496, journalRefunds: 2997, ledgerRefunds: 2997),
        ])
        let page = TemplateValue.object(SandboxPage.context(data))
        #expect(page["all_equal"]?.flag == true)
        let usd = try #require(page["proof"]?.first(where: "currency", is: "USD"))
        #expect(usd["journal"]?.text == "34.96")
        #expect(usd["ledger"]?.text == "34.96")
        #expect(usd["journal_refunds"]?.text == "29.97")
        #expect(page["sandbox_gross"]?.elements == [["currency": "USD", "count": "1", "gross": "4.99"]])
        #expect(page["mismatch"]?.text == "1")
        let html = try #require(try ReportFixture.pages(data)["sandbox.html"])
        #expect(html.contains("✔ Verified"))
        #expect(!html.contains("✘"))
    }

    @Test func sandboxMoneyInTheProductionLedgerFailsTheProof() throws {
        var data = try ReportFixture.reportData()
        let usd = Currency(code: "USD")
        data.ledgers.byPeriod.add(LedgerAmounts(unitsSold: 1, gross: 499, proceeds: 349),
                                  at: .init(environment: .production, period: "2025-01", item: "", currency: usd))
        let row = try #require(SandboxPage.proof(data).first { $0.currency == usd })
        #expect(row.ledgerGross == row.journalGross + 499)
        #expect(!row.isEqual)
        #expect(TemplateValue.object(SandboxPage.context(data))["all_equal"]?.flag == false)
        #expect(TemplateValue.object(IndexPage.context(data))["sandbox_clean"]?.flag == false)
        let pages = try ReportFixture.pages(data)
        #expect(pages["sandbox.html"]?.contains("✘ The production ledger and the production transactions disagree") == true)
        #expect(pages["index.html"]?.contains(#"<div class="value fail">✘ check</div>"#) == true)
    }
}
