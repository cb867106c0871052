import Foundation
import Testing
@testable import ReceiptLedger

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

    @Test func readOnlyReportFolderFailsWithExit1AndKeepsThePreviousReport() throws {
        let folder = try HostileSupport.temporaryFolder("read-only")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = folder + "/records.ndjson"
        try (HostileSupport.line(id: "1", response: HostileSupport.answer("1000")) + "\n").write(toFile: records, atomically: true, encoding: .utf8)
        let out = folder + "/reports"
        let arguments = ["run", "--ndjson", records, "--out", out, "--templates", HostileSupport.templatesPath]
        #expect(CommandLineTool.outcome(arguments) == (0, nil))
        let previous = try HostileSupport.snapshot(out)

        guard Self.chattr("+i", out) else {
            print("ReadOnlyOutputTests: chattr +i is not available here; read-only folder not tested")
            return
        }
        defer { Self.chattr("-i", out) }
        let result = CommandLineTool.outcome(arguments + ["--period", "day"])
        #expect(result.code == 1)
        #expect(result.message == "cannot write the report to \(out): cannot write \(out)/anomalies.csv: Operation not permitted")
        #expect(try HostileSupport.snapshot(out) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["records.ndjson", "reports"])

        // The folder holding it read-only too: not even the staging folder can be made.
        guard Self.chattr("+i", folder) else { return }
        defer { Self.chattr("-i", folder) }
        let parent = CommandLineTool.outcome(arguments + ["--period", "day"])
        #expect(parent.code == 1)
        #expect(parent.message == "cannot prepare \(out): cannot create folder \(folder)/.reports.staging-\(getpid()): Operation not permitted")
        #expect(try HostileSupport.snapshot(out) == previous)
    }
}
