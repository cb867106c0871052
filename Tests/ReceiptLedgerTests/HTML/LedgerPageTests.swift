import Testing
@testable import ReceiptLedger

/// The ledger pages: totals first, newest period first, capped with a pointer to the CSV.
@Suite struct LedgerPageTests {
    typealias A = AnswerBuilder

    @Test func thousandsOfRowsAreCappedWithAPointerToTheCSV() throws {
        let t0 = ChartsTests.jan
        let rows = (1...(HTMLReport.rowCap + 5)).map { n in
            ChartsTests.sale(Int64(n), at: t0 + Int64(n) * 3_600_000, product: "coins", user: "user\(n)")
        }
        let data = try ReportFixture.reportData(rows, catalog: A.catalog)
        let page = TemplateValue.object(LedgerPage.context(data, ledger: data.ledgers.byUser, csv: LedgerFiles.userName))
        let production = try #require(page["sections"]?[0])
        #expect(production["rows"]?.elements.count == HTMLReport.rowCap)
        #expect(production["capped"]?.flag == true)
        #expect(production["total_rows"]?.text == "205")
        let html = try #require(try ReportFixture.pages(data)["ledger_user.html"])
        #expect(html.contains(#"Showing the newest 200 of 205 rows; every row is in <a href="ledger_user.csv">ledger_user.csv</a>."#))
    }

    @Test func totalsComeFirstThenTheNewestPeriod() throws {
        let data = try ReportFixture.reportData()
        let page = TemplateValue.object(LedgerPage.context(data, ledger: data.ledgers.byPeriod, csv: LedgerFiles.periodName))
        let production = try #require(page["sections"]?[0])
        #expect(production["totals"]?.elements.map { $0["currency"]?.text } == ["JPY", "USD"])
        #expect(production["rows"]?.elements.map { "\($0["label"]?.text ?? "") \($0["currency"]?.text ?? "")" }
                == ["2025-02 JPY", "2025-02 USD", "2025-01 USD"])
        #expect(production["rows"]?[2]?["group_start"]?.flag == true)
        let sandbox = try #require(page["sections"]?[1])
        #expect(sandbox["is_sandbox"]?.flag == true)
        let html = try #require(try ReportFixture.pages(data)["ledger_period.html"])
        let total = try #require(html.range(of: #"<tr class="total">"#))
        let firstRow = try #require(html.range(of: "<td>2025-02</td>"))
        #expect(total.lowerBound < firstRow.lowerBound)
        #expect(html.contains(#"Sandbox <span class="badge sandbox">not revenue</span>"#))
    }
}
