import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// The whole run on generated data: same bytes twice, SQLite and NDJSON alike, counts balanced.
@Suite(.serialized) struct ReportRunTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let templates = repository.appendingPathComponent("templates").path

    /// Generated input in a fresh temporary folder.
    struct Input {
        let folder: String
        var database: String { folder + "/receipts.sqlite" }
        var ndjson: String { folder + "/receipts.ndjson" }
        var catalog: String { folder + "/catalog.csv" }
        var orders: String { folder + "/orders.csv" }

        init(seed: UInt64, records: Int) throws {
            folder = NSTemporaryDirectory() + "receipt-ledger-run-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let generator = DemoGenerator(seed: seed, records: records)
            try generator.writeSQLite(to: folder + "/receipts.sqlite")
            try generator.writeNDJSON(to: folder + "/receipts.ndjson")
            try generator.writeCatalog(to: folder + "/catalog.csv")
            try generator.writeOrdersCSV(to: folder + "/orders.csv")
        }
    }

    /// Every output file of a report folder by name (through its links), without the state
    /// folder that holds them.
    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name != ReportStaging.stateName {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    func run(_ arguments: [String]) -> Int32 {
        CommandLineTool.run(["run"] + arguments + ["--templates", Self.templates])
    }

    @Test func sameInputGivesTheSameBytesAndBalancedCounts() throws {
        let input = try Input(seed: 3, records: 900)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        let first = input.folder + "/out1", second = input.folder + "/out2"
        #expect(run(["--db", input.database, "--catalog", input.catalog, "--out", first]) == 0)
        #expect(run(["--db", input.database, "--catalog", input.catalog, "--out", second]) == 0)
        var a = try Self.files(in: first), b = try Self.files(in: second)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted() == ReportRun.ownedNames.subtracting(ReportRun.appleNames).sorted())
        // The manifest names its --out folder; everything else must be identical.
        let manifestA = a.removeValue(forKey: "manifest.json") ?? Data(), manifestB = b.removeValue(forKey: "manifest.json") ?? Data()
        #expect(a == b)
        let manifest = try JSONDocument(bytes: Array(manifestA)).root
        let counts = try #require(manifest["counts"])
        let read = counts["records_read"]?.int64, accepted = counts["records_accepted"]?.int64
        let redirected = counts["records_redirected"]?.int64, rejected = counts["records_rejected"]?.int64
        #expect(read == 900)
        #expect(read == (accepted ?? 0) + (redirected ?? 0) + (rejected ?? 0))
        #expect(counts["balanced"]?.bool == true)
        #expect(String(decoding: manifestA, as: UTF8.self).replacingOccurrences(of: "out1", with: "out2") == String(decoding: manifestB, as: UTF8.self))
        let outputs = try #require(manifest["outputs"]?.elements)
        let transactions = try #require(outputs.first { $0["file"]?.string == "transactions.csv" })
        #expect(transactions["sha256"]?.string == SHA256.hex(of: SHA256.digest(Array(a["transactions.csv"] ?? Data()))))
    }

    /// `--reference` reads with one thread, in two passes, without memos: every file, the
    /// manifest included, must come out the same as the default's (run into the same folder).
    @Test func theReferenceReadingWritesTheSameBytes() throws {
        let input = try Input(seed: 5, records: 1_500)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        let out = input.folder + "/out"
        let arguments = ["--db", input.database, "--catalog", input.catalog, "--out", out, "--period", "week"]
        #expect(run(arguments) == 0)
        let fast = try Self.files(in: out)
        #expect(run(arguments + ["--reference"]) == 0)
        let reference = try Self.files(in: out)
        #expect(fast.keys.sorted() == ReportRun.ownedNames.subtracting(ReportRun.appleNames).sorted())
        #expect(fast == reference)
        // The reference settings themselves.
        let pipeline = JournalPipeline.reference(reader: ResponseReader(), catalog: Catalog(entries: []))
        #expect(pipeline.workers == 1 && !pipeline.readsInOneScan && pipeline.parsing == .foundation)
        #expect(try RunCommand.parse(arguments + ["--reference"]).reference)
        #expect(try !RunCommand.parse(arguments).reference)
    }

    @Test func ndjsonGivesTheSameBooksAsSQLite() throws {
        let input = try Input(seed: 5, records: 700)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        let fromDB = input.folder + "/db", fromLines = input.folder + "/lines"
        #expect(run(["--db", input.database, "--catalog", input.catalog, "--orders", input.orders, "--out", fromDB]) == 0)
        #expect(run(["--ndjson", input.ndjson, "--catalog", input.catalog, "--orders", input.orders, "--out", fromLines]) == 0)
        let a = try Self.files(in: fromDB), b = try Self.files(in: fromLines)
        for name in a.keys.sorted() where name.hasSuffix(".csv") {
            #expect(a[name] == b[name], "\(name) differs between SQLite and NDJSON input")
        }
    }

    @Test func ordersTableInTheDatabaseIsReconciled() throws {
        let input = try Input(seed: 9, records: 800)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        let out = input.folder + "/out"
        #expect(run(["--db", input.database, "--catalog", input.catalog, "--out", out]) == 0)
        let reconciliation = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/reconciliation.csv")), as: UTF8.self)
        #expect(reconciliation.hasPrefix("finding,order_id,environment,transaction_id,user_id,product_id,currency,amount,cancellation_date,delivered_at,revoked_at,leak_days,detail\n"))
        #expect(reconciliation.contains("refund_not_revoked,"))
        #expect(reconciliation.contains("delivered_on_sandbox,"))
        // The same data as NDJSON without --orders has no orders: the stale reconciliation.csv goes.
        #expect(run(["--ndjson", input.ndjson, "--catalog", input.catalog, "--out", out]) == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/reconciliation.csv"))
    }

    /// The run builds the subscriptions, the reconciliation and the pages' sums on other threads
    /// beside the ledgers; every file must come out as when all is built on one thread.
    @Test func workBesideTheLedgersWritesTheSameFiles() throws {
        let input = try Input(seed: 5, records: 1_200)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        let catalog = try CatalogReader.read(path: input.catalog)
        let result = try JournalPipeline(reader: ResponseReader(bundleIDs: []), catalog: catalog)
            .run(source: try SQLiteRecordSource(path: input.database, query: nil))
        var options = RunOptions(input: .sqlite(path: input.database, query: nil))
        options.catalogPath = input.catalog
        let orders = try OrderReader.read(csvPath: input.orders)
        let templates = try HTMLReport.loadTemplates(from: Self.templates)
        func files(besideLedgers: Bool) throws -> [(name: String, bytes: [UInt8], rows: Int?)] {
            let data = ReportRun.reportData(options: options, sourceLabel: "test", result: result, zone: try ZoneRules(identifier: "UTC"),
                                            orders: orders, ordersLabel: "orders.csv", besideLedgers: besideLedgers)
            #expect(data.subscriptions.count > 10 && data.reconciliation?.rows.isEmpty == false)
            return try ReportRun.renderFiles(data, templates: templates)
        }
        let beside = try files(besideLedgers: true), alone = try files(besideLedgers: false)
        #expect(beside.map(\.name) == alone.map(\.name))
        for (a, b) in zip(beside, alone) {
            let same = a.bytes == b.bytes  // compared apart: a failure then names the file, not its bytes
            #expect(same, "\(a.name) differs")
        }
    }
}
