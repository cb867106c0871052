import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// `bench`'s memory per transaction (issue 26): (peak RSS − the baseline run's) ÷ the
/// transactions booked beyond the baseline's, the counts read from the runs' manifests, the
/// baseline run on the one-record data set (a run refuses an input without a record).
@Suite struct MemoryPerTransactionTests {
    @Test func dividesThePeakAboveTheBaselineByTheTransactionsBeyondIt() {
        let memory = MemoryPerTransaction(peakRSSBytes: 300 << 20, baselinePeakRSSBytes: 50 << 20, transactions: 200_002,
                                          baselineTransactions: 2)
        // 250 MiB = 262,144,000 bytes ÷ 200,000 = 1,310.72.
        #expect(memory.bytesPerTransaction == 1_310.72)
        #expect(memory.line == "memory      (peak RSS 300 MiB − 50 MiB of a run on 1 record) ÷ (200002 − 2 transactions): "
            + "1,311 bytes per transaction")
        let none = MemoryPerTransaction(peakRSSBytes: 60 << 20, baselinePeakRSSBytes: 50 << 20, transactions: 1, baselineTransactions: 1)
        #expect(none.bytesPerTransaction == nil)
        #expect(none.line.hasSuffix("÷ (1 − 1 transactions): no transaction beyond the baseline's"))
    }

    @Test func readsBothManifestsAndRunsTheSameCommandOnTheOneRecordDataSet() throws {
        let folder = try HostileSupport.temporaryFolder("bench-memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        let manifest = URL(fileURLWithPath: folder + "/out/manifest.json")
        try Data(#"{"tool": "receipt-ledger", "counts": {"records_read": 9, "transactions": 1234, "anomalies": 2}}"#.utf8).write(to: manifest)
        let data = BenchData(directory: folder, records: 10, seed: 1)
        let run = ["run", "--db", data.sqlitePath, "--catalog", data.catalogPath, "--out", folder + "/out"]
        var ran: [[String]] = []
        let memory = try MemoryPerTransaction.measure(
            pipeline: [ChildRun.Result(seconds: 1, peakRSSBytes: 90 << 20, exitCode: 0), ChildRun.Result(seconds: 1, peakRSSBytes: 120 << 20, exitCode: 0)],
            run: run, out: folder + "/out", data: data, log: { _ in }
        ) { arguments in
            ran.append(arguments)
            try Data(#"{"counts": {"transactions": 4}}"#.utf8).write(to: manifest)
            return ChildRun.Result(seconds: 0.1, peakRSSBytes: 40 << 20, exitCode: 0)
        }
        #expect(ran == [["run", "--db", folder + "/receipts-1-s1.sqlite", "--catalog", data.catalogPath, "--out", folder + "/out"]])
        #expect(try SQLiteDatabase.integer(path: folder + "/receipts-1-s1.sqlite", sql: "SELECT count(*) FROM verification_results") == 1)
        #expect(memory.peakRSSBytes == 120 << 20)
        #expect(memory.baselinePeakRSSBytes == 40 << 20)
        #expect(memory.transactions == 1234)
        #expect(memory.baselineTransactions == 4)
        #expect(memory.bytesPerTransaction == Double(80 << 20) / 1230)
    }

    @Test func theBaselineRunBooksTheOneRecordsTransactions() throws {
        let folder = try HostileSupport.temporaryFolder("bench-memory-baseline")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let baseline = BenchData(directory: folder, records: 1, seed: 1)
        _ = try baseline.ensure(ndjson: false, log: { _ in })
        let out = folder + "/out"
        let result = CommandLineTool.outcome(["run", "--db", baseline.sqlitePath, "--catalog", baseline.catalogPath, "--out", out,
                                              "--templates", HostileSupport.templatesPath])
        #expect(result.code == 0, "\(result.message ?? "")")
        #expect(try MemoryPerTransaction.transactions(inManifestAt: out + "/manifest.json") == 1)
    }

    @Test func aManifestWithoutTheCountIsAnError() throws {
        let folder = try HostileSupport.temporaryFolder("bench-memory-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"counts": {"records_read": 9}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        #expect(throws: FatalError.self) { try MemoryPerTransaction.transactions(inManifestAt: folder + "/manifest.json") }
        #expect(throws: FatalError.self) { try MemoryPerTransaction.transactions(inManifestAt: folder + "/missing.json") }
    }

    /// The parent holds 256 MiB, touched, while the child runs `--help`: the child's own peak
    /// (`ChildPeakMemory`, its `VmHWM`) stays far below it, as `wait4`'s `ru_maxrss` does not
    /// on Linux (it starts at the parent's peak).
    @Test func aChildsPeakIsItsOwnNotTheParents() throws {
        let folder = try HostileSupport.temporaryFolder("bench-child-peak")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let held = 256 << 20
        var ballast = [UInt8](repeating: 0, count: held)
        for page in stride(from: 0, to: held, by: 4096) { ballast[page] = 1 }
        let result = try ChildRun.run(["--help"], executable: try InterruptedRunTests.binary(), logPath: folder + "/log")
        #expect(result.exitCode == 0)
        #expect(result.peakRSSBytes > 1 << 20 && result.peakRSSBytes < 128 << 20, "\(result.peakRSSBytes) bytes")
        #expect(ballast.reduce(0) { $0 &+ Int($1) } == held / 4096)
    }
}

/// `run --memory-limit` says on stderr when the run's peak passed the limit, and what the limit
/// holds (the merge; the transactions, on disk) and does not (the index of their ids, the ledgers,
/// the subscriptions).
@Suite struct MemoryLimitCheckTests {
    @Test func aPeakAboveTheLimitIsSaidWithWhatTheLimitHolds() {
        #expect(MemoryLimitCheck.warning(limitBytes: 256 << 20, peakBytes: 560 << 20, transactions: 560_902)
            == "warning: the run's peak memory was 560 MiB, above --memory-limit 256 MiB: the limit holds the merge to one "
            + "bucket of transactions at a time, the transactions stay on disk, but the index of their ids, the ledgers and "
            + "the subscriptions of 560,902 transactions are held in memory (docs/PARTIAL-STATE.md)")
        #expect(MemoryLimitCheck.warning(limitBytes: 256 << 20, peakBytes: (256 << 20) + 1, transactions: 1)?
            .hasPrefix("warning: the run's peak memory was 257 MiB, above --memory-limit 256 MiB") == true)
    }

    @Test func aPeakWithinTheLimitIsNotMentioned() {
        #expect(MemoryLimitCheck.warning(limitBytes: 256 << 20, peakBytes: 256 << 20, transactions: 560_902) == nil)
        #expect(MemoryLimitCheck.warning(limitBytes: 256 << 20, peakBytes: 90 << 20, transactions: 560_902) == nil)
    }
}

/// The limit a run takes from the machine's memory when it was given none, or `auto`.
@Suite struct AutomaticMemoryLimitTests {
    @Test func aRunWhoseInputFitsTakesNoLimit() {
        // 8 GiB free: an input up to 16 GiB (a quarter of it in half of what is free) runs whole.
        #expect(AutomaticMemoryLimit.limit(inputBytes: 16 << 30, availableBytes: 8 << 30) == nil)
        #expect(AutomaticMemoryLimit.limit(inputBytes: 5 << 30, availableBytes: 8 << 30) == nil)
    }

    @Test func aRunWhoseInputMayNotFitTakesHalfOfWhatIsFree() {
        #expect(AutomaticMemoryLimit.limit(inputBytes: (16 << 30) + 4, availableBytes: 8 << 30) == 4 << 30)
        #expect(AutomaticMemoryLimit.limit(inputBytes: 1 << 40, availableBytes: 100 << 20) == 64 << 20)
        #expect(AutomaticMemoryLimit.half(of: 8 << 30) == 4 << 30 && AutomaticMemoryLimit.half(of: 0) == 64 << 20)
    }

    @Test func theNoteSaysWhatHappensAndHowToChooseTheLimit() {
        #expect(AutomaticMemoryLimit.note(inputBytes: 40 << 30, limitBytes: 4 << 30)
            == "note: the input (40960 MiB) could need more memory than half of what is free: merging in buckets under 4096 MiB, "
            + "slower, the same report (--memory-limit SIZE sets the limit)")
    }

    @Test func theMachineHasSomeMemoryFreeAndAutoTakesHalf() throws {
        #expect(AutomaticMemoryLimit.availableBytes() > 1 << 20)
        let options = try RunCommand.parse(["--ndjson", "x.ndjson", "--memory-limit", "auto"])
        #expect((options.memoryLimit ?? 0) >= 64 << 20)
    }
}

