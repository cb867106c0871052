import Testing
@testable import ReceiptLedger

/// Issue 25's views: dates in the report's zone, period tables per currency with their dates,
/// change against the previous period and year to date, product × period, top users,
/// drill-down to the transactions, and charts that show refunds and units.
@Suite struct FinanceViewsTests {
    typealias A = AnswerBuilder
    static let purchase = UnixMillis(1_719_808_624_620)  // 2024-07-01T04:37:04.620Z

    // MARK: Dates

    @Test(arguments: [
        ("America/Los_Angeles", 1_719_808_624_620, "2024-06-30 21:37 PDT"),
        ("America/Los_Angeles", 1_705_320_000_000, "2024-01-15 04:00 PST"),
        ("UTC", 1_719_808_624_620, "2024-07-01 04:37 UTC"),
        ("Asia/Kolkata", 1_719_808_624_620, "2024-07-01 10:07 IST"),
        ("Asia/Dubai", 1_719_808_624_620, "2024-07-01 08:37 UTC+04:00"),
        ("America/Sao_Paulo", 1_719_808_624_620, "2024-07-01 01:37 UTC−03:00"),
    ] as [(String, Int64, String)])
    func instantsReadInTheReportsZone(zone: String, millis: Int64, shown: String) throws {
        #expect(DateDisplay(zone: try ZoneRules(identifier: zone)).instant(UnixMillis(millis)) == shown)
    }

    @Test func zoneAbbreviationsComeFromTheRule() throws {
        let rule = try #require(PosixTZRule("PST8PDT,M3.2.0,M11.1.0"))
        #expect([rule.standardName, rule.daylightName] == ["PST", "PDT"])
        let quoted = try #require(PosixTZRule("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"))
        #expect([quoted.standardName, quoted.daylightName] == ["+1030", "+11"])
        #expect(ZoneRules.abbreviations(footer: "PST8PDT,M3.2.0,M11.1.0") == [-28_800_000: "PST", -25_200_000: "PDT"])
        #expect(ZoneRules.abbreviations(footer: "<+04>-4") == [:])
        #expect(try ZoneRules(identifier: "America/Los_Angeles").abbreviations == [-28_800_000: "PST", -25_200_000: "PDT"])
    }

    @Test func pageHeadersShowAsOfInTheReportsZone() throws {
        let data = try ReportFixture.reportData { $0.timeZone = "America/Los_Angeles" }
        let pages = try ReportFixture.pages(data)
        for (name, html) in pages {
            #expect(html.contains("<span>as of 2025-02-13 16:00 PST</span>"), "\(name)")
            #expect(!html.contains("T00:00:00.000Z"), "\(name)")
        }
        #expect(pages["index.html"]?.contains("the period of the latest record (2025-02-13)") == true)
    }

    // MARK: Period tables

    @Test func periodTablesGoDownOneCurrencyWithChangeAndYearToDate() throws {
        let data = try ReportFixture.reportData()
        let tables = PeriodViews.currencyTables(data, environment: .production, drillDown: DrillDown(data))
        #expect(tables.map { $0["currency"]?.text } == ["JPY", "USD"])
        let usd = try #require(tables.last)
        let lines = try #require(usd["lines"]?.elements)
        func fields(_ line: TemplateValue) -> [String?] {
            ["period", "gross", "refund", "net", "change", "change_percent", "ytd_net"].map { line[$0]?.text }
        }
        #expect(lines.map(fields) == [
            ["2025-02", "4.99", "9.99", "−5.00", "−14.99", "−150.1%", "4.99"],
            ["2025-01", "29.97", "19.98", "9.99", "—", "—", "9.99"],
        ])
        #expect(usd["total"]?["net"]?.text == "4.99")
        #expect(usd["show_dates"]?.flag == false)
        let jpy = try #require(tables.first?["lines"]?.elements)
        #expect(jpy.map(fields) == [["2025-02", "120", "0", "120", "—", "—", "120"]])
        let html = try #require(try ReportFixture.pages(data)["ledger_period.html"])
        #expect(html.contains("<h3>JPY per period</h3>"))
        #expect(html.contains("<td class=\"num neg\">−14.99</td><td class=\"num neg\">−150.1%</td><td class=\"num\">4.99 <span class=\"note\">2025</span></td>"))
    }

    @Test func yearToDateStartsAgainWithTheYearAndEmptyPeriodsShow() throws {
        let rows = [ChartsTests.sale(1, at: 1_734_652_800_000), ChartsTests.sale(2, at: 1_738_713_600_000)]  // 2024-12-20, 2025-02-05
        let data = try ReportFixture.reportData(rows, catalog: A.catalog)
        let lines = try #require(PeriodViews.lines(data, environment: .production).first?.lines)
        #expect(lines.map(\.period) == ["2024-12", "2025-01", "2025-02"])
        #expect(lines.map(\.year) == ["2024", "2025", "2025"])
        #expect(lines.map(\.netYearToDate) == [4_999, 0, 4_999])
        #expect(lines.map(\.change) == [nil, -4_999, 4_999])
        #expect(lines.map(\.changeTenthsOfPercent) == [nil, -1_000, nil])
        #expect(PeriodViews.percentText(-1_000) == "−100.0%")
        #expect(PeriodViews.percentText(125) == "+12.5%")
        #expect(PeriodViews.percentText(0) == "0.0%")
    }

    @Test func weeksAndFiscalPeriodsShowTheirFirstAndLastDay() throws {
        let weekly = try ReportFixture.reportData { $0.period = .week }
        let weeks = try #require(PeriodViews.lines(weekly, environment: .production).last?.lines)  // USD
        #expect(weeks.first { $0.period == "2025-W02" }?.days.map(DateDisplay.days) == "2025-01-06 – 2025-01-12")
        #expect(weekly.periods.labelsNeedDates)
        let fiscal = try ReportFixture.reportData { $0.calendar = .appleFiscal }
        let months = try #require(PeriodViews.lines(fiscal, environment: .production).last?.lines)
        #expect(months.map(\.period) == ["2025-01", "2025-02"])
        #expect(months.first?.days.map(DateDisplay.days) == "2024-12-29 – 2025-02-01")
        #expect(months.map(\.year) == ["FY2025", "FY2025"])
        let html = try #require(try ReportFixture.pages(fiscal)["ledger_period.html"])
        #expect(html.contains("<tr><td>2025-01</td><td class=\"dates\">2024-12-29 – 2025-02-01</td>"))
        let monthly = try ReportFixture.reportData()
        #expect(!monthly.periods.labelsNeedDates)
    }

    // MARK: Product × period, top users

    @Test func productByPeriodTableShowsNetPerProductLargestFirst() throws {
        let data = try ReportFixture.reportData()
        let usd = try #require(LedgerViews.productMatrix(data).last)
        #expect(usd["currency"]?.text == "USD")
        #expect(usd["periods"]?.elements.map { $0["period"]?.text } == ["2025-01", "2025-02"])
        let products = try #require(usd["products"]?.elements)
        #expect(products.map { $0["product"]?.text } == ["monthly", ReportFixture.imageProduct])
        #expect(products.map { ($0["cells"]?.elements ?? []).map { $0["net"]?.text } } == [["0.00", "4.99"], ["9.99", "−9.99"]])
        #expect(products.map { $0["all"]?["net"]?.text } == ["4.99", "0.00"])
        #expect(usd["period_totals"]?.elements.map { $0["net"]?.text } == ["9.99", "−5.00"])
        #expect(usd["all_total"]?["net"]?.text == "4.99")
        #expect(try ReportFixture.pages(data)["ledger_product.html"]?.contains("Net per product and period · Production USD") == true)
    }

    @Test func topUsersOverAllTimeRankByNetThenGross() throws {
        let data = try ReportFixture.reportData()
        let tables = LedgerViews.topUsersTables(data)
        #expect(tables.map { $0["currency"]?.text } == ["JPY", "USD"])
        let usd = try #require(tables.last?["users"]?.elements)
        #expect(usd.map { [$0["rank"]?.text, $0["user"]?.text, $0["net"]?.text, $0["gross"]?.text, $0["periods"]?.text] } == [
            ["1", "<b>bold</b> & co", "4.99", "4.99", "1"],
            ["2", ReportFixture.titleUser, "0.00", "19.98", "1"],
            ["3", ReportFixture.scriptUser, "0.00", "9.99", "2"],
        ])
        #expect(tables.first?["users"]?.elements.map { $0["user"]?.text } == ["u_jp"])
    }

    /// More users than the page shows: the 20 it keeps as the entries pass are the first 20 of
    /// a full sort, ties on net and gross broken by the user's id.
    @Test func topUsersAreTheFirstOfAFullSortWhenMoreThanShown() throws {
        // User "u<k>" buys k % 7 + 1 coins packs, in an order unrelated to the ranking.
        var rows: [ArrayRecordSource.Row] = []
        var id: Int64 = 0
        for k in [17, 3, 29, 10, 0, 24, 8, 31, 14, 5, 21, 1, 27, 12, 19, 6, 33, 2, 25, 9, 30, 15, 4, 22, 11, 28, 7, 18, 32, 13, 26, 16, 20, 23] {
            for _ in 0...(k % 7) {
                id += 1
                rows.append(ChartsTests.sale(id, at: ChartsTests.jan + id * 3_600_000, product: "coins", user: "u\(k)"))
            }
        }
        let data = try ReportFixture.reportData(rows, catalog: A.catalog)
        let users = try #require(LedgerViews.topUsersTables(data).first?["users"]?.elements)
        let expected = (0..<34).sorted { l, r in l % 7 != r % 7 ? l % 7 > r % 7 : "u\(l)".utf8.lexicographicallyPrecedes("u\(r)".utf8) }
        #expect(users.map { $0["user"]?.text } == expected.prefix(LedgerViews.topUsers).map { "u\($0)" })
        #expect(users.map { $0["periods"]?.text } == Array(repeating: "1", count: LedgerViews.topUsers))
        #expect(LedgerViews.topUsersTables(data).first?["user_count"]?.text == "34")
    }

    // MARK: Drill-down

    @Test func ledgerFiguresLinkToTheTransactionsBehindThem() throws {
        let data = try ReportFixture.reportData()
        let pages = try ReportFixture.pages(data)
        let period = try #require(pages["ledger_period.html"])
        #expect(period.contains("<a href=\"transactions.html#s-Production-2025-01-USD\">29.97</a>"))
        #expect(period.contains("<a href=\"transactions.html#r-Production-2025-02-USD\">9.99</a>"))
        #expect(pages["ledger_product.html"]?.contains("<a href=\"transactions.html#s-Production-2025-02-USD\">4.99</a>") == true)
        let transactions = try #require(pages["transactions.html"])
        #expect(transactions.contains("<h3 id=\"s-Production-2025-01-USD\">Sales USD: 3 transactions, gross 29.97 USD</h3>"))
        #expect(transactions.contains("<h3 id=\"r-Production-2025-01-USD\">Refunds USD: 2 transactions, 19.98 USD given back</h3>"))
        #expect(transactions.contains("<h3 id=\"r-Production-2025-02-USD\">Refunds USD: 1 transactions, 9.99 USD given back</h3>"))
        #expect(transactions.contains("<td><span class=\"code\">1</span> <a href=\"glossary.html#cancellation-1\">Issue in the app</a></td>"))
        #expect(transactions.contains("<h3 id=\"s-Sandbox-2025-01-USD\">"))
        // Every link of the ledger pages has its anchor on the transactions page.
        for name in ["ledger_period.html", "ledger_product.html", "ledger_user.html"] {
            let html = try #require(pages[name])
            for match in html.matches(of: /href="transactions\.html#([^"]+)"/) {
                #expect(transactions.contains("id=\"\(match.1)\""), "\(name): \(match.1)")
            }
        }
    }

    @Test func transactionTablesAreCappedAndSayHowToFindTheRest() throws {
        let rows = (1...60).map { ChartsTests.sale(Int64($0), at: ChartsTests.jan + Int64($0) * 3_600_000, product: "coins", user: "u\($0)") }
        let data = try ReportFixture.reportData(rows, catalog: A.catalog)
        #expect(DrillDown(data).perTable == 50)
        let html = try #require(try ReportFixture.pages(data)["transactions.html"])
        #expect(html.contains("<h3 id=\"s-Production-2024-01-USD\">Sales USD: 60 transactions, gross 59.40 USD</h3>"))
        #expect(html.contains("<p class=\"capped\">The largest 50 of 60; all are in <a href=\"transactions.csv\">transactions.csv</a> "
                              + "with environment Production, period_sold 2024-01, currency USD and counted true.</p>"))
        #expect(html.components(separatedBy: "<tr><td class=\"code\">t").count - 1 == 50)
    }

    @Test func drillDownListsTheNewestPeriodsWithinABudget() throws {
        let rows = (0..<130).map { ChartsTests.sale(Int64($0 + 1), at: ChartsTests.jan + Int64($0) * ChartsTests.day) }
        let data = try ReportFixture.reportData(rows, catalog: A.catalog) { $0.period = .day }
        let drillDown = DrillDown(data)
        #expect(drillDown.listed.count == DrillDown.maximumPeriods)
        #expect(drillDown.isListed(.production, "2024-05-09"))  // the 130th day
        #expect(!drillDown.isListed(.production, "2024-01-10"))  // the 10th: older than the newest 120
        #expect(drillDown.perTable == 25)  // 3,000 rows over 120 tables
    }

    // MARK: Charts

    @Test func periodChartsShowRefundsOnTheirOwnScaleWithUnits() throws {
        let charts = Charts.periodCharts(try ReportFixture.reportData())
        #expect(charts.map { $0["currency"]?.text } == ["JPY", "USD"])
        let usd = try #require(charts.last?["svg"]?.text)
        #expect(usd.contains(">Production USD per month: gross and net (gross − refunds)</text>"))
        #expect(usd.contains(">Production USD refunded per month (own scale)</text>"))
        #expect(usd.contains("<title>2025-01 · Refunds: 19.98 USD</title>"))
        #expect(usd.contains(#"class="axis-unit""#) && usd.contains(">USD</text>"))
        #expect(usd.contains(">month · UTC</text>"))
        let jpy = try #require(charts.first?["svg"]?.text)
        #expect(!jpy.contains("refunded per month"))  // no refunds: no refund panel
    }

    @Test func dailyPeriodsAreChartedPerWeek() throws {
        let rows = (0..<200).map { ChartsTests.sale(Int64($0 + 1), at: ChartsTests.jan + Int64($0) * ChartsTests.day, product: "coins") }
        let data = try ReportFixture.reportData(rows, catalog: A.catalog) { $0.period = .day }
        let svg = try #require(Charts.periodCharts(data).first?["svg"]?.text)
        #expect(svg.contains(">Production USD per week: gross and net (gross − refunds)</text>"))
        #expect(svg.contains("<title>2024-W01 · Gross: 6.93 USD</title>"))  // 2024-01-01 … 07, one 0.99 sale a day
        #expect(svg.contains(">week, each the sum of its days (200 are too many bars to read) · UTC</text>"))
        #expect(svg.components(separatedBy: "<rect class=\"bar gross\"").count - 1 == 29)  // 2024-W01 … 2024-W29
    }

    @Test func theLastCategoryLabelIsNotCut() {
        let chart = SVGChart.groupedBars(
            title: "t", categories: ["2024-01-01", "2024-01-02", "2024-01-03"],
            series: [(name: "Gross", values: [100, 200, 300], cssClass: "gross")],
            valueFormatter: { String($0) }, width: 200, height: 200)
        #expect(chart.contains(##"<text class="label" x="198" y="189" text-anchor="end" fill="#333333">2024-01-03</text>"##))
        #expect(chart.contains(##"<text class="label" x="65" y="189" text-anchor="middle" fill="#333333">2024-01-01</text>"##))
    }
}
