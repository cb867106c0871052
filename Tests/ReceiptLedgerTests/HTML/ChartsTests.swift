import Testing
@testable import ReceiptLedger

/// The report's charts: every period on the axis, refunds legible.
@Suite struct ChartsTests {
    typealias A = AnswerBuilder
    static let day = ReportFixture.day
    static let jan: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z

    static func sale(_ id: Int64, at instant: Int64, product: String = "lifetime", user: String = "u") -> ArrayRecordSource.Row {
        A.row(id, user: user, at: instant, A.answer(inApp: [A.transaction("t\(id)", product: product, purchaseMs: instant)]))
    }

    @Test func periodAxisHoldsEveryPeriodBetweenTheFirstAndTheLast() throws {
        let rows = [Self.sale(1, at: Self.jan + 5 * Self.day), Self.sale(2, at: Self.jan + 100 * Self.day)]
        let data = try ReportFixture.reportData(rows, catalog: A.catalog)
        #expect(Charts.periodAxis(data, labels: ["2024-01", "2024-04"]) == ["2024-01", "2024-02", "2024-03", "2024-04"])
        let chart = try #require(Charts.periodCharts(data).first?["svg"]?.text)
        #expect(chart.contains(">2024-02</text>"))
        #expect(chart.contains("<title>2024-03 · Gross: 0.00 USD</title>"))
        let weeks = try ReportFixture.reportData(rows, catalog: A.catalog) { $0.period = .week }
        #expect(Charts.periodAxis(weeks, labels: []).count == 15)  // 2024-W01 … 2024-W15
    }

    /// The axis runs from the first production sale to the last refund's cancellation, also when
    /// refunds are booked in the sale's period; Sandbox and unpriced sales do not stretch it.
    @Test func theAxisSpansProductionSalesAndRefundCancellations() throws {
        let refunded = A.transaction("t2", product: "lifetime", purchaseMs: Self.jan + 40 * Self.day,
                                     fields: ["cancellation_date_ms": "\"\(Self.jan + 130 * Self.day)\""])
        let rows = [
            Self.sale(1, at: Self.jan + 35 * Self.day),
            A.row(2, user: "u", at: Self.jan + 131 * Self.day, A.answer(inApp: [refunded])),
            A.row(3, user: "s", at: Self.jan, A.answer(environment: "Sandbox", inApp: [A.transaction("t3", product: "lifetime", purchaseMs: Self.jan)])),
            Self.sale(4, at: Self.jan + 200 * Self.day, product: "not_in_catalog"),
        ]
        for booking in [RefundBooking.refundPeriod, .salePeriod] {
            let data = try ReportFixture.reportData(rows, catalog: A.catalog) { $0.refunds = booking }
            let span = try #require(data.ledgers.productionSpan)
            #expect(span.first == UnixMillis(Self.jan + 35 * Self.day))
            #expect(span.last == UnixMillis(Self.jan + 130 * Self.day))
            #expect(Charts.periodAxis(data, labels: []) == ["2024-02", "2024-03", "2024-04", "2024-05"])
        }
    }

    @Test func aStrayDateFarAwayKeepsOnlyThePeriodsWithMoney() throws {
        let rows = [Self.sale(1, at: Self.jan), Self.sale(2, at: Self.jan + 5_000 * Self.day)]
        let data = try ReportFixture.reportData(rows, catalog: A.catalog) { $0.period = .day }
        #expect(Charts.periodAxis(data, labels: ["2024-01-01", "2037-09-09"]) == ["2024-01-01", "2037-09-09"])
    }

    @Test func refundChartsOnlyForCurrenciesWithRefunds() throws {
        let charts = Charts.refundCharts(try ReportFixture.reportData())
        #expect(charts.map { $0["currency"]?.text } == ["USD"])
        let svg = try #require(charts.first?["svg"]?.text)
        #expect(svg.contains("<title>2025-01 · Refunds: 19.98 USD</title>"))
        #expect(svg.contains(##"class="bar refund""##))
    }
}
