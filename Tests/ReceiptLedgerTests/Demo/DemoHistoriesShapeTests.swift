import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// The bench's second data shape (`bench --shape histories`): deterministic, unlike the demo
/// where the machinery is concerned, and read with no reject (it plants none).
@Suite struct DemoHistoriesShapeTests {
    static let size = 4_000

    @Test func sameSeedGivesTheSameRecordsAndAnotherSeedOthers() {
        func rows(_ seed: UInt64) -> [String] {
            DemoGenerator(seed: seed, records: Self.size, shape: .histories).records().map { record in
                "\(record.id)|\(record.userID ?? "-")|\(record.verifiedAt)|\(record.claimedEnvironment ?? "-")|"
                    + "\(record.flags.rawValue)|\(String(decoding: record.response ?? [], as: UTF8.self))"
            }
        }
        let first = rows(21)
        #expect(first.count == Self.size)
        #expect(first == rows(21))
        #expect(first != rows(22))
    }

    @Test func theDemoShapeIsTheDefault() {
        let plain = DemoGenerator(seed: 4, records: 700).records().map { $0.response ?? [] }
        #expect(plain == DemoGenerator(seed: 4, records: 700, shape: .demo).records().map { $0.response ?? [] })
        #expect(plain != DemoGenerator(seed: 4, records: 700, shape: .histories).records().map { $0.response ?? [] })
    }

    /// Every record is accepted, with no anomaly; rows are stored as TEXT and BLOB, some out of
    /// (`verified_at`, `id`) order; histories are longer and transactions per MB more than the
    /// demo's at the same size, and the default reading writes what the reference one does.
    @Test func readsWithNoRejectAndDiffersFromTheDemoShape() throws {
        let folder = try HostileSupport.temporaryFolder("histories-shape")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = folder + "/catalog.csv"
        try DemoGenerator(seed: 1, records: 10).writeCatalog(to: catalog)
        var perMB: [DemoShape: Double] = [:]
        var perUser: [DemoShape: Double] = [:]
        for shape in DemoShape.allCases {
            let path = folder + "/\(shape.rawValue).sqlite"
            try DemoGenerator(seed: 3, records: Self.size, shape: shape).writeSQLite(to: path)
            let source = try SQLiteRecordSource(path: path, query: nil)
            let journal = try JournalPipeline(reader: ResponseReader(), catalog: try CatalogReader.read(path: catalog)).run(source: source).journal
            source.endReading()
            let db = try SQLiteDatabase(path: path, readOnly: true)
            var bytes = 0.0, users = 0.0
            try db.prepare("SELECT sum(length(response)), count(DISTINCT user_id) FROM verification_results").forEachRow {
                bytes = Double($0.int64(0))
                users = Double($0.int64(1))
            }
            perMB[shape] = Double(journal.transactions.count) / (bytes / 1e6)
            perUser[shape] = Double(Self.size) / users
            guard shape == .histories else { continue }
            #expect(journal.counts == RecordCounts(read: Self.size, accepted: Self.size, redirected: 0, rejected: 0, statusCounts: [0: Self.size]))
            #expect(journal.anomalies.isEmpty)
            var types: [String] = []
            try db.prepare("SELECT DISTINCT typeof(response) FROM verification_results ORDER BY 1").forEachRow { types.append($0.text(0) ?? "") }
            #expect(types == ["blob", "text"])
            var outOfOrder: Int64 = 0
            try db.prepare("""
                SELECT count(*) FROM verification_results a JOIN verification_results b ON b.id = a.id + 1
                WHERE CAST(b.verified_at AS INTEGER) < CAST(a.verified_at AS INTEGER) AND typeof(a.verified_at) = 'integer'
                  AND typeof(b.verified_at) = 'integer'
                """).forEachRow { outOfOrder = $0.int64(0) }
            #expect(outOfOrder > Int64(Self.size / 100))
        }
        #expect(try #require(perMB[.histories]) > 1.5 * (try #require(perMB[.demo])))
        #expect(try #require(perUser[.histories]) > 2 * (try #require(perUser[.demo])))
    }

    /// The reference reading, and the default with every piece of machinery off
    /// (`RunOptions.machineryOff`, for measuring), write the default's bytes.
    @Test func theDefaultReadingWritesWhatTheReferenceReadingDoes() throws {
        let folder = try HostileSupport.temporaryFolder("histories-reference")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = BenchData(directory: folder, records: Self.size, seed: 5, shape: .histories)
        _ = try data.ensure(ndjson: false, log: { _ in })
        #expect(data.sqlitePath.hasSuffix("/histories-4000-s5.sqlite"))
        let arguments = ["run", "--db", data.sqlitePath, "--catalog", data.catalogPath, "--templates", ReportRunTests.templates, "--no-xlsx"]
        #expect(CommandLineTool.run(arguments + ["--out", folder + "/default"]) == 0)
        #expect(CommandLineTool.run(arguments + ["--out", folder + "/reference", "--reference"]) == 0)
        var options = try RunCommand.parse(Array(arguments.dropFirst()) + ["--out", folder + "/off"])
        options.machineryOff = Set(RunOptions.Machinery.allCases)
        _ = try ReportRun(options: options).execute()
        var fast = try ReportRunTests.files(in: folder + "/default"), slow = try ReportRunTests.files(in: folder + "/reference")
        var off = try ReportRunTests.files(in: folder + "/off")
        #expect([fast, slow, off].allSatisfy { $0.keys.contains("manifest.json") })
        for name in ["manifest.json"] { fast[name] = nil; slow[name] = nil; off[name] = nil }
        #expect(fast.count > 10)
        #expect(fast == slow)
        #expect(fast == off)
    }
}
