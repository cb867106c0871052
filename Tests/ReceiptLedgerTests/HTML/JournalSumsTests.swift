import Testing
@testable import ReceiptLedger

/// The pages' sums over the journal, taken in one pass (`JournalSums`), on the report fixture:
/// production t1, t2, t3 (9.99 USD each, all refunded), t5 (4.99 USD), t6 (120 JPY, a
/// consumable); sandbox s1 (4.99 USD).
@Suite struct JournalSumsTests {
    @Test func sumsOfTheFixture() throws {
        let sums = JournalSums(try ReportFixture.reportData().journal.transactions)
        let (usd, jpy) = (Currency(code: "USD"), Currency(code: "JPY"))
        #expect(sums.production.count == 2)
        #expect(sums.production[usd]?.gross == 3496)
        #expect(sums.production[usd]?.refunds == 2997)
        #expect(sums.production[jpy]?.gross == 120)
        #expect(sums.production[jpy]?.refunds == 0)
        #expect(sums.sandboxCount == 1)
        #expect(sums.sandboxSales.count == 1)
        #expect(sums.sandboxSales[usd]?.count == 1)
        #expect(sums.sandboxSales[usd]?.gross == 499)
        #expect(sums.productionUnits.count == 3)
        #expect(sums.productionUnits[ReportFixture.imageProduct]?.sold == 3)
        #expect(sums.productionUnits[ReportFixture.imageProduct]?.refunded == 3)
        #expect(sums.productionUnits["monthly"]?.sold == 1)
        #expect(sums.productionUnits["monthly"]?.refunded == 0)
        #expect(sums.productionUnits["coins_jp"]?.sold == 1)
        #expect(sums.consumableProducts == ["coins_jp"])
        #expect(sums.consumableSold)
        #expect(sums.consumableSoldInProduction)
    }

    @Test func noConsumableNoSandbox() {
        let sums = JournalSums([])
        #expect(sums.production.isEmpty && sums.sandboxSales.isEmpty && sums.productionUnits.isEmpty)
        #expect(sums.sandboxCount == 0)
        #expect(sums.consumableProducts.isEmpty)
        #expect(!sums.consumableSold && !sums.consumableSoldInProduction)
    }
}
