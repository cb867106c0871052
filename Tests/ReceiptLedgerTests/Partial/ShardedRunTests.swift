import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands
@testable import ReceiptLedgerDemo

/// A sharded run (shard → index → merge-bucket → finish) over the demo data, its records
/// shuffled into three shards, writes every file of one `run` over all of them byte for byte;
/// only the manifest differs, in its records input (the index file, its digest and format
/// instead of the NDJSON file's) and its `--out` (the two reports are in two folders).
@Suite(.serialized) struct ShardedRunTests {
    /// The demo data as NDJSON with its catalog, orders and Apple's reports.
    struct Fixture {
        let folder: String
        var ndjson: String { folder + "/receipts.ndjson" }
        var catalog: String { folder + "/catalog.csv" }
        var orders: String { folder + "/orders.csv" }
        /// The options both runs share (the input and `--out` aside).
        var runOptions: [String] {
            ["--catalog", catalog, "--orders", orders, "--apple-sales", folder + "/apple/sales", "--apple-financial", folder + "/apple/financial",
             "--templates", HostileSupport.templatesPath]
        }

        init() throws {
            folder = try HostileSupport.temporaryFolder("sharded")
            let generator = DemoSample.generator
            try generator.writeNDJSON(to: folder + "/receipts.ndjson")
            try Self.appendDuplicates(to: folder + "/receipts.ndjson")
            try generator.writeSQLite(to: folder + "/receipts.sqlite")
            try generator.writeCatalog(to: folder + "/catalog.csv")
            try generator.writeOrdersCSV(to: folder + "/orders.csv")
            _ = try DemoDataSet.appleReports(database: folder + "/receipts.sqlite", catalog: catalog, folder: folder + "/apple")
        }

        /// Adds records holding the ids of others (`duplicate_id`, which the demo has none of):
        /// every 50th line again as it is, and every 70th a day later and of another user.
        static func appendDuplicates(to path: String) throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Data($0) }
            var added = Data()
            for (number, line) in lines.enumerated() {
                if number % 50 == 0 { added += line + Data("\n".utf8) }
                if number % 70 == 0, var object = try JSONSerialization.jsonObject(with: line) as? [String: Any],
                   let millis = object["verified_at"] as? Int64 {
                    object["verified_at"] = millis + 86_400_000
                    object["user_id"] = "u_duplicate_\(number)"
                    added += try JSONSerialization.data(withJSONObject: object) + Data("\n".utf8)
                }
            }
            try (data + added).write(to: URL(fileURLWithPath: path))
        }

        /// The NDJSON lines shuffled (SplitMix64 from `seed`) and dealt into `count` shard files.
        func shardFiles(_ count: Int, seed: UInt64) throws -> [String] {
            let data = try Data(contentsOf: URL(fileURLWithPath: ndjson))
            var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Array($0) }
            var random = SplitMix64(seed: seed)
            lines.shuffle(using: &random)
            var shards = [[UInt8]](repeating: [], count: count)
            for line in lines { shards[Int(random.next() % UInt64(count))] += line + [UInt8(ascii: "\n")] }
            return try shards.enumerated().map { number, bytes in
                let path = folder + "/shard-\(number).ndjson"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                return path
            }
        }
    }

    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The four stages in this process, through the entry points the subcommands call; returns
    /// the report folder.
    static func runInStages(_ fixture: Fixture, shards: [String], buckets: Int, inputLabel: String) throws -> String {
        var parts: [String] = []
        for (number, shard) in shards.enumerated() {
            let out = fixture.folder + "/parts-\(number)"
            let options = try RunCommand.parse(["--ndjson", shard, "--out", out])
            _ = try ShardStages.shard(options: options, buckets: buckets, shardName: "shard-\(number)", outDirectory: out)
            parts.append(out)
        }
        let index = fixture.folder + "/index.part"
        try ShardStages.index(recordsParts: parts.map { $0 + "/records.part" }, out: index)
        var booked: [String] = []
        for bucket in 0..<buckets {
            let present = parts.map { $0 + "/" + PartialFile.bucketFileName(bucket) }.filter { FileManager.default.fileExists(atPath: $0) }
            let out = fixture.folder + "/booked-\(bucket).part"
            let (options, _) = try RunCommand.parse(["--index", index, "--catalog", fixture.catalog], command: "merge-bucket",
                                                    extra: ["index": .value]) { _ throws(UsageError) in .partialState(index: index) }
            try ShardStages.mergeBucket(bucket: bucket, parts: present, indexPath: index, out: out, options: options)
            booked.append(out)
        }
        let report = fixture.folder + "/sharded-report"
        let finish = try ShardCommands.parseFinish(["--index", index, "--input-label", inputLabel, "--out", report]
            + parts.flatMap { ["--records", $0 + "/records.part"] } + booked.flatMap { ["--booked", $0] } + fixture.runOptions)
        _ = try ShardStages.finish(options: finish.options, recordsParts: finish.records, bookedParts: finish.booked, inputLabel: finish.label)
        return report
    }

    @Test func shardsInAnyOrderWriteTheBytesOfOneRun() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let single = fixture.folder + "/single-report"
        let summary = try InProcessRun.execute(["--ndjson", fixture.ndjson, "--out", single] + fixture.runOptions)
        let records = summary.counts.read
        #expect(records == DemoSample.size + 60 + 42)  // every 50th line, and 42 of every 70th (those whose verified_at is a number)
        let rejected = try String(contentsOfFile: single + "/rejected.csv", encoding: .utf8)
        #expect(rejected.components(separatedBy: ",duplicate_id,").count - 1 == 102)
        let shards = try fixture.shardFiles(3, seed: 26)
        let sharded = try Self.runInStages(fixture, shards: shards, buckets: 7, inputLabel: "NDJSON \(fixture.ndjson)")
        try Self.expectSameReport(single, sharded, records: records)
    }

    @Test func theSubcommandsWriteTheBytesOfOneRun() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let single = fixture.folder + "/single-report"
        let summary = try InProcessRun.execute(["--ndjson", fixture.ndjson, "--out", single] + fixture.runOptions)
        let shards = try fixture.shardFiles(2, seed: 4)
        let folder = fixture.folder
        func run(_ arguments: [String]) -> (code: Int32, message: String?) { CommandLineTool.outcome(arguments) }
        for (number, shard) in shards.enumerated() {
            #expect(run(["shard", "--ndjson", shard, "--buckets", "3", "--shard-name", "s\(number)", "--out", folder + "/p\(number)"]).code == 0)
        }
        let records = ["--records", folder + "/p0/records.part", "--records", folder + "/p1/records.part"]
        #expect(run(["index"] + records + ["--out", folder + "/index.part"]).code == 0)
        var booked: [String] = []
        for bucket in 0..<3 {
            let parts = (0..<2).map { folder + "/p\($0)/" + PartialFile.bucketFileName(bucket) }.filter { FileManager.default.fileExists(atPath: $0) }
            let out = folder + "/booked-\(bucket).part"
            let result = run(["merge-bucket", "--bucket", String(bucket), "--index", folder + "/index.part", "--catalog", fixture.catalog,
                              "--out", out] + parts.flatMap { ["--parts", $0] })
            #expect(result.code == 0, "\(result.message ?? "")")
            booked += ["--booked", out]
        }
        let report = folder + "/sharded-report"
        let finish = run(["finish", "--index", folder + "/index.part", "--input-label", "NDJSON \(fixture.ndjson)", "--out", report]
            + records + booked + fixture.runOptions)
        #expect(finish.code == 0, "\(finish.message ?? "")")
        try Self.expectSameReport(single, report, records: summary.counts.read)

        // Usage errors: one line and exit 64; a damaged part: exit 1.
        #expect(run(["shard", "--ndjson", shards[0], "--shard-name", "s", "--out", folder + "/x"])
            == (64, "shard: give the number of buckets with --buckets N"))
        #expect(run(["shard", "--ndjson", shards[0], "--buckets", "0", "--shard-name", "s", "--out", folder + "/x"])
            == (64, "shard: --buckets takes a number from 1 to 1000000, not \"0\""))
        #expect(run(["index", "--out", folder + "/i.part"]) == (64, "index: give every shard's records.part with --records FILE (repeatable)"))
        #expect(run(["index", "--records", folder + "/p0/records.part", "--records", folder + "/p0/records.part", "--out", folder + "/i.part"])
            == (64, "two records parts are both of shard s0: each shard needs its own --shard-name"))
        #expect(run(["merge-bucket", "--bucket", "0", "--index", folder + "/p0/records.part", "--out", folder + "/b.part"])
            == (64, "\(folder)/p0/records.part is a records part, not a record index"))
        #expect(run(["finish", "--index", folder + "/index.part", "--records", folder + "/p0/records.part", "--out", folder + "/r"])
            == (64, "finish: give the records.part of every shard the index was built from (2, not 1)"))
        let cut = folder + "/cut.part"
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/index.part"))
        try whole.dropLast(3).write(to: URL(fileURLWithPath: cut))
        #expect(run(["merge-bucket", "--bucket", "0", "--index", cut, "--out", folder + "/b.part"]).code == 1)
        #expect(run(["finish", "--help"]).code == 0)
    }

    @Test func aRunUnderAMemoryLimitWritesTheBytesOfOneRun() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let single = fixture.folder + "/single-report"
        _ = try InProcessRun.execute(["--db", fixture.folder + "/receipts.sqlite", "--out", single] + fixture.runOptions)
        let limited = fixture.folder + "/limited-report"
        // A quarter of the limit of input a bucket: 52 buckets for 13 MiB.
        let summary = try InProcessRun.execute(["--db", fixture.folder + "/receipts.sqlite", "--out", limited, "--memory-limit", "1M"]
            + fixture.runOptions)
        #expect(ShardStages.bucketCount(inputBytes: 13 << 20, memoryLimit: 1 << 20) == 52)
        let names = try FileManager.default.contentsOfDirectory(atPath: single).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count > 20)
        for name in names {
            var one = try Data(contentsOf: URL(fileURLWithPath: single + "/" + name))
            var other = try Data(contentsOf: URL(fileURLWithPath: limited + "/" + name))
            if name == "manifest.json" {
                // The one difference: the report folder's name.
                one = Data(String(decoding: one, as: UTF8.self).replacingOccurrences(of: single, with: "OUT").utf8)
                other = Data(String(decoding: other, as: UTF8.self).replacingOccurrences(of: limited, with: "OUT").utf8)
            }
            #expect(one == other, "\(name) differs")
        }
        #expect(summary.counts.read == DemoSample.size)
    }

    /// Issue 26: a run under a memory limit shows its phases, and the merge of the buckets
    /// counts buckets against their total (so the progress line gives a time left).
    @Test func aRunUnderAMemoryLimitCountsTheBucketsItMerges() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let observer = RecordingObserver()
        let options = try RunCommand.parse(["--db", fixture.folder + "/receipts.sqlite", "--out", fixture.folder + "/r",
                                            "--memory-limit", "1M"] + fixture.runOptions)
        _ = try ReportRun(options: options, progress: observer).execute()
        let merging = try #require(observer.events.firstIndex { $0.hasPrefix("phase merging ") })
        let buckets = try #require(Int(observer.events[merging].split(separator: " ")[2]))
        #expect(buckets > 1)
        #expect(observer.events[merging] == "phase merging \(buckets) buckets one at a time")
        #expect(Array(observer.events[merging + 1 ... merging + 2]) == ["start \(buckets) buckets", "finish after \(buckets)"])
        #expect(observer.events.first == "phase cutting records into \(buckets) buckets")
        #expect(observer.events.contains("phase joining buckets") && observer.events.contains("phase writing reports"))
    }

    @Test func theProgressLineCountsItsUnitAndSaysTheTimeLeft() {
        #expect(ProgressReporter.line(done: 12, total: 48, unit: "buckets", elapsed: 4)
            == "buckets 12/48 (25%)  3.0 buckets/s  12s left")
        #expect(ProgressReporter.line(done: 250_000, total: 1_000_000, unit: "records", elapsed: 5)
            == "records 250000/1000000 (25%)  50000 records/s  15s left")
        #expect(ProgressReporter.line(done: 120_000, total: 0, unit: "records", elapsed: 2) == "records 120000  60000 records/s")
        #expect(ProgressReporter.line(done: 1, total: 400, unit: "buckets", elapsed: 0.5) == "buckets 1/400 (0%)  2.0 buckets/s  3m20s left")
    }

    @Test func memoryLimitsAreSizes() {
        var options = RunOptions(input: .ndjson(path: "x"))
        for (text, bytes) in [("256M", 256 << 20), ("2G", 2 << 30), ("1048576", 1 << 20), ("512KiB", nil), ("1024K", 1 << 20), ("3MB", 3 << 20),
                              ("1MiB", 1 << 20), ("64K", nil), ("256B", nil), ("", nil), ("M", nil), ("-1G", nil), ("1.5G", nil),
                              ("99999999999G", nil)] as [(String, Int?)] {
            options.memoryLimit = nil
            #expect(options.setMemoryLimit(text) == (bytes != nil), "\(text)")
            #expect(options.memoryLimit == bytes, "\(text)")
        }
        #expect(CommandLineTool.outcome(["run", "--ndjson", "x", "--memory-limit", "1K"])
            == (64, "run: --memory-limit takes a size of at least 1M (such as 256M or 2G) or auto, not \"1K\""))
    }

    /// Every file of `expected` is in `actual` with the same bytes, and no other; the
    /// manifests differ only in their records input.
    static func expectSameReport(_ expected: String, _ actual: String, records: Int) throws {
        // The tool's own folder (`.receipt-ledger`: the lock and staging) aside.
        func files(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
        }
        let names = try files(expected)
        #expect(try files(actual) == names)
        #expect(names.count > 20)
        for name in names where name != "manifest.json" {
            let one = try Data(contentsOf: URL(fileURLWithPath: expected + "/" + name))
            let other = try Data(contentsOf: URL(fileURLWithPath: actual + "/" + name))
            #expect(one == other, "\(name) differs")
        }
        let (oneManifest, oneInput) = try manifestWithoutRecordsInput(expected + "/manifest.json")
        let (otherManifest, otherInput) = try manifestWithoutRecordsInput(actual + "/manifest.json")
        #expect(oneManifest == otherManifest, "the manifests differ beyond their records input and --out")
        #expect(oneInput["format"] as? String == "ndjson")
        #expect(otherInput["format"] as? String == "partial-state")
        #expect(oneInput["records"] as? Int == records)
        #expect(otherInput["records"] as? Int == records)
    }

    /// The manifest without its records input and `--out` (as JSON text, keys sorted), and
    /// that input.
    static func manifestWithoutRecordsInput(_ path: String) throws -> (String, [String: Any]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var inputs = try #require(manifest["inputs"] as? [[String: Any]])
        let records = try #require(inputs.firstIndex { $0["role"] as? String == "records" })
        let input = inputs.remove(at: records)
        manifest["inputs"] = inputs
        var options = try #require(manifest["options"] as? [String: Any])
        options["out"] = nil
        manifest["options"] = options
        let text = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        return (String(decoding: text, as: UTF8.self), input)
    }
}

/// What a run told its observer, in order: phases, starts, and how many were counted by each
/// finish (the advances summed).
final class RecordingObserver: RunObserver, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var events: [String] = []
    private var counted = 0

    func phase(_ name: String) { lock.withLock { events.append("phase \(name)") } }
    func start(total: Int, unit: String) { lock.withLock { counted = 0; events.append("start \(total) \(unit)") } }
    func advance(by count: Int) { lock.withLock { counted += count } }
    func finish() { lock.withLock { events.append("finish after \(counted)") } }
}
