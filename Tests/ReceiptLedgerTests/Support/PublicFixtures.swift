import Foundation
@testable import ReceiptLedger

/// The public verifyReceipt answers in `Tests/Fixtures/public/` (sources and licences in its
/// SOURCES.md), found from `#filePath`.
enum PublicFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/public")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The answer bodies a file holds: the file itself (a notification V1 too, a kind of its
    /// own since SPEC §9), or each `[i].response.body` of an ExVCR cassette.
    static func answers(_ name: String) throws -> [[UInt8]] {
        let raw = try bytes(name)
        let root = try JSONDocument(bytes: raw).root
        if root.kind == .array {
            return root.elements.compactMap { $0["response"]?["body"]?.string.map { Array($0.utf8) } }
        }
        return [raw]
    }

    /// Runs every answer of a file through the pipeline as records 1, 2, … of user `u`.
    static func journal(_ name: String, catalog: Catalog = .empty) throws -> Journal {
        let rows = try answers(name).enumerated().map { index, body in
            ArrayRecordSource.Row(id: .integer(Int64(index + 1)), userID: .text("u"), verifiedAt: .integer(1_700_000_000_000 + Int64(index)),
                                  response: .bytes(body))
        }
        return try JournalPipeline(reader: ResponseReader(), catalog: catalog).run(source: ArrayRecordSource(rows)).journal
    }
}
