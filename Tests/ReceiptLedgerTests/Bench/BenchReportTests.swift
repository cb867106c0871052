import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// What `receipt-ledger bench` prints: medians, the ratios the targets are stated in, the peak
/// memory of the largest run, the pipeline's CPU time and the input hash's share of it.
@Suite struct BenchReportTests {
    private func run(_ seconds: Double, rss: Int64, cpu: Double) -> ChildRun.Result {
        ChildRun.Result(seconds: seconds, peakRSSBytes: rss, exitCode: 0, cpuSeconds: cpu)
    }

    @Test func printsMediansRatiosPeakMemoryAndCPU() {
        let report = BenchReport(
            records: 1_000, seed: 7, responseBytes: 3_000_000, inputBytes: 4_000_000,
            plainCommand: [0.5, 0.4, 0.6], plain: [0.45, 0.5, 0.3], inputHash: [0.6, 0.54, 0.5],
            pipeline: [run(2.0, rss: 100 << 20, cpu: 3.0), run(1.0, rss: 300 << 20, cpu: 1.9), run(1.5, rss: 200 << 20, cpu: 2.7)],
            ndjson: [run(1.8, rss: 90 << 20, cpu: 3.2), run(1.6, rss: 95 << 20, cpu: 3.1), run(2.2, rss: 80 << 20, cpu: 4.0)],
            ndjsonBytes: 5_000_000, generated: false,
            cached: .init(sqlite: [1.0, 0.955, nil], ndjson: [0.8, 0.8, 0.8]))
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[0].hasPrefix("receipt-ledger bench: 1000 records (seed 7), 3.0 MB of responses, SQLite file 4.0 MB, "))
        #expect(lines[0].hasSuffix("median of 3 runs"))
        #expect(lines[1] == "plain read  (sqlite3 FILE \"\(PlainRead.sql)\", a process like the pipeline's): 0.500 s; "
            + "the same query in this process: 0.450 s")
        // Medians 1.5 s and 0.5 s (the command's): 666.67 records/s, 2.0 MB/s, 3 ×, and 3.33 ×
        // the read in this process (median 0.45 s); the largest peak, 300 MiB.
        #expect(lines[2] == "pipeline    (run --db, every output written): 1.500 s, 667 records/s, 2.0 MB/s, "
            + "ratio 3.00 × plain read (3.33 × the read in this process), peak RSS 300 MiB")
        #expect(lines[3].hasPrefix("pipeline CPU: 2.700 s, user and system over all threads (1.80 × the wall time, on "))
        // Median 0.54 s: 1.08 × the plain read's 0.5 s, 20 % of the pipeline's 2.7 CPU-s.
        #expect(lines[4] == "input SHA-256 alone (the manifest's digest, on one core): 0.540 s, 1.08 × plain read, 20 % of the pipeline CPU")
        #expect(lines[5] == "ndjson      (run --ndjson, 5.0 MB file): 1.800 s, 556 records/s, ratio 1.20 × the SQLite pipeline, peak RSS 95 MiB")
        // Shares are rounded down (99.6 % is not all of it); a run that could not tell is left out.
        #expect(lines[6] == "input in the page cache before each run: SQLite 95–100 %, NDJSON 80 % (below 100 %, runs also read the disk)")
        #expect(lines[7] == "runs (plain/pipeline s = ratio): 0.500/2.000 = 4.00, 0.400/1.000 = 2.50, 0.600/1.500 = 2.50")
    }

    @Test func leavesOutWhatWasNotMeasured() {
        let report = BenchReport(records: 10, seed: 1, responseBytes: 1_000, inputBytes: 2_000, plain: [1.0],
                                 pipeline: [run(2.0, rss: 1 << 20, cpu: 3.0)], ndjson: [], ndjsonBytes: 0, generated: true,
                                 cached: .init(sqlite: [nil], ndjson: []))
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasSuffix("median of 1 run (data generated now)"))
        // Without a sqlite3 command the read in this process is the baseline.
        #expect(lines[1] == "plain read  (\(PlainRead.sql), in this process: no sqlite3 command found): 1.000 s")
        #expect(lines[2].contains("ratio 2.00 × plain read, peak RSS 1 MiB"))
        #expect(!report.text.contains("SHA-256") && !report.text.contains("page cache") && !report.text.contains("ndjson"))
    }

    @Test func theSQLiteCommandReadsWhatThisProcessReads() throws {
        let command = try #require(PlainRead.command, "no sqlite3 command (.ci/run installs one)")
        let path = NSTemporaryDirectory() + "plain-read-\(getpid()).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try SQLiteDatabase(path: path, readOnly: false)
        try database.execute("CREATE TABLE verification_results (id INTEGER PRIMARY KEY, response TEXT)")
        try database.execute("INSERT INTO verification_results (response) VALUES ('{\"status\":0}'), ('é'), (NULL)")
        let inProcess = try PlainRead.measure(path: path)
        let byCommand = try PlainRead.measureCommand(command, path: path, logPath: path + ".log")
        try? FileManager.default.removeItem(atPath: path + ".log")
        // 12 characters, then 1 (a character, not its two bytes); NULL adds nothing.
        #expect(inProcess.responseCharacters == 13)
        #expect(byCommand.responseCharacters == 13)
        #expect(byCommand.seconds > 0)
    }

    @Test func residencyOfAFileJustWrittenIsKnown() throws {
        let path = NSTemporaryDirectory() + "residency-\(getpid()).bin"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 64 << 10)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let share = try #require(PageCacheResidency.fraction(ofFileAt: path))
        #expect(share > 0 && share <= 1)
        #expect(PageCacheResidency.fraction(ofFileAt: path + ".missing") == nil)
    }
}
