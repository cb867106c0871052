import Foundation
import Testing
@testable import ReceiptLedger

/// Reading in one scan gives the journal the two-pass reading gives, also for records the row
/// checks reject (bad ids, users and times, duplicate ids), broken bodies and NDJSON lines that
/// are not objects: the same rejections in the same order, counts, users and visits.
@Suite struct OneScanEquivalenceTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000

    static func rows() -> [ArrayRecordSource.Row] {
        let answer = { (id: String) in A.answer(inApp: [A.transaction(id, purchaseMs: t0)]) }
        return [
            A.row(1, user: "u1", at: t0 + 1_000, answer("100")),
            ArrayRecordSource.Row(id: .text("2"), userID: .text("u1"), verifiedAt: .integer(t0 + 2_000), response: .bytes(Array(answer("101").utf8))),
            ArrayRecordSource.Row(id: .real(3.5), userID: .text("u2"), verifiedAt: .integer(t0 + 3_000), response: .bytes(Array(answer("102").utf8))),
            ArrayRecordSource.Row(id: .integer(4), userID: .null, verifiedAt: .integer(t0 + 4_000), response: .bytes(Array(answer("103").utf8))),
            ArrayRecordSource.Row(id: .integer(5), userID: .text(""), verifiedAt: .integer(t0 + 5_000), response: .bytes(Array(answer("104").utf8))),
            ArrayRecordSource.Row(id: .integer(6), userID: .integer(7), verifiedAt: .integer(t0 + 6_000), response: .bytes(Array(answer("105").utf8))),
            ArrayRecordSource.Row(id: .integer(7), userID: .text("u3"), verifiedAt: .text("2024-01-01 00:00:07 Etc/GMT"), response: .bytes(Array(answer("106").utf8))),
            ArrayRecordSource.Row(id: .integer(8), userID: .text("u3"), verifiedAt: .text("yesterday"), response: .bytes(Array(answer("107").utf8))),
            ArrayRecordSource.Row(id: .integer(9), userID: .text("u4"), verifiedAt: .text("2023-12-31 16:00:09 America/Los_Angeles"), response: .null),
            A.row(10, user: "u4", at: t0 + 10_000, "{not json"),
            A.row(11, user: "u5", at: t0 + 11_000, A.answer(status: "21007", inApp: [])),
            // Id 1 again, later: a duplicate; id 12 twice at one instant: the later position loses.
            A.row(1, user: "u6", at: t0 + 12_000, answer("108")),
            A.row(12, user: "u6", at: t0 + 13_000, answer("109")),
            A.row(12, user: "u7", at: t0 + 13_000, answer("110")),
            // Slightly out of order, and a duplicate whose first copy comes later in the input.
            A.row(14, user: "u1", at: t0 + 15_000, answer("100")),
            A.row(13, user: "u1", at: t0 + 14_000, answer("111")),
            A.row(14, user: "u8", at: t0 + 14_500, answer("112")),
        ]
    }

    static func describe(_ result: JournalPipeline.Result) -> [String] {
        let journal = result.journal
        var lines = journal.rejected.map { "rejected|\($0.recordID)|\($0.user)|\($0.reason.code)|\($0.detail)" }
        lines += journal.transactions.map { "transaction|\($0.environment)|\($0.transactionID)|\($0.userName)|\($0.recordCount)|\($0.firstRecordID)" }
        lines += journal.anomalies.map { "anomaly|\($0.kind)|\($0.recordID)|\($0.transactionID)|\($0.user)|\($0.detail)" }
        let counts = journal.counts
        lines.append("counts|\(counts.read)|\(counts.accepted)|\(counts.redirected)|\(counts.rejected)|"
                     + counts.statusCounts.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","))
        lines.append("latest|\(result.index.latestVerifiedAt?.rawValue ?? -1)")
        for user in 0..<result.index.users.count {
            let id = UserID(index: Int32(user))
            lines.append("user|\(result.index.users.name(id))|\(result.index.visits(of: id, after: UnixMillis(t0)))")
        }
        return lines
    }

    static func bothWays(_ source: RecordSource) throws -> (oneScan: JournalPipeline.Result, twoPasses: JournalPipeline.Result) {
        let oneScan = try JournalPipeline(reader: ResponseReader(), catalog: A.catalog).run(source: source)
        var pipeline = JournalPipeline(reader: ResponseReader(), catalog: A.catalog)
        pipeline.reorderWindow = 0
        return (oneScan, try pipeline.run(source: source))
    }

    @Test func rowChecksAndBrokenBodiesComeOutTheSame() throws {
        let (oneScan, twoPasses) = try Self.bothWays(ArrayRecordSource(Self.rows()))
        #expect(oneScan.readInOneScan)
        #expect(!twoPasses.readInOneScan)
        #expect(Self.describe(oneScan) == Self.describe(twoPasses))
        // In processing order: id 1 again at +12 s, id 12 at the later position, and id 14 at
        // +15 s, which an earlier time in the same id took (input order does not matter).
        #expect(oneScan.journal.rejected.filter { $0.reason.code == "duplicate_id" }.map(\.user) == ["u6", "u7", "u1"])
    }

    @Test func ndjsonLinesThatAreNotObjectsComeOutTheSame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("onescan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let answer = A.answer(inApp: [A.transaction("200", purchaseMs: Self.t0)])
        let lines = [
            #"{"id": 1, "user_id": "u1", "verified_at": \#(Self.t0), "response": \#(answer)}"#,
            #"[1, 2]"#,
            #"{"id": 2, "user_id": "u1", "verified_at": \#(Self.t0 + 1), "response": "{\"status\": 0"}"#,
            #"{"id": 3, "user_id": "u2", "verified_at": \#(Self.t0 + 2), "claimed_environment": "Sandbox", "response": \#(answer)}"#,
            #"{broken"#,
            "",
            #"{"id": 1, "user_id": "u3", "verified_at": \#(Self.t0 + 3), "response": \#(answer)}"#,
        ]
        let path = folder.appendingPathComponent("results.ndjson").path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let (oneScan, twoPasses) = try Self.bothWays(try NDJSONRecordSource(path: path))
        #expect(oneScan.readInOneScan)
        #expect(Self.describe(oneScan) == Self.describe(twoPasses))
        #expect(oneScan.journal.rejected.map(\.reason.code).sorted() == ["duplicate_id", "invalid_json", "invalid_json", "not_an_object"])
    }
}
