import Testing
@testable import ReceiptLedger

/// The journal does not depend on how the pipeline schedules its work: batch size, number of
/// reading threads, the reorder budget (which forces further passes) or the input order.
@Suite struct PipelineScheduleTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000
    static let day: Int64 = 86_400_000

    /// Records of few users, most of them one user's (so one reading thread gets nearly all),
    /// repeating growing histories, with refunds, conflicts and shared transactions.
    static func rows() -> [ArrayRecordSource.Row] {
        var rows: [ArrayRecordSource.Row] = []
        for record in 0..<300 {
            let user = record % 10 == 0 ? "u\(record % 7)" : "heavy"
            let count = record % 5 + 1
            let history = (0..<count).map { index in
                A.transaction("\(record % 40 + index)", product: index == 3 && record % 9 == 0 ? "yearly" : "monthly",
                              purchaseMs: t0 + Int64(record % 40 + index) * day,
                              fields: record % 13 == 0 ? ["cancellation_date_ms": "\"\(t0 + 60 * day)\""] : [:])
            }
            rows.append(A.row(Int64(record + 1), user: user, at: t0 + Int64((record * 7919) % 300) * 1000,
                              A.answer(inApp: history, latest: Array(history.suffix(2)))))
        }
        return rows
    }

    static func summary(_ journal: Journal) -> [String] {
        journal.transactions.map { t in
            "\(t.environment)|\(t.transactionID)|\(t.userName)|\(t.productID)|\(t.recordCount)|\(t.firstRecordID)|\(t.cancellation?.rawValue ?? 0)"
        } + journal.anomalies.map { "\($0.kind)|\($0.recordID)|\($0.transactionID)|\($0.user)|\($0.detail)" }.sorted()
    }

    @Test func scheduleChangesNothing() throws {
        let rows = Self.rows()
        var reference = JournalPipeline(reader: ResponseReader(), catalog: A.catalog)
        reference.workers = 1
        let expected = Self.summary(try reference.run(source: ArrayRecordSource(rows)).journal)
        #expect(expected.count > 40)
        for (workers, batchSize, budget) in [(2, 3, 64 << 20), (3, 1, 64 << 20), (2, 4, 20_000), (2, 7, 2_000)] {
            var pipeline = JournalPipeline(reader: ResponseReader(), catalog: A.catalog)
            pipeline.workers = workers
            pipeline.batchSize = batchSize
            pipeline.reorderBudget = budget
            #expect(Self.summary(try pipeline.run(source: ArrayRecordSource(rows)).journal) == expected,
                    "workers \(workers), batch \(batchSize), budget \(budget)")
            #expect(Self.summary(try pipeline.run(source: ArrayRecordSource(rows.reversed())).journal) == expected)
        }
    }
}
