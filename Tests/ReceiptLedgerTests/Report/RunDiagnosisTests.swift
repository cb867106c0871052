import Foundation
import Testing
@testable import ReceiptLedger

/// Issue 25 "no silent money": unpriced production sales are named per product, with the close
/// catalog id of a typo and what they would be, on stderr's words and first on the overview.
@Suite struct RunDiagnosisTests {
    static let t0: Int64 = 1_736_467_200_000  // 2025-01-10T00:00:00Z
    static let day: Int64 = 86_400_000

    /// `pro_yarly` is the catalog's typo for the `pro_yearly` sold; `gems` is priced only from
    /// March, after its January sales (one of them at the intro price); `stickers` has no row.
    static let catalogCSV = """
    product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price
    pro_yarly,auto_renewable,USD,39.99,,0.85,
    coins,consumable,USD,0.99,,,
    gems,consumable,USD,5.99,2025-03-01,,1.99

    """

    static var rows: [ArrayRecordSource.Row] {
        typealias A = AnswerBuilder
        let yearly = (1...3).map { A.transaction("y\($0)", product: "pro_yearly", purchaseMs: t0 + Int64($0) * day) }
        return [
            A.row(1, at: t0 + 5 * day, A.answer(inApp: yearly)),
            A.row(2, user: "u2", at: t0 + 6 * day, A.answer(inApp: [
                A.transaction("c1", product: "coins", purchaseMs: t0 + 6 * day),
                A.transaction("g1", product: "gems", purchaseMs: t0 + 6 * day),
                A.transaction("g2", product: "gems", purchaseMs: t0 + 6 * day, fields: ["is_in_intro_offer_period": "\"true\""]),
                A.transaction("s1", product: "stickers", purchaseMs: t0 + 6 * day),
            ])),
            A.row(3, user: "u3", at: t0 + 7 * day, A.answer(environment: "Sandbox", inApp: [
                A.transaction("sandbox1", product: "pro_yearly", purchaseMs: t0 + 7 * day),
            ])),
        ]
    }

    static func data(catalog catalogCSV: String? = catalogCSV) throws -> ReportData {
        let catalog = try catalogCSV.map { try CatalogReader.parse($0, path: "catalog.csv") } ?? .empty
        var data = try ReportFixture.reportData(rows, catalog: catalog) { $0.catalogPath = catalogCSV == nil ? nil : "catalog.csv" }
        data.diagnosis = RunDiagnosis(journal: data.journal, catalog: catalog, options: data.options, inputHeader: [])
        return data
    }

    @Test func catalogTypoNamesTheCatalogIDAndWhatTheSalesWouldBe() throws {
        let diagnosis = try Self.data().diagnosis
        #expect(diagnosis.unpriced.map(\.productID) == ["pro_yearly", "gems", "stickers"])
        #expect(diagnosis.unpricedTransactions == 6)
        #expect(diagnosis.warnings.map(\.line) == [
            "warning: 3 production transactions of pro_yearly (3 units) have no catalog row in effect (unpriced); the catalog's pro_yarly is never sold: did you mean pro_yearly? At 39.99 USD they would be 119.97 USD",
            "warning: 2 production transactions of gems (2 units) have no catalog row in effect (unpriced); bought before its first catalog row, from 2025-03-01; at the catalog's prices they would be 7.98 USD",
            "warning: 1 production transaction of stickers (1 unit) has no catalog row in effect (unpriced): the catalog has no row for this product",
        ])
        #expect(diagnosis.warnings.map(\.kind) == [.unpricedProduct, .unpricedProduct, .unpricedProduct])
        let yearly = try #require(diagnosis.unpriced.first)
        #expect(yearly.basis == .closeSpelling("pro_yarly"))
        #expect(yearly.wouldBe == [Money(minorUnits: 11_997, currency: Currency(code: "USD"))])
        #expect(diagnosis.unpriced[1].basis == .firstRow(effectiveFrom: UnixMillis(1_740_787_200_000)))
        #expect(diagnosis.unpriced[2].wouldBe.isEmpty)
    }

    @Test func overviewOpensWithTheUnpricedSalesBeforeAnyMoney() throws {
        let html = try #require(try ReportFixture.pages(try Self.data())["index.html"])
        let warnings = try #require(html.range(of: "<h2 id=\"warnings\">Check before using these figures</h2>"))
        let glance = try #require(html.range(of: "At a glance"))
        #expect(warnings.upperBound < glance.lowerBound)
        #expect(html.contains("<li class=\"unpriced_product\">3 production transactions of pro_yearly (3 units) have no catalog row in effect (unpriced); the catalog&#39;s pro_yarly is never sold: did you mean pro_yearly? At 39.99 USD they would be 119.97 USD</li>"))
        #expect(html.contains("<caption>Production transactions without a price (6 transactions): in no figure of this report</caption>"))
        #expect(html.contains("<tr><td class=\"code\">pro_yearly</td><td class=\"num\">3</td><td class=\"num\">3</td><td>119.97 USD at 39.99 USD</td><td>the catalog&#39;s pro_yarly is never sold: did you mean pro_yearly?</td></tr>"))
        #expect(html.contains("<tr><td class=\"code\">stickers</td><td class=\"num\">1</td><td class=\"num\">1</td><td>—</td><td>the catalog has no row for this product</td></tr>"))
    }

    @Test func withoutACatalogTheOverviewSaysNothingIsPriced() throws {
        let data = try Self.data(catalog: nil)
        #expect(data.diagnosis.warnings == [RunWarning(kind: .noCatalog, message:
            "no catalog was given: 8 transactions were booked but none is priced (give --catalog FILE)")])
        #expect(data.diagnosis.unpricedTransactions == 7)  // coins too; the sandbox purchase is not counted
        let html = try #require(try ReportFixture.pages(data)["index.html"])
        #expect(html.contains("<li class=\"no_catalog\">No catalog was given: 8 transactions were booked but none is priced (give --catalog FILE)</li>"))
        #expect(html.contains("<p class=\"note\">No catalog was given: 8 transactions were booked but none is priced.</p>"))
        #expect(!html.contains("No production money in this input."))
        #expect(html.contains("<td>—</td><td>no catalog was given</td>"))
    }

    @Test func aFullyPricedRunHasNoWarningsAndNoBlock() throws {
        let catalog = Self.catalogCSV + "pro_yearly,auto_renewable,USD,39.99,,0.85,\nstickers,consumable,USD,1.99,,,\ngems,consumable,USD,4.99,,,\n"
        let data = try Self.data(catalog: catalog)
        #expect(data.diagnosis.warnings.isEmpty)
        #expect(data.diagnosis.unpriced.isEmpty)
        let html = try #require(try ReportFixture.pages(data)["index.html"])
        #expect(!html.contains("id=\"warnings\""))
    }

    /// A catalog of 12 products forgotten: 10 lines name one each, one line counts the rest.
    @Test func manyUnpricedProductsShareOneLineAfterTheFirstTen() throws {
        typealias A = AnswerBuilder
        let sales = (1...12).map { A.transaction("p\($0)", product: "product_\(String(format: "%02d", $0))", purchaseMs: Self.t0) }
        let catalog = try CatalogReader.parse("product_id,product_type,currency,price\ncoins,consumable,USD,0.99\n", path: "c.csv")
        let data = try ReportFixture.reportData([A.row(1, at: Self.t0, A.answer(inApp: sales))], catalog: catalog)
        let diagnosis = RunDiagnosis(journal: data.journal, catalog: catalog, options: data.options, inputHeader: [])
        #expect(diagnosis.warnings.count == 11)
        #expect(diagnosis.warnings[0].message == "1 production transaction of product_01 (1 unit) has no catalog row in effect (unpriced): the catalog has no row for this product")
        #expect(diagnosis.warnings[10] == RunWarning(kind: .moreUnpricedProducts, message:
            "2 production transactions of 2 other products have no catalog row in effect (unpriced): see the overview"))
    }
}
