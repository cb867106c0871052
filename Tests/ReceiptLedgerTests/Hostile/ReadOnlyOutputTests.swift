import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// ISSUE "hostile input", part 5: a report folder that cannot be written (read-only) fails the
/// run with exit 1 and one line, and leaves the previous report intact. Tests run as root, for
/// whom permissions do not stop a write, so the folder is made immutable (`chattr +i`, which
/// stops root too); where that is not possible (no chattr, no CAP_LINUX_IMMUTABLE, a file
/// system without the flag) the test says so and checks nothing.
@Suite struct ReadOnlyOutputTests {
    @discardableResult
    static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", flag, path]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Issue 21, item 7: the folder is checked before the input is read (the input here does
    /// not even exist, and the message is about the folder).
    @Test func readOnlyReportFolderFailsBeforeTheInputIsReadAndKeepsThePreviousReport() throws {
        let folder = try HostileSupport.temporaryFolder("read-only")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = folder + "/records.ndjson"
        try (HostileSupport.line(id: "1", response: HostileSupport.answer("1000")) + "\n").write(toFile: records, atomically: true, encoding: .utf8)
        let out = folder + "/reports"
        let arguments = ["run", "--ndjson", records, "--out", out, "--templates", HostileSupport.templatesPath]
        #expect(CommandLineTool.outcome(arguments) == (0, nil))
        let previous = try HostileSupport.snapshot(out)
        let state = try FileManager.default.contentsOfDirectory(atPath: out + "/.receipt-ledger").sorted()

        guard Self.chattr("+i", out) else {
            print("ReadOnlyOutputTests: chattr +i is not available here; read-only folder not tested")
            return
        }
        defer { Self.chattr("-i", out) }
        let missing = ["run", "--ndjson", folder + "/missing.ndjson", "--out", out, "--templates", HostileSupport.templatesPath]
        let started = Date()
        let result = CommandLineTool.outcome(missing)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(result.code == 1)
        #expect(result.message == "cannot prepare \(out): cannot write \(out): Operation not permitted")
        #expect(CommandLineTool.outcome(arguments + ["--period", "day"]) == (1, "cannot prepare \(out): cannot write \(out): Operation not permitted"))
        #expect(try HostileSupport.snapshot(out) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/.receipt-ledger").sorted() == state)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["records.ndjson", "reports"])
    }

    /// Issue 21, item 7: staging lives inside `--out`, so a writable report folder under a
    /// read-only parent is written as usual.
    @Test func writableReportFolderUnderAReadOnlyParentWorks() throws {
        let folder = try HostileSupport.temporaryFolder("read-only-parent")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = folder + "/records.ndjson"
        try (HostileSupport.line(id: "1", response: HostileSupport.answer("1000")) + "\n").write(toFile: records, atomically: true, encoding: .utf8)
        for out in [folder + "/reports", folder + "/empty"] {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        }
        let arguments = ["run", "--ndjson", records, "--templates", HostileSupport.templatesPath]
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/reports"]) == (0, nil))

        guard Self.chattr("+i", folder) else {
            print("ReadOnlyOutputTests: chattr +i is not available here; read-only parent not tested")
            return
        }
        defer { Self.chattr("-i", folder) }
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/reports", "--period", "day"]) == (0, nil))
        let manifest = try String(contentsOfFile: folder + "/reports/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"period\": \"day\""))
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/empty"]) == (0, nil))
        #expect(FileManager.default.fileExists(atPath: folder + "/empty/index.html"))
        // A folder that does not exist yet cannot be made there: one line, exit 1.
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/new"])
                == (1, "cannot prepare \(folder)/new: cannot create folder \(folder)/new: Operation not permitted"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["empty", "records.ndjson", "reports"])
    }
}
