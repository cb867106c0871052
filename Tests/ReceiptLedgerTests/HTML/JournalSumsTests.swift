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

    /// Units are quantities, refunds count only refunded sales, and sandbox sales stay apart.
    @Test func quantitiesRefundsAndSandboxSales() throws {
        typealias A = AnswerBuilder
        let (t0, day) = (ReportFixture.t0, ReportFixture.day)
        let rows = [
            A.row(1, user: "u1", at: t0, claimed: "Production", A.answer(inApp: [
                A.transaction("p1", product: "coins_jp", purchaseMs: t0, fields: ["quantity": "\"3\""]),
                A.transaction("p2", product: "monthly", purchaseMs: t0, expiresMs: t0 + 30 * day,
                              fields: ["quantity": "\"2\"", "cancellation_date_ms": "\"\(t0 + day)\""]),
            ])),
            A.row(2, user: "u2", at: t0 + day, claimed: "Sandbox", A.answer(environment: "Sandbox", inApp: [
                A.transaction("s1", product: "coins_jp", purchaseMs: t0 + day, fields: ["quantity": "\"5\""]),
            ])),
        ]
        let sums = JournalSums(try A.journal(rows, catalog: ReportFixture.catalog).journal.transactions)
        let (usd, jpy) = (Currency(code: "USD"), Currency(code: "JPY"))
        #expect(sums.production[jpy]?.gross == 360)
        #expect(sums.production[jpy]?.refunds == 0)
        #expect(sums.production[usd]?.gross == 998)
        #expect(sums.production[usd]?.refunds == 998)
        #expect(sums.productionUnits["coins_jp"]?.sold == 3)
        #expect(sums.productionUnits["coins_jp"]?.refunded == 0)
        #expect(sums.productionUnits["monthly"]?.sold == 2)
        #expect(sums.productionUnits["monthly"]?.refunded == 2)
        #expect(sums.sandboxCount == 1)
        #expect(sums.sandboxSales[jpy]?.count == 1)
        #expect(sums.sandboxSales[jpy]?.gross == 600)
        #expect(sums.consumableProducts == ["coins_jp"])
    }

    @Test func noConsumableNoSandbox() {
        let sums = JournalSums([])
        #expect(sums.production.isEmpty && sums.sandboxSales.isEmpty && sums.productionUnits.isEmpty)
        #expect(sums.sandboxCount == 0)
        #expect(sums.consumableProducts.isEmpty)
        #expect(!sums.consumableSold && !sums.consumableSoldInProduction)
    }
}
