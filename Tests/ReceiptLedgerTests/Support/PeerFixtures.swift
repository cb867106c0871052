import Foundation
@testable import ReceiptLedger

/// The peer verifyReceipt answers in `Tests/Fixtures/peers/` (sources and licences in its
/// SOURCES.md), found from `#filePath`: each file is one answer.
enum PeerFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/peers")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Every JSON file of the folder, sorted.
    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Runs the file's answer through the pipeline as record 1 of user `u`, verified at
    /// 2023-11-14T22:13:20.000Z, stored with `claimed` as its `claimed_environment`.
    static func journal(_ name: String, claimed: String? = nil, catalog: Catalog = .empty) throws -> Journal {
        let row = ArrayRecordSource.Row(id: .integer(1), userID: .text("u"), verifiedAt: .integer(1_700_000_000_000),
                                        claimedEnvironment: claimed.map { .text($0) } ?? .null, response: .bytes(try bytes(name)))
        return try JournalPipeline(reader: ResponseReader(), catalog: catalog).run(source: ArrayRecordSource([row])).journal
    }
}
