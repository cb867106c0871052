import Foundation
import Testing
@testable import ReceiptLedger

private typealias A = AnswerBuilder

/// Repeated copies (every stored answer repeats its user's history, `latest_receipt_info`
/// repeats `in_app`): each is merged again, and the merge counts, notes and raises exactly what
/// SPEC §4 and §8 say, as the reference reading does.
@Suite struct RepeatedCopyTests {
    /// 100 fuzz inputs (mutated real answers, many of them repeating one another's copies),
    /// each replayed: every record is stored again right after itself, so that every damaged
    /// copy also comes again right after it was merged. The same report bytes as the reference.
    @Test func theReplayedFuzzInputsGiveTheReferenceReportBytes() throws {
        let maker = try FuzzCaseMaker(seed: 1)
        var compared = 0
        for number in 0..<100 {
            let input = Self.replayed(maker.makeCase(number))
            let options = input.options()
            let fast = try ReferenceReadingTests.render(input.recordSource, catalog: input.catalog, orders: input.orderList,
                                                        options: options, reference: false)
            let reference = try ReferenceReadingTests.render(input.recordSource, catalog: input.catalog, orders: input.orderList,
                                                             options: options, reference: true)
            #expect(ReferenceReadingTests.differences(fast, reference) == [], "fuzz input \(number) (seed 1), replayed")
            if !fast.isEmpty { compared += 1 }
        }
        #expect(compared >= 70)
    }

    /// A history made of repeats: a copy that disagrees with the fixed fields, one with a bad
    /// quantity, one with an unreadable cancellation, each stored again (the same bytes) by its
    /// owner, by another user, and repeated within an answer. The journal is exact, and the
    /// default's reports are the reference reading's bytes.
    @Test func repeatedCopiesWithFindingsAreMergedAgainInEveryRecord() throws {
        let t0: Int64 = 1_717_200_000_000
        let monthly = A.transaction("1", product: "monthly", purchaseMs: t0)
        let yearly = A.transaction("1", product: "yearly", purchaseMs: t0)
        let badQuantity = A.transaction("2", purchaseMs: t0, fields: ["quantity": "\"0\""])
        let badCancellation = A.transaction("3", purchaseMs: t0, fields: ["cancellation_date": "\"soon\""])
        let plain = A.transaction("4", purchaseMs: t0)
        let later = A.answer(inApp: [yearly, badQuantity, badCancellation, plain])
        let rows = [
            A.row(1, user: "u1", at: t0 + 1, A.answer(inApp: [monthly, badQuantity, badCancellation, plain])),
            A.row(2, user: "u1", at: t0 + 2, later),
            A.row(3, user: "u1", at: t0 + 3, later),
            A.row(4, user: "u2", at: t0 + 4, later),
            A.row(5, user: "u1", at: t0 + 5, A.answer(inApp: [yearly, badQuantity, badCancellation, plain],
                                                       latest: [yearly, badQuantity, badCancellation, plain])),
        ]
        var journals: [Journal] = []
        var files: [[(name: String, bytes: [UInt8], rows: Int?)]] = []
        for pipeline in [JournalPipeline(reader: ResponseReader(), catalog: A.catalog),
                         JournalPipeline.reference(reader: ResponseReader(), catalog: A.catalog)] {
            let result = try pipeline.run(source: ArrayRecordSource(rows))
            journals.append(result.journal)
            let options = RunOptions(input: .ndjson(path: "edge.ndjson"))
            let data = ReportRun.reportData(options: options, sourceLabel: "edge", result: result, zone: try ZoneRules(identifier: "UTC"),
                                            orders: nil, ordersLabel: nil)
            files.append(try ReportRun.renderFiles(data, templates: HostileSupport.templates))
        }
        for journal in journals {
            #expect(journal.anomalies(.conflictingTransaction).map(\.recordID) == [2, 3, 4, 5])
            #expect(journal.anomalies(.badQuantity).map(\.recordID) == [1, 2, 3, 4, 5])
            #expect(journal.anomalies(.badTimestamp).filter { $0.transactionID == "3" }.map(\.recordID) == [1, 2, 3, 4, 5])
            #expect(journal.anomalies(.sharedTransaction).map { "\($0.transactionID):\($0.recordID):\($0.user)" }.sorted()
                    == ["1:4:u2", "2:4:u2", "3:4:u2", "4:4:u2"])
            #expect(["1", "2", "3", "4"].map { journal.transaction($0)?.recordCount } == [5, 5, 5, 5])
        }
        #expect(ReferenceReadingTests.differences(files[0], files[1]) == [])
    }

    /// The input followed by its records again, each with an id larger by 10^12 (an id that
    /// is not an integer, or would overflow, is kept: a duplicate or bad id again) and the
    /// same `verified_at`, so that each replay is merged right after its original.
    static func replayed(_ input: FuzzCase) -> FuzzCase {
        var replayed = input
        replayed.rows += input.rows.map { row in
            var again = row
            if case .integer(let id) = row.id, case (let shifted, false) = id.addingReportingOverflow(1_000_000_000_000) {
                again.id = .integer(shifted)
            }
            return again
        }
        return replayed
    }
}
