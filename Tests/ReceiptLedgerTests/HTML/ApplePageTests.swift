import Foundation
import Testing
@testable import ReceiptLedger

/// `apple.html` and the index's line (SPEC §10): differences first, largest first, each with its
/// transactions and the normal differences in plain words; a run writes the page only with Apple files.
@Suite struct ApplePageTests {
    typealias F = AppleReportFixtures
    typealias R = AppleReconciliationTests

    /// 2024-03-05 Pacific: Apple has coins 2 (ours 2, one bought 23:55 PST: but they match), gems 1 (ours 0),
    /// pro 3 (ours 1), cards 1 at 1.99 (ours 1 at 0.99); ours has hats 1 (Apple none), bought 00:04 PST.
    static func reconciliation() throws -> AppleReconciliation {
        let reports = try R.sales([
            F.purchase("coins", units: "2", begin: "03/05/2024"),
            F.purchase("gems", units: "1", begin: "03/05/2024"),
            F.purchase("pro", units: "3", begin: "03/05/2024"),
            F.purchase("cards", units: "1", proceeds: "1.39", price: "1.99", begin: "03/05/2024"),
        ])
        let transactions = [
            R.sale("c1", "coins", at: R.utc(2024, 3, 5, 20)), R.sale("c2", "coins", at: R.utc(2024, 3, 6, 7, 55)),
            R.sale("p1", "pro", at: R.utc(2024, 3, 5, 18)),
            R.sale("k1", "cards", at: R.utc(2024, 3, 5, 19)),
            R.sale("h1", "hats", at: R.utc(2024, 3, 5, 8, 4)),
        ]
        return AppleReconciliation(transactions: transactions, reports: reports)
    }

    @Test func differencesComeFirstLargestFirstThenTheMatches() throws {
        let keys = ApplePage.keys(try Self.reconciliation())
        #expect(keys.map { "\($0.units.productID) \($0.finding.rawValue) \($0.units.difference)" } == [
            "pro units_differ -2", "gems apple_only -1", "hats ours_only 1", "cards amount_differs 0", "coins match 0",
        ])
        #expect(keys.map(\.units.transactions) == [["p1"], [], ["h1"], ["k1"], ["c1", "c2"]])
    }

    @Test func theSummarySaysByHowMuchTheBooksDoNotTie() throws {
        let summary = ApplePage.summary(try Self.reconciliation())
        #expect(summary.keys == 5 && summary.matching == 1 && summary.unitsDiffering == 4)
        #expect(summary.grossDiffering == [R.usd(1 * 99 + 2 * 99 + 99 + 100)])
        #expect(summary.sentence == "Books do not tie: 4 units and 4.96 USD differ over 4 keys (of 5); see apple.html.")
        let tied = ApplePage.Summary(keys: 3, matching: 3, unitsDiffering: 0, grossDiffering: [])
        #expect(tied.sentence == "Books tie to Apple's reports: 3 of 3 keys match.")
    }

    @Test func notesSayTheNormalDifferencesNextToTheirFigures() throws {
        let keys = ApplePage.keys(try Self.reconciliation())
        let purchases = ["h1": R.utc(2024, 3, 5, 8, 4), "p1": R.utc(2024, 3, 5, 18)]
        let hats = try #require(keys.first { $0.units.productID == "hats" })
        #expect(ApplePage.notes(hats, purchases: purchases) == [
            "We booked units Apple does not report: a sandbox purchase stored as production, a replayed or forged record, or a sale Apple has not collected yet.",
            "1 purchase within 10 minutes of a Pacific midnight (h1): Apple may count it on the neighbouring day; compare that day's row.",
        ])
        let gems = try #require(keys.first { $0.units.productID == "gems" })
        #expect(ApplePage.notes(gems, purchases: purchases).last?.hasPrefix("Family sharing:") == true)
        let coins = try #require(keys.first { $0.units.productID == "coins" })
        #expect(ApplePage.notes(coins, purchases: purchases) == [])
    }

    @Test func aConsumableRefundAppleShowsIsExplained() throws {
        let reports = try R.sales([F.purchase("coins", units: "-1", begin: "03/05/2024")])
        let reconciliation = AppleReconciliation(transactions: [], reports: reports)
        let key = try #require(ApplePage.keys(reconciliation).first)
        #expect(key.finding == .appleOnly)
        #expect(ApplePage.notes(key, purchases: [:]).contains(
            "Apple reports returns no receipt shows: a refunded consumable leaves the receipt, so the server never sees its refund."))
    }

    /// The run with one daily sales report: apple.html with the difference first and its transaction, the index's line first.
    @Test func aRunWritesTheApplePageAndTheIndexLine() throws {
        let folder = try HostileSupport.temporaryFolder("apple-page")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = try Self.runWithReport(folder)
        let page = try String(contentsOfFile: out + "/apple.html", encoding: .utf8)
        #expect(page.contains("✘ Books do not tie: 1 unit and 0.99 USD differ over 1 key (of 2); see apple.html."))
        let ours = try #require(page.range(of: "<td>sales</td><td>2024-01-02</td>"))
        let match = try #require(page.range(of: "<td>sales</td><td>2023-12-31</td>"))
        #expect(ours.lowerBound < match.lowerBound)
        #expect(page.contains("<div class=\"code\">1002 </div>"))
        #expect(page.contains("Purchases within minutes of a Pacific midnight."))
        // Each finding links to its plain-language entry in the glossary.
        #expect(page.contains("<a href=\"glossary.html#apple-match\"><span class=\"ok\">✔ match</span></a>"))
        let glossary = try String(contentsOfFile: out + "/glossary.html", encoding: .utf8)
        #expect(glossary.contains("<tr id=\"apple-ours_only\">"))
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let line = try #require(index.range(of: "Books do not tie: 1 unit and 0.99 USD differ over 1 key (of 2); see apple.html."))
        #expect(index.range(of: "<main>").map { $0.upperBound < line.lowerBound } == true)
        #expect(index.range(of: "At a glance").map { line.upperBound < $0.lowerBound } == true)
        #expect(index.contains("<a href=\"apple.html\">Apple&#39;s reports</a>"))
    }

    @Test func withoutAppleReportsNoPageNorLine() throws {
        let folder = try HostileSupport.temporaryFolder("apple-page")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        #expect(AppleReportRunTests.run(["run", "--ndjson", try AppleReportRunTests.input(folder), "--out", out]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/apple.html"))
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(!index.contains("Apple"))
    }

    /// Records 1000, 1001 (2023-12-31 Pacific) and 1002 (2024-01-02); a sales report of 2023-12-31 (2 units) and 2024-01-02 (none).
    static func runWithReport(_ folder: String) throws -> String {
        let records = try AppleReportRunTests.input(folder)
        let report = folder + "/S_D.txt"
        try F.salesFile([
            F.purchase(AppleReportRunTests.coins, units: "2", proceeds: "0.69", begin: "12/31/2023"),
            F.purchase("other", units: "0", proceeds: "0", price: "0", begin: "01/02/2024", type: "1F"),
        ]).write(toFile: report, atomically: true, encoding: .utf8)
        let out = folder + "/out"
        let result = AppleReportRunTests.run(["run", "--ndjson", records, "--catalog", HostileSupport.fuzzCatalogPath, "--out", out,
                                              "--apple-sales", report])
        #expect(result.code == 0, "\(result.message ?? "")")
        return out
    }
}
