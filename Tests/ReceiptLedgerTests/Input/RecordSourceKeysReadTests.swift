import Foundation
import Testing
@testable import ReceiptLedger

/// `scanRecords(keysRead:_:)`: each record's keys are told first (a hint, for the user table),
/// then the record is handed over whole, the same keys with it.
@Suite struct RecordSourceKeysReadTests {
    static let t0: Int64 = 1_704_067_200_000

    /// The order of the calls: `keys <id>` from the hint, `record <id>` from the body.
    static func calls(_ source: RecordSource) throws -> [String] {
        var calls: [String] = []
        func id(_ keys: RecordKeys) -> String { if case .integer(let id) = keys.id { String(id) } else { "?" } }
        try source.scanRecords(keysRead: { calls.append("keys \(id($0))") }) { keys, _, _ in
            calls.append("record \(id(keys))")
            return true
        }
        return calls
    }

    static let expected = ["keys 1", "record 1", "keys 2", "record 2", "keys 3", "record 3"]

    @Test func sqliteTellsTheKeysBeforeEachRecord() throws {
        let folder = try HostileSupport.temporaryFolder("keys-read-sqlite")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/results.sqlite"
        let rows = (1...3).map { id in
            FuzzCase.Row(id: .integer(Int64(id)), user: .text("u\(id)"), verifiedAt: .integer(Self.t0 + Int64(id)), claimed: .null,
                         response: Data(HostileSupport.answer().utf8))
        }
        try FuzzCase(rows: rows).writeSQLite(to: path, responsesAsBlobs: false)
        #expect(try Self.calls(SQLiteRecordSource(path: path, query: nil)) == Self.expected)
    }

    @Test func ndjsonAndMemoryTellTheKeysBeforeEachRecord() throws {
        let folder = try HostileSupport.temporaryFolder("keys-read-ndjson")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/results.ndjson"
        let lines = (1...3).map { #"{"id": \#($0), "user_id": "u\#($0)", "verified_at": \#(Self.t0 + Int64($0)), "response": {"status": 0}}"# }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Self.calls(NDJSONRecordSource(path: path)) == Self.expected)
        let memory = ArrayRecordSource((1...3).map { .init(id: Int64($0), user: "u\($0)", verifiedAt: Self.t0 + Int64($0), json: "{}") })
        #expect(try Self.calls(memory) == Self.expected)
    }
}
