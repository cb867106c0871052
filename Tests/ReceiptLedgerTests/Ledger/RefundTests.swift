import Testing
@testable import ReceiptLedger

/// SPEC §7 `refunds.csv` and §8 "Refunds and upgrades".
@Suite struct RefundTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let day: Int64 = 86_400_000

    func refunds(_ rows: [ArrayRecordSource.Row]) throws -> [Refund] {
        let result = try A.journal(rows)
        return Refund.all(in: result.journal.transactions, index: result.index, periods: PeriodCalendar(unit: .month))
    }

    @Test func timingAndFollowUpRecords() throws {
        let plain = A.transaction("1", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day)
        let refunded = A.transaction("1", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day,
                                     fields: ["cancellation_date_ms": "\"\(Self.t0 + 36 * Self.day / 10)\"", "cancellation_reason": "\"1\""])
        let rows = [
            A.row(1, user: "u", at: Self.t0, A.answer(inApp: [plain])),
            A.row(2, user: "u", at: Self.t0 + 5 * Self.day, A.answer(inApp: [refunded])),
            A.row(3, user: "u", at: Self.t0 + 5 * Self.day, "{\"status\": 21002}"),
            A.row(4, user: "u", at: Self.t0 + 6 * Self.day, A.answer(inApp: [refunded])),
            A.row(5, user: "other", at: Self.t0 + 7 * Self.day, A.answer(inApp: [])),
            A.row(6, user: "u", at: Self.t0 + 8 * Self.day, "{\"status\": 21007}"),
        ]
        let refund = try #require(try refunds(rows).first)
        #expect(refund.daysToRefundHundredths == 360)
        #expect(refund.unexpiredAtRefund)
        #expect(refund.recordsAfterRefund == 2)  // records 4 and 6: strictly after record 2's verified_at
        #expect(refund.userRefundCount == 1)
        #expect(refund.periodSold == "2024-01")
        let csv = String(decoding: RefundsFile.table([refund]).serialized(), as: UTF8.self)
        #expect(csv.split(separator: "\n").last == "Production,1,u,monthly,auto_renewable,2024-01-01T00:00:00.000Z,2024-01-04T14:24:00.000Z,3.60,1,USD,9.99,2024-01,2024-01,true,2,1")
    }

    @Test(arguments: [(Int64(1), "0.00"), (Int64(43_200_000), "0.50"), (Int64(-86_400_000), "-1.00"), (Int64(129_600_000), "1.50"), (Int64(432_000), "0.00"), (Int64(1_296_000 - 1), "0.01")] as [(Int64, String)])
    func daysToRefundRoundHalfEven(delta: Int64, text: String) throws {
        let tx = A.transaction("1", product: "lifetime", purchaseMs: Self.t0, fields: ["cancellation_date_ms": "\"\(Self.t0 + delta)\""])
        let refund = try #require(try refunds([A.row(1, at: Self.t0, A.answer(inApp: [tx]))]).first)
        #expect(MoneyFormat.plain(refund.daysToRefundHundredths, minorDigits: 2) == text)
        #expect(refund.unexpiredAtRefund)  // non-consumable: access never ends
    }

    @Test func upgradesAreNotRefundsButTrialsAre() throws {
        let cancel = "\"\(Self.t0 + Self.day)\""
        let rows = [A.row(1, user: "u", at: Self.t0, A.answer(inApp: [
            A.transaction("up", purchaseMs: Self.t0, fields: ["cancellation_date_ms": cancel, "is_upgraded": "\"true\""]),
            A.transaction("trial", purchaseMs: Self.t0, expiresMs: Self.t0, fields: ["cancellation_date_ms": cancel, "is_trial_period": "\"true\""]),
            A.transaction("paid", purchaseMs: Self.t0, fields: ["cancellation_date_ms": cancel]),
        ]))]
        let all = try refunds(rows)
        #expect(all.map(\.transaction.transactionID).sorted() == ["paid", "trial"])
        let trial = try #require(all.first { $0.transaction.transactionID == "trial" })
        #expect(trial.transaction.gross?.formatted == "0.00")
        #expect(!trial.unexpiredAtRefund)
        #expect(trial.userRefundCount == 2)
    }
}
