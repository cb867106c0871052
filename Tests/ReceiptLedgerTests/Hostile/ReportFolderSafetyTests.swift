import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// Issue 21, items 3, 4, 7 and 8 through the command line: `--out` never touches what the tool
/// did not write, refuses a folder that is not a report folder (unless `--force`), removes only
/// what its previous report listed, and a failed run leaves no folder it created.
@Suite struct ReportFolderSafetyTests {
    let folder: String
    let records: String

    init() throws {
        folder = try HostileSupport.temporaryFolder("report-folder")
        records = folder + "/records.ndjson"
        let lines = [HostileSupport.line(id: "1", response: HostileSupport.answer("1000")),
                     HostileSupport.line(id: "2", user: "\"u2\"", response: HostileSupport.answer("2000"))]
        try (lines.joined(separator: "\n") + "\n").write(toFile: records, atomically: true, encoding: .utf8)
    }

    func run(_ out: String, _ more: [String] = []) -> (code: Int32, message: String?) {
        CommandLineTool.outcome(["run", "--ndjson", records, "--out", out, "--templates", HostileSupport.templatesPath] + more)
    }

    func put(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func entries(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    static let force = " (move it away or choose another folder; --force does not change this)"

    /// The case: the user's `index.html`, `manifest.json` and `reconciliation.csv`.
    @Test func userFilesNamedLikeOutputsAreRefusedAndLeftByteForByte() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/mine"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try put("<p>my page</p>\n", out + "/index.html")
        try put("{\"name\": \"my app\"}\n", out + "/manifest.json")
        try put("order,amount\n1,9.99\n", out + "/reconciliation.csv")
        let before = try HostileSupport.snapshot(out)
        let refusal = "refusing --out \(out): \(out)/index.html was not written by receipt-ledger and the report would replace it"
            + Self.force
        #expect(run(out) == (64, refusal))
        #expect(run(out, ["--force"]) == (64, refusal))
        #expect(try HostileSupport.snapshot(out) == before)
        #expect(try entries(out) == ["index.html", "manifest.json", "reconciliation.csv"])

        // Only the CSV left: the report would still replace it.
        try FileManager.default.removeItem(atPath: out + "/index.html")
        try FileManager.default.removeItem(atPath: out + "/manifest.json")
        #expect(run(out, ["--force"]) == (64, "refusing --out \(out): \(out)/reconciliation.csv was not written by receipt-ledger "
                                          + "and the report would replace it" + Self.force))
        #expect(try entries(out) == ["reconciliation.csv"])
    }

    @Test func theRootAndTheHomeFolderAreRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(run("/") == (64, "refusing --out /: it is the root folder, not a report folder (choose one, or add --force to "
                             + "write there anyway)"))
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(run(home) == (64, "refusing --out \(home): it is your home folder, not a report folder (choose one, or add "
                              + "--force to write there anyway)"))
        #expect(!FileManager.default.fileExists(atPath: "/.receipt-ledger"))
        #expect(!FileManager.default.fileExists(atPath: "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: home + "/.receipt-ledger"))
    }

    @Test func aFolderHoldingOtherFilesIsRefusedWithoutForce() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/documents"
        try FileManager.default.createDirectory(atPath: out + "/taxes", withIntermediateDirectories: true)
        for name in ["a.txt", "b.txt", "c.txt", "d.txt"] { try put(name, out + "/" + name) }
        #expect(run(out) == (64, "refusing --out \(out): the folder holds \"a.txt\", \"b.txt\", \"c.txt\" and 2 more, which "
                             + "receipt-ledger did not write; choose a new or empty folder or a report folder, or add "
                             + "--force to write the report beside them"))
        #expect(try entries(out) == ["a.txt", "b.txt", "c.txt", "d.txt", "taxes"])
        #expect(CommandLineTool.outcome(["run", "--ndjson", records, "--out", out, "--force=yes"])
                == (64, "run: --force takes no value"))
    }

    @Test func forceIntoAFolderOfUserFilesLeavesThemUntouched() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/shared"
        try FileManager.default.createDirectory(atPath: out + "/notes", withIntermediateDirectories: true)
        try put("keep\n", out + "/notes/todo.txt")
        try put("q1,q2\n", out + "/budget.csv")
        try FileManager.default.createSymbolicLink(atPath: out + "/latest.csv", withDestinationPath: "budget.csv")
        let before = try HostileSupport.snapshot(out)
        #expect(run(out, ["--force"]) == (0, nil))
        #expect(run(out, ["--force", "--period", "day"]) == (0, nil))
        let after = try HostileSupport.snapshot(out)
        for (name, bytes) in before { #expect(after[name] == bytes, "\(name)") }
        #expect(try String(contentsOfFile: out + "/notes/todo.txt", encoding: .utf8) == "keep\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/latest.csv") == "budget.csv")
        #expect(Set(after.keys) == ReportRun.ownedNames.subtracting(["reconciliation.csv"]).subtracting(ReportRun.appleNames).union(["budget.csv", "latest.csv"]))
    }

    /// The repository's `reports/` holds `.gitkeep`, the demo's report and the demo's data.
    @Test func reportsFolderHoldingGitkeepAndTheDemoIsAccepted() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reports = folder + "/reports"
        try FileManager.default.createDirectory(atPath: reports + "/demo-data", withIntermediateDirectories: true)
        try put("", reports + "/.gitkeep")
        let generator = DemoGenerator(seed: 2, records: 120)
        try generator.writeSQLite(to: reports + "/demo-data/receipts.sqlite")
        try generator.writeCatalog(to: reports + "/demo-data/catalog.csv")
        #expect(CommandLineTool.outcome(["run", "--db", reports + "/demo-data/receipts.sqlite", "--catalog",
                                         reports + "/demo-data/catalog.csv", "--out", reports + "/demo",
                                         "--templates", HostileSupport.templatesPath]) == (0, nil))
        let demo = try HostileSupport.snapshot(reports + "/demo")
        #expect(run(reports) == (0, nil))
        #expect(run(reports, ["--period", "year"]) == (0, nil))
        #expect(try HostileSupport.snapshot(reports + "/demo") == demo)
        #expect(try entries(reports) == ([".gitkeep", ".receipt-ledger", "demo", "demo-data"]
                                         + ReportRun.ownedNames.subtracting(["reconciliation.csv"]).subtracting(ReportRun.appleNames)).sorted())
    }

    /// Removed are only the links of names the previous report listed and this one lacks.
    @Test func onlyFilesThePreviousManifestListedAreRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/reports"
        let orders = folder + "/orders.csv"
        try put("order_id,user_id,product_id,transaction_id,delivered_at,revoked_at\n"
                + "o1,u1,com.example.demoapp.coins_100,1000,2024-01-01T00:00:00Z,\n", orders)
        #expect(run(out, ["--orders", orders]) == (0, nil))
        #expect(FileManager.default.fileExists(atPath: out + "/reconciliation.csv"))
        try put("mine\n", out + "/notes.txt")
        #expect(run(out, ["--force"]) == (0, nil))
        #expect(try entries(out) == ([".receipt-ledger", "notes.txt"] + ReportRun.ownedNames.subtracting(["reconciliation.csv"]).subtracting(ReportRun.appleNames)).sorted())
        #expect(try String(contentsOfFile: out + "/notes.txt", encoding: .utf8) == "mine\n")
        let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        #expect(!manifest.contains("reconciliation.csv"))
    }

    /// A report folder written by an earlier version (regular files listed by its manifest) is
    /// taken over: its files become the previous generation, byte for byte, and links replace them.
    @Test func aReportOfTheOldLayoutIsTakenOver() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = folder + "/written"
        #expect(run(written) == (0, nil))
        let old = try HostileSupport.snapshot(written)
        let out = folder + "/old"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, bytes) in old { try Data(bytes).write(to: URL(fileURLWithPath: out + "/" + name)) }
        try put("", out + "/.gitkeep")

        #expect(run(out, ["--period", "day"]) == (0, nil))
        let now = try HostileSupport.snapshot(out)
        #expect(now.keys.sorted() == (Array(old.keys) + [".gitkeep"]).sorted())
        #expect(now["manifest.json"] != old["manifest.json"])
        for name in old.keys {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/" + name) == ".receipt-ledger/current/\(name)")
        }
        #expect(try HostileSupport.snapshot(out + "/.receipt-ledger/previous") == old)
        #expect(try entries(out + "/.receipt-ledger") == ["current", "lock", "previous", "report-1", "report-2"])
        #expect(try String(contentsOfFile: out + "/.gitkeep", encoding: .utf8) == "")
    }

    /// Issue 21, item 8: a run that fails after creating `--out` (and its parents) removes them.
    @Test func failedRunsLeaveNoEmptyFoldersTheyCreated() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = folder + "/empty.ndjson"
        try put("\n", empty)
        let arguments = ["run", "--ndjson", empty, "--templates", HostileSupport.templatesPath]
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/a/b/c"]) == (64, "NDJSON \(empty) holds no records"))
        try FileManager.default.createDirectory(atPath: folder + "/kept", withIntermediateDirectories: false)
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/kept/new"]) == (64, "NDJSON \(empty) holds no records"))
        #expect(CommandLineTool.outcome(arguments + ["--out", folder + "/kept"]) == (64, "NDJSON \(empty) holds no records"))
        #expect(try entries(folder) == ["empty.ndjson", "kept", "records.ndjson"])
        #expect(try entries(folder + "/kept") == [])
        // A missing catalog (read after the folder is prepared) too.
        #expect(CommandLineTool.outcome(["run", "--ndjson", records, "--catalog", folder + "/none.csv", "--out", folder + "/x/y"])
                == (64, "catalog \(folder)/none.csv does not exist"))
        #expect(try entries(folder) == ["empty.ndjson", "kept", "records.ndjson"])
    }

    @Test func aRunOnAFolderAnotherRunHoldsFailsAtOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/reports"
        #expect(run(out) == (0, nil))
        let before = try HostileSupport.snapshot(out)
        let holder = try ReportStaging(destination: out, outputNames: ReportRun.ownedNames)
        #expect(run(out, ["--period", "day"]) == (1, "cannot write \(out): another receipt-ledger run (pid \(getpid())) is "
                                                  + "writing a report there; run again when it has finished"))
        #expect(try HostileSupport.snapshot(out) == before)
        holder.discard()
        #expect(run(out, ["--period", "day"]) == (0, nil))
    }
}
