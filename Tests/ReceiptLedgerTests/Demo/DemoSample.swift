import Foundation
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// One generated data set shared by the demo tests (building it once keeps them fast).
enum DemoSample {
    static let seed: UInt64 = 2024
    static let size = 3_000
    static let generator = DemoGenerator(seed: seed, records: size)
    static let records: [DemoRecord] = Array(generator.records())
    static let orders: [DemoOrder] = generator.orders()

    static func text(_ record: DemoRecord) -> String {
        record.response.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// How many records' bodies contain `fragment`.
    static func count(_ fragment: String) -> Int {
        records.filter { text($0).contains(fragment) }.count
    }

    static func records(of user: String) -> [DemoRecord] {
        records.filter { $0.userID == user }
    }

    /// The records as an in-memory source, the way a SQLite table would give them.
    static var recordSource: ArrayRecordSource {
        ArrayRecordSource(records.map { record in
            ArrayRecordSource.Row(id: .integer(record.id), userID: record.userID.map { .text($0) } ?? .null,
                                  verifiedAt: field(record.verifiedAt),
                                  claimedEnvironment: record.claimedEnvironment.map { .text($0) } ?? .null,
                                  response: record.response.map { .bytes($0) } ?? .null)
        })
    }

    /// A timestamp as a source column holds it: ms as an integer, a text as text.
    static func field(_ time: DemoTimestamp) -> FieldValue {
        switch time {
        case .millis(let value): .integer(value)
        case .text(let text): .text(text)
        }
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("receipt-ledger-demo-\(UUID().uuidString)-\(name)").path
    }
}
