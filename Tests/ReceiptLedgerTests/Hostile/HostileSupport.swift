import Foundation
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// Paths and small helpers shared by the hostile-input tests. Everything is found from this
/// file's path (STYLE: not `Bundle.module`).
enum HostileSupport {
    /// The repository's root folder.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Hostile
        .deletingLastPathComponent()  // ReceiptLedgerTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static var templatesPath: String { repository.appendingPathComponent("templates").path }
    static var fuzzFixtures: URL { repository.appendingPathComponent("Tests/Fixtures/fuzz") }
    static var fuzzCatalogPath: String { fuzzFixtures.appendingPathComponent("catalog.csv").path }
    static var dearCatalogPath: String { fuzzFixtures.appendingPathComponent("catalog-dear.csv").path }

    /// The real templates, parsed once.
    static let templates: TemplateSet = {
        do { return try HTMLReport.loadTemplates(from: templatesPath) } catch { fatalError("templates: \(error)") }
    }()

    static let catalog: Catalog = {
        do { return try CatalogReader.read(path: fuzzCatalogPath) } catch { fatalError("fuzz catalog: \(error)") }
    }()

    static let dearCatalog: Catalog = {
        do { return try CatalogReader.read(path: dearCatalogPath) } catch { fatalError("dear catalog: \(error)") }
    }()

    /// A fresh folder under the temporary directory, for one test.
    static func temporaryFolder(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "receipt-ledger-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every regular file of a folder with its bytes, by name.
    static func snapshot(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return files
    }

    /// Runs the CLI in-process and captures nothing: the exit code is the contract (stderr
    /// carries the one-line message, checked by the tests that spawn the binary).
    static func run(_ arguments: [String]) -> Int32 {
        CommandLineTool.run(arguments)
    }

    /// A verifyReceipt answer holding one purchase of `coins` (priced in the fuzz catalog).
    static func answer(_ transactionID: String = "1000", product: String = "com.example.demoapp.coins_100",
                       purchaseMs: Int64 = 1_704_067_200_000, extra: String = "") -> String {
        let tx = AnswerBuilder.transaction(transactionID, product: product, purchaseMs: purchaseMs)
        return AnswerBuilder.answer(inApp: [tx], receiptFields: extra)
    }

    /// An NDJSON line with the usual keys and a response object.
    static func line(id: String, user: String = "\"u1\"", at verifiedAt: String = "1704067200000", response: String) -> String {
        "{\"id\": \(id), \"user_id\": \(user), \"verified_at\": \(verifiedAt), \"claimed_environment\": null, \"response\": \(response)}"
    }
}
