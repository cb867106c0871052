import Foundation
import ReceiptLedger
import ReceiptLedgerDemo

/// `receipt-ledger bench`: the figures of the README's "Speed and memory" section.
///
/// Generates the data set when it is missing, then, `--runs` times, times the plain read of the
/// `response` column (`PlainRead`: the `sqlite3` command when one is installed, and the same
/// query in this process), the input's SHA-256 alone (`InputHashTiming`) and the whole `run`
/// pipeline on the same file, every output written (`ChildRun`), noting how much of the input
/// the page cache held first (`PageCacheResidency`). Runs alternate, so all see the same
/// machine; the report gives medians, the pipeline's records/s and MB/s, its ratio to the plain
/// read and its peak memory. With `--verify` it then checks that the reference reading
/// (`run --reference`) writes the same files.
enum BenchCommand {
    static let options: [String: ArgumentScanner.Kind] = [
        "records": .value, "seed": .value, "shape": .value, "data": .value, "runs": .value, "ndjson": .flag, "templates": .value, "verify": .flag,
    ]

    static func execute(_ arguments: [String]) throws -> Int32 {
        let scan = try ArgumentScanner(arguments, options: options, command: "bench")
        let records = try scan.integer("records", command: "bench", range: 1...50_000_000) ?? 200_000
        let seed = try scan.integer("seed", command: "bench", range: 0...Int.max) ?? 1
        let runs = try scan.integer("runs", command: "bench", range: 1...100) ?? 3
        let shapeName = scan.value("shape") ?? DemoShape.demo.rawValue
        guard let shape = DemoShape(rawValue: shapeName) else {
            throw UsageError("bench: --shape must be one of \(DemoShape.allCases.map(\.rawValue).joined(separator: ", ")), not \(shapeName)")
        }
        let data = BenchData(directory: scan.value("data") ?? "reports/bench-data", records: records, seed: seed, shape: shape)
        let withNDJSON = scan.has("ndjson")
        let templates = scan.value("templates").map { ["--templates", $0] } ?? []

        let generated = try data.ensure(ndjson: withNDJSON, log: log)
        let scratch = NSTemporaryDirectory() + "receipt-ledger-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let common = ["--catalog", data.catalogPath, "--out", scratch + "/out"] + templates
        let sqliteRun = ["run", "--db", data.sqlitePath] + common
        let ndjsonRun = ["run", "--ndjson", data.ndjsonPath, "--orders", data.ordersPath] + common

        // One untimed read first, so every timed run finds the file in the page cache.
        var responseCharacters = try PlainRead.measure(path: data.sqlitePath).responseCharacters
        let command = PlainRead.command
        var plainCommand: [Double] = []
        var plain: [Double] = []
        var inputHash: [Double] = []
        var pipeline: [ChildRun.Result] = []
        var ndjson: [ChildRun.Result] = []
        var cached = BenchReport.CacheShares()
        for run in 1...runs {
            log("run \(run) of \(runs)…")
            if let command {
                let read = try PlainRead.measureCommand(command, path: data.sqlitePath, logPath: scratch + "/plain.log")
                plainCommand.append(read.seconds)
                guard read.responseCharacters == responseCharacters else {
                    throw FatalError("\(command) summed \(read.responseCharacters) characters, this process \(responseCharacters)")
                }
            }
            let read = try PlainRead.measure(path: data.sqlitePath)
            plain.append(read.seconds)
            responseCharacters = read.responseCharacters
            inputHash.append(try InputHashTiming.measure(path: data.sqlitePath))
            cached.sqlite.append(PageCacheResidency.fraction(ofFileAt: data.sqlitePath))
            pipeline.append(try child(sqliteRun, scratch: scratch))
            if withNDJSON {
                cached.ndjson.append(PageCacheResidency.fraction(ofFileAt: data.ndjsonPath))
                ndjson.append(try child(ndjsonRun, scratch: scratch))
            }
        }

        let report = BenchReport(records: records, seed: seed, shape: shape, responseBytes: responseCharacters,
                                 inputBytes: BenchData.fileSize(data.sqlitePath), plainCommand: plainCommand, plain: plain, inputHash: inputHash, pipeline: pipeline,
                                 ndjson: ndjson, ndjsonBytes: withNDJSON ? BenchData.fileSize(data.ndjsonPath) : 0,
                                 generated: !generated.isEmpty, cached: cached)
        print(report.text)
        print(try MemoryPerTransaction.measure(pipeline: pipeline, run: sqliteRun, out: scratch + "/out", data: data, log: log) {
            try child($0, scratch: scratch)
        }.line)
        guard scan.has("verify") else { return ExitCode.success }
        log("verify: the default and the reference reading of \(data.sqlitePath)…")
        return try verify(sqliteRun, out: scratch + "/out", scratch: scratch) ? ExitCode.success : ExitCode.fatal
    }

    /// Runs the pipeline the default way and the reference way (`JournalPipeline.reference`:
    /// Foundation's JSON parser, one reading thread, two passes) into the same folder in turn, and compares every file they write, byte for
    /// byte: the manifest too, which names the folder.
    private static func verify(_ run: [String], out: String, scratch: String) throws -> Bool {
        let files = FileManager.default
        _ = try child(run, scratch: scratch)
        let fast = scratch + "/fast"
        try? files.removeItem(atPath: fast)
        try files.moveItem(atPath: out, toPath: fast)
        let reference = try child(run + ["--reference"], scratch: scratch)
        let names = Set((try? files.contentsOfDirectory(atPath: fast)) ?? []).union((try? files.contentsOfDirectory(atPath: out)) ?? [])
            .subtracting([ReportStaging.stateName]).sorted()
        let differing = names.filter { files.contents(atPath: fast + "/" + $0) != files.contents(atPath: out + "/" + $0) }
        if differing.isEmpty {
            print("verify: the reference reading (Foundation's JSON parser, one reading thread, two passes; "
                  + "\(BenchReport.fixed(reference.seconds, 3)) s) "
                  + "wrote the same \(names.count) files, byte for byte")
            return true
        }
        print("verify: the reference reading wrote different bytes in \(differing.joined(separator: ", "))")
        return false
    }

    /// One pipeline run; a failing run is an error (its log names the cause).
    private static func child(_ arguments: [String], scratch: String) throws -> ChildRun.Result {
        let logPath = scratch + "/run.log"
        let result = try ChildRun.run(arguments, logPath: logPath)
        guard result.exitCode == 0 else {
            let output = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw FatalError("benchmark run failed with exit code \(result.exitCode): \(output.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return result
    }

    private static func log(_ text: String) {
        FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
    }
}
