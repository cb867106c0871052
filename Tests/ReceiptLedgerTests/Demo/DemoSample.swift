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

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("receipt-ledger-demo-\(UUID().uuidString)-\(name)").path
    }
}
