import Testing
@testable import ReceiptLedger

/// The journal does not depend on how the pipeline schedules its work: batch size, number of
/// reading threads, the one-scan window (too small a one makes the pipeline read in two passes),
/// the reorder budget (which forces further passes) or the input order.
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
        reference.reorderWindow = 0
        let referenceResult = try reference.run(source: ArrayRecordSource(rows))
        #expect(!referenceResult.readInOneScan)
        let expected = Self.summary(referenceResult.journal)
        #expect(expected.count > 40)
        for (workers, batchSize, budget) in [(2, 3, 64 << 20), (3, 1, 64 << 20), (2, 4, 20_000), (2, 7, 2_000)] {
            var pipeline = JournalPipeline(reader: ResponseReader(), catalog: A.catalog)
            pipeline.workers = workers
            pipeline.batchSize = batchSize
            pipeline.reorderBudget = budget
            for window in [0, 5, 150, rows.count] {
                pipeline.reorderWindow = window
                let result = try pipeline.run(source: ArrayRecordSource(rows))
                #expect(Self.summary(result.journal) == expected, "workers \(workers), batch \(batchSize), budget \(budget), window \(window)")
                let reversed = try pipeline.run(source: ArrayRecordSource(rows.reversed()))
                #expect(Self.summary(reversed.journal) == expected)
                // A window as large as the input holds it all; none reads out-of-order input in one scan.
                #expect(result.readInOneScan == (window == rows.count), "window \(window)")
                #expect(reversed.readInOneScan == (window == rows.count), "window \(window) on reversed rows")
            }
        }
    }

    /// Input nearly in processing order, as stored results are, is read once; every record is
    /// booked or rejected exactly as the two-pass reading does, duplicate ids included.
    @Test func nearlySortedInputIsReadOnce() throws {
        var rows = Self.rows()
        rows.sort { Self.millis($0) < Self.millis($1) }
        // Neighbours swapped, and a later record repeating an earlier id (a duplicate_id).
        for index in stride(from: 0, to: rows.count - 1, by: 17) { rows.swapAt(index, index + 1) }
        rows.append(A.row(5, user: "late", at: Self.t0 + 400_000, A.answer(inApp: [A.transaction("900", product: "monthly", purchaseMs: Self.t0)])))
        var twoPasses = JournalPipeline(reader: ResponseReader(), catalog: A.catalog)
        twoPasses.reorderWindow = 0
        let expected = try twoPasses.run(source: ArrayRecordSource(rows))
        let result = try JournalPipeline(reader: ResponseReader(), catalog: A.catalog).run(source: ArrayRecordSource(rows))
        #expect(result.readInOneScan)
        #expect(!expected.readInOneScan)
        #expect(Self.summary(result.journal) == Self.summary(expected.journal))
        #expect(result.journal.rejected.map { "\($0.recordID)|\($0.user)|\($0.reason.code)|\($0.detail)" }
                 == expected.journal.rejected.map { "\($0.recordID)|\($0.user)|\($0.reason.code)|\($0.detail)" })
        #expect(result.journal.rejected.contains { $0.reason.code == "duplicate_id" && $0.recordID == "5" && $0.user == "late" })
        #expect(result.journal.counts == expected.journal.counts)
        #expect(result.index.latestVerifiedAt == expected.index.latestVerifiedAt)
        #expect(result.index.users.count == expected.index.users.count)
    }

    static func millis(_ row: ArrayRecordSource.Row) -> Int64 {
        if case .integer(let ms) = row.verifiedAt { return ms }
        return 0
    }
}
