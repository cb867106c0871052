import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// ISSUE "hostile input", part 5, end to end with the built binary: a run killed mid-way
/// (SIGINT while reading, SIGTERM while writing) or failing to write (a file-size limit stands
/// in for a full disk) leaves the previous report byte for byte, leaves no staging folder, says
/// why in one line and exits nonzero (130, 143, 1). Issue 21: a SIGKILL leaves the previous
/// report too, and a second run on the same folder is refused.
@Suite(.serialized) struct InterruptedRunTests {
    struct Result {
        var status: Int32
        var signalled: Bool
        var stderr: String
    }

    /// `.build/debug/receipt-ledger`, built by `swift test` with the tests.
    static func binary() throws -> String {
        for candidate in [".build/debug/receipt-ledger", ".build/x86_64-unknown-linux-gnu/debug/receipt-ledger",
                          ".build/aarch64-unknown-linux-gnu/debug/receipt-ledger"] {
            let path = HostileSupport.repository.appendingPathComponent(candidate).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--product", "receipt-ledger"]
        build.currentDirectoryURL = HostileSupport.repository
        try build.run()
        build.waitUntilExit()
        return HostileSupport.repository.appendingPathComponent(".build/debug/receipt-ledger").path
    }

    /// Starts the binary; `whileRunning` gets its process id and may signal it.
    static func run(_ executable: String, _ arguments: [String], whileRunning: (Int32) throws -> Void = { _ in }) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try whileRunning(process.processIdentifier)
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Waits until the process blocks SIGINT and SIGTERM (its signal thread is installed).
    static func waitForSignalHandling(_ pid: Int32) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
               let mask = UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << (UInt64(SIGINT) - 1)) != 0, mask & (1 << (UInt64(SIGTERM) - 1)) != 0 {
                return
            }
            usleep(2_000)
        }
        throw ReportInvariants.Violation(description: "the run did not start")
    }

    /// A demo database large enough that a run takes a while, and a first report from it.
    func makeFixture() throws -> (folder: String, arguments: [String], out: String) {
        let folder = try HostileSupport.temporaryFolder("interrupted")
        let generator = DemoGenerator(seed: 5, records: 8_000)
        try generator.writeSQLite(to: folder + "/receipts.sqlite")
        try generator.writeCatalog(to: folder + "/catalog.csv")
        let out = folder + "/reports"
        let arguments = ["run", "--db", folder + "/receipts.sqlite", "--catalog", folder + "/catalog.csv", "--out", out,
                         "--templates", HostileSupport.templatesPath]
        let first = try Self.run(try Self.binary(), arguments)
        #expect(first.status == 0, "\(first.stderr)")
        return (folder, arguments, out)
    }

    /// The run's staging folder inside `out` (`.receipt-ledger/staging-<pid>`).
    static func staging(_ out: String, pid: Int32) -> String {
        "\(out)/.receipt-ledger/staging-\(pid)"
    }

    /// Waits until `condition` holds (or 120 s passed).
    static func wait(until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(120)
        while !condition(), Date() < deadline { usleep(500) }
    }

    /// Whether the run has written a file into its staging folder.
    static func isWriting(_ out: String, pid: Int32) -> Bool {
        !((try? FileManager.default.contentsOfDirectory(atPath: staging(out, pid: pid))) ?? []).isEmpty
    }

    @Test func killedRunsLeaveThePreviousReportIntact() throws {
        let executable = try Self.binary()
        let fixture = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let previous = try HostileSupport.snapshot(fixture.out)
        #expect(Set(previous.keys) == ReportRun.ownedNames.subtracting(ReportRun.appleNames))
        let state = try FileManager.default.contentsOfDirectory(atPath: fixture.out + "/.receipt-ledger").sorted()
        #expect(state == ["current", "lock", "report-1"])
        // Another report would differ in every ledger: periods by day.
        let changed = fixture.arguments + ["--period", "day"]
        let keeps = "the report was not written; \(fixture.out) keeps its previous content\n"

        // The folder is prepared before the input is read: a stop from then on discards it.
        let reading = try Self.run(executable, changed) { pid in
            try Self.waitForSignalHandling(pid)
            Self.wait { FileManager.default.fileExists(atPath: Self.staging(fixture.out, pid: pid)) }
            kill(pid, SIGINT)
        }
        #expect(!reading.signalled)
        #expect(reading.status == 130)
        #expect(reading.stderr == "receipt-ledger: interrupted by SIGINT: \(keeps)")
        #expect(try HostileSupport.snapshot(fixture.out) == previous)

        let writing = try Self.run(executable, changed) { pid in
            try Self.waitForSignalHandling(pid)
            Self.wait { Self.isWriting(fixture.out, pid: pid) }
            kill(pid, SIGTERM)
        }
        #expect(!writing.signalled)
        #expect(writing.status == 143)
        #expect(writing.stderr == "receipt-ledger: interrupted by SIGTERM: \(keeps)")
        #expect(try HostileSupport.snapshot(fixture.out) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out + "/.receipt-ledger").sorted() == state)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder).sorted() == ["catalog.csv", "receipts.sqlite", "reports"])
    }

    /// Issue 21, items 4 and 7: a SIGKILL (no cleanup at all) while the report is written leaves
    /// the previous report as it was and its staging folder behind; the next run sweeps that
    /// folder and publishes.
    @Test func aKilledRunLeavesTheOldReportAndTheNextRunSweepsItsStaging() throws {
        let executable = try Self.binary()
        let fixture = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let previous = try HostileSupport.snapshot(fixture.out)
        let changed = fixture.arguments + ["--period", "day"]
        var killedPID: Int32 = 0
        let killed = try Self.run(executable, changed) { pid in
            killedPID = pid
            try Self.waitForSignalHandling(pid)
            Self.wait { Self.isWriting(fixture.out, pid: pid) }
            kill(pid, SIGKILL)
        }
        #expect(killed.signalled)
        #expect(try HostileSupport.snapshot(fixture.out) == previous)
        let left = Self.staging(fixture.out, pid: killedPID)
        #expect(FileManager.default.fileExists(atPath: left))

        let next = try Self.run(executable, changed)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(!FileManager.default.fileExists(atPath: left))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out + "/.receipt-ledger").sorted()
                == ["current", "lock", "previous", "report-1", "report-2"])
        let now = try HostileSupport.snapshot(fixture.out)
        #expect(Set(now.keys) == ReportRun.ownedNames.subtracting(ReportRun.appleNames))
        #expect(now != previous)
        let manifest = try JSONDocument(bytes: now["manifest.json"] ?? []).root
        for output in manifest["outputs"]?.elements ?? [] {
            let name = try #require(output["file"]?.string)
            #expect(SHA256.hexDigest(of: now[name] ?? []) == output["sha256"]?.string, "\(name)")
        }
    }

    /// Issue 21, item 4: a second run on a folder another run is writing fails at once with one
    /// line naming the folder and the first run's process id; the first run is not disturbed.
    @Test func aSecondRunOnTheSameFolderIsRefusedAtOnce() throws {
        let executable = try Self.binary()
        let fixture = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        var second: Result?
        var firstPID: Int32 = 0
        var secondSeconds = 0.0
        let first = try Self.run(executable, fixture.arguments + ["--period", "quarter"]) { pid in
            firstPID = pid
            try Self.waitForSignalHandling(pid)
            Self.wait { FileManager.default.fileExists(atPath: Self.staging(fixture.out, pid: pid)) }
            let started = Date()
            second = try Self.run(executable, fixture.arguments + ["--period", "week"])
            secondSeconds = Date().timeIntervalSince(started)
        }
        #expect(first.status == 0, "\(first.stderr)")
        #expect(second?.status == 1)
        #expect(second?.stderr == "receipt-ledger: cannot write \(fixture.out): another receipt-ledger run (pid \(firstPID)) is "
                + "writing a report there; run again when it has finished\n")
        #expect(secondSeconds < 10)
        let manifest = try String(contentsOfFile: fixture.out + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"period\": \"quarter\""))
        #expect(try String(contentsOfFile: fixture.out + "/ledger_period.csv", encoding: .utf8).contains("-Q"))
    }

    @Test func interruptionMessagesSayWhatHappenedToTheReport() {
        #expect(Interruption.message(signal: SIGINT, discarded: []) == "interrupted by SIGINT")
        #expect(Interruption.message(signal: SIGTERM, discarded: ["out/reports/.receipt-ledger/staging-42"])
                == "interrupted by SIGTERM: the report was not written; out/reports keeps its previous content")
        #expect(Interruption.message(signal: SIGHUP, discarded: [], published: ["out/reports"])
                == "interrupted by SIGHUP after the report in out/reports was complete")
        #expect(Interruption.message(signal: 99, discarded: []) == "interrupted by signal 99")
    }

    /// `ulimit -f` makes every write past 64 KiB fail with EFBIG, as a full disk fails with ENOSPC.
    @Test func failedWriteLeavesThePreviousReportIntactAndSaysWhy() throws {
        let executable = try Self.binary()
        let folder = try HostileSupport.temporaryFolder("disk-full")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generator = DemoGenerator(seed: 6, records: 1_500)
        try generator.writeSQLite(to: folder + "/receipts.sqlite")
        let out = folder + "/reports"
        let arguments = ["run", "--db", folder + "/receipts.sqlite", "--out", out, "--templates", HostileSupport.templatesPath]
        #expect(try Self.run(executable, arguments).status == 0)
        let previous = try HostileSupport.snapshot(out)

        let limited = try Self.run("/bin/bash", ["-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\"", executable] + arguments + ["--period", "day"])
        #expect(limited.status == 1)
        #expect(limited.stderr.hasPrefix("receipt-ledger: cannot write the report to \(out): cannot write \(out)/"))
        #expect(limited.stderr.hasSuffix(": File too large\n"))
        #expect(limited.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try HostileSupport.snapshot(out) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["receipts.sqlite", "reports"])
    }
}
