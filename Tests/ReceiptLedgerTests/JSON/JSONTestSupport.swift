import Foundation
@testable import ReceiptLedger

/// Fixture loading and small parse helpers shared by the JSON tests.
enum JSONTestSupport {
    /// Bytes of `Tests/Fixtures/json/<name>`, found from this file's path (not `Bundle.module`).
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // JSON
            .deletingLastPathComponent()  // ReceiptLedgerTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/json/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    static func root(_ text: String) throws -> JSONValue {
        try JSONDocument(text: text).root
    }

    /// The error parsing `bytes` throws, or nil if it parses.
    static func error(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONParseError? {
        do {
            _ = try JSONDocument(bytes: bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    static func error(_ text: String, maxDepth: Int = 512) -> JSONParseError? {
        error(Array(text.utf8), maxDepth: maxDepth)
    }
}
