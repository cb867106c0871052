import Foundation
import Testing
@testable import ReceiptLedger

/// Serialized: `discardAllActive()` acts on every staging folder of the process.
@Suite(.serialized) struct AtomicReportFolderTests {
    private let root: String
    private let files = FileManager.default
    static let names: Set<String> = ["transactions.csv", "index.html", "refunds.csv", "reconciliation.csv"]

    init() throws {
        root = NSTemporaryDirectory() + "staging-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    private func contents(_ path: String) throws -> [String] {
        try files.contentsOfDirectory(atPath: path).sorted()
    }

    private func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func put(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A staging for `destination` with the test's names.
    private func staging(_ destination: String, force: Bool = false) throws -> ReportStaging {
        try ReportStaging(destination: destination, outputNames: Self.names, force: force)
    }

    @Test func firstReportIntoAMissingFolderIsLinksIntoOneGeneration() throws {
        defer { try? files.removeItem(atPath: root) }
        let staging = try staging(root + "/out/reports/")
        let destination = root + "/out/reports"
        #expect(staging.destination == destination)
        #expect(staging.stagingPath == destination + "/.receipt-ledger/staging-\(getpid())")
        #expect(ReportStaging.activeStagingPaths.contains(staging.stagingPath))
        let summary = try staging.write("transactions.csv", text: "a,b\n")
        #expect(summary == StagedFile(name: "transactions.csv", byteCount: 4,
                                      sha256: SHA256.hexDigest(of: Array("a,b\n".utf8))))
        try staging.write("index.html", bytes: Array("<html></html>\n".utf8))
        try staging.commit()
        #expect(try contents(root + "/out") == ["reports"])
        #expect(try contents(destination) == [".receipt-ledger", "index.html", "transactions.csv"])
        #expect(try files.destinationOfSymbolicLink(atPath: destination + "/index.html") == ".receipt-ledger/current/index.html")
        #expect(try contents(destination + "/.receipt-ledger") == ["current", "lock", "report-1"])
        #expect(try files.destinationOfSymbolicLink(atPath: destination + "/.receipt-ledger/current") == "report-1")
        #expect(try text(destination + "/transactions.csv") == "a,b\n")
        #expect(!ReportStaging.activeStagingPaths.contains(staging.stagingPath))
        staging.discard()  // no effect after commit
        #expect(try contents(destination) == [".receipt-ledger", "index.html", "transactions.csv"])
    }

    /// Staging inside `--out` is on its file system, so a mount point (a container volume, NFS)
    /// works: no rename crosses file systems.
    @Test func stagingLivesInsideTheReportFolder() throws {
        defer { try? files.removeItem(atPath: root) }
        let staging = try staging(root + "/reports")
        #expect(staging.stagingPath.hasPrefix(root + "/reports/.receipt-ledger/"))
        #expect(staging.statePath == root + "/reports/.receipt-ledger")
        var inside = stat(), folder = stat()
        #expect(stat(staging.stagingPath, &inside) == 0 && stat(root + "/reports", &folder) == 0)
        #expect(inside.st_dev == folder.st_dev)
        staging.discard()
    }

    @Test func aMountPointAsReportFolderWorks() throws {
        defer { try? files.removeItem(atPath: root) }
        let mountPoint = root + "/volume"
        try files.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        guard Self.command("/bin/mount", ["-t", "tmpfs", "tmpfs", mountPoint]) else {
            print("AtomicReportFolderTests: cannot mount a tmpfs here; only the staging path was checked")
            return
        }
        defer { _ = Self.command("/bin/umount", [mountPoint]) }
        var volume = stat(), parent = stat()
        #expect(stat(mountPoint, &volume) == 0 && stat(root, &parent) == 0 && volume.st_dev != parent.st_dev)
        for period in ["month", "day"] {
            let staging = try staging(mountPoint)
            try staging.write("transactions.csv", text: "\(period)\n")
            try staging.commit()
        }
        #expect(try text(mountPoint + "/transactions.csv") == "day\n")
    }

    static func command(_ path: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func eachReportSwitchesCurrentAndKeepsOnlyThePreviousGeneration() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        for run in 1...3 {
            let staging = try staging(destination)
            try staging.write("transactions.csv", text: "run \(run)\n")
            try staging.commit()
        }
        #expect(try text(destination + "/transactions.csv") == "run 3\n")
        #expect(try contents(destination + "/.receipt-ledger") == ["current", "lock", "previous", "report-2", "report-3"])
        #expect(try files.destinationOfSymbolicLink(atPath: destination + "/.receipt-ledger/previous") == "report-2")
        #expect(try text(destination + "/.receipt-ledger/previous/transactions.csv") == "run 2\n")
    }

    @Test func onlyLinksOfNamesThePreviousReportListedAreRemoved() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        let first = try staging(destination)
        try first.write("transactions.csv", text: "old\n")
        try first.write("reconciliation.csv", text: "stale\n")
        try first.write("manifest.json", text: Self.manifest(["transactions.csv": "old\n", "reconciliation.csv": "stale\n"]))
        try first.commit()
        try files.createDirectory(atPath: destination + "/demo", withIntermediateDirectories: true)
        try put(Self.manifest([:]), destination + "/demo/manifest.json")
        try put("mine\n", destination + "/notes.txt")

        let second = try staging(destination, force: true)
        try second.write("transactions.csv", streaming: { (file) throws(OutputError) in
            try file.append("new,")
            try file.append(Array("rows\n".utf8))
        })
        try second.write("manifest.json", text: Self.manifest(["transactions.csv": "new,rows\n"]))
        try second.commit()

        #expect(try contents(destination) == [".receipt-ledger", "demo", "manifest.json", "notes.txt", "transactions.csv"])
        #expect(try text(destination + "/transactions.csv") == "new,rows\n")
        #expect(try text(destination + "/demo/manifest.json") == Self.manifest([:]))
        #expect(try text(destination + "/notes.txt") == "mine\n")
        #expect(try contents(root) == ["reports"])
    }

    @Test func refusesAFolderHoldingUserFilesAndTouchesNothing() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/mine"
        try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try put("mine\n", destination + "/notes.txt")
        try put("more\n", destination + "/budget.csv")
        #expect(throws: OutputError.refusal(destination, "the folder holds \"budget.csv\", \"notes.txt\", which receipt-ledger did "
                                            + "not write; choose a new or empty folder or a report folder, or add --force to "
                                            + "write the report beside them")) {
            try staging(destination)
        }
        #expect(try contents(destination) == ["budget.csv", "notes.txt"])
        #expect(try text(destination + "/notes.txt") == "mine\n")
    }

    /// Issue 21, item 3: the user's `index.html`, `manifest.json` and `reconciliation.csv`.
    @Test func refusesAUserFileNamedLikeAnOutputEvenWithForce() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/mine"
        try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let mine = ["index.html": "<p>my page</p>\n", "manifest.json": "{\"app\": \"mine\"}\n", "reconciliation.csv": "a\n"]
        for (name, text) in mine { try put(text, destination + "/" + name) }
        for force in [false, true] {
            #expect(throws: OutputError.refusal(destination, "\(destination)/index.html was not written by receipt-ledger and the "
                                                + "report would replace it (move it away or choose another folder; --force does "
                                                + "not change this)")) {
                try staging(destination, force: force)
            }
        }
        #expect(try contents(destination) == mine.keys.sorted())
        for (name, text) in mine { #expect(try self.text(destination + "/" + name) == text) }
    }

    @Test func forceWritesBesideUserFilesAndLeavesThemUntouched() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/mine"
        try files.createDirectory(atPath: destination + "/photos", withIntermediateDirectories: true)
        try put("mine\n", destination + "/notes.txt")
        try put("jpeg\n", destination + "/photos/a.jpg")
        for run in 1...2 {
            let staging = try staging(destination, force: true)
            try staging.write("index.html", text: "run \(run)\n")
            try staging.commit()
        }
        #expect(try contents(destination) == [".receipt-ledger", "index.html", "notes.txt", "photos"])
        #expect(try text(destination + "/notes.txt") == "mine\n")
        #expect(try text(destination + "/photos/a.jpg") == "jpeg\n")
        #expect(try text(destination + "/index.html") == "run 2\n")
    }

    /// The repository's `reports/` holds `.gitkeep`, `demo/` (a report), `demo-data/` (the demo's
    /// input) and maybe an old version's staging folder: none of them is the user's.
    @Test func aFolderHoldingOnlyOtherReportsIsAccepted() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try put("", destination + "/.gitkeep")
        let demo = try staging(destination + "/demo")
        try demo.write("index.html", text: "demo\n")
        try demo.commit()
        try files.createDirectory(atPath: destination + "/2024", withIntermediateDirectories: true)
        try put(Self.manifest(["index.html": "2024\n"]), destination + "/2024/manifest.json")
        try put("2024\n", destination + "/2024/index.html")
        try files.createDirectory(atPath: destination + "/demo-data", withIntermediateDirectories: true)
        for name in ["receipts.sqlite", "catalog.csv"] { try put("x", destination + "/demo-data/" + name) }
        try files.createDirectory(atPath: destination + "/bench-data", withIntermediateDirectories: true)
        for name in ["receipts-200000-s1.sqlite", "receipts-200000-s1.ndjson", "receipts-200000-s1-orders.csv", "catalog.csv"] {
            try put("x", destination + "/bench-data/" + name)
        }
        try files.createDirectory(atPath: destination + "/.2025.staging-4242", withIntermediateDirectories: true)

        let staging = try staging(destination)
        try staging.write("index.html", text: "top\n")
        try staging.commit()
        #expect(try contents(destination) == [".2025.staging-4242", ".gitkeep", ".receipt-ledger", "2024", "bench-data", "demo",
                                              "demo-data", "index.html"])
        #expect(try text(destination + "/demo/index.html") == "demo\n")
        #expect(try text(destination + "/2024/index.html") == "2024\n")

        // A subfolder of anything else makes it the user's folder.
        try files.createDirectory(atPath: destination + "/holiday", withIntermediateDirectories: true)
        try put("x", destination + "/holiday/receipts.sqlite.bak")
        #expect(throws: OutputError.refusal(destination, "the folder holds \"holiday\", which receipt-ledger did not write; "
                                            + "choose a new or empty folder or a report folder, or add --force to write the "
                                            + "report beside them")) {
            try self.staging(destination)
        }
    }

    @Test func refusesTheRootAndTheHomeFolder() throws {
        #expect(throws: OutputError.refusal("/", "it is the root folder, not a report folder (choose one, or add --force to "
                                            + "write there anyway)")) {
            try staging("/")
        }
        #expect(throws: OutputError.refusal("/", "it is the root folder, not a report folder (choose one, or add --force to "
                                            + "write there anyway)")) {
            try staging("//")
        }
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(throws: OutputError.refusal(home + "/.", "it is your home folder, not a report folder (choose one, or add "
                                            + "--force to write there anyway)")) {
            try staging(home + "/.")
        }
        #expect(!files.fileExists(atPath: "/.receipt-ledger"))
        #expect(!files.fileExists(atPath: home + "/.receipt-ledger"))
    }

    /// Issue 21, item 7: a run killed by SIGKILL leaves its staging folder (and maybe a
    /// generation it never showed); the next run sweeps them under the lock.
    @Test func staleStagingAndGenerationsAreSweptAtStart() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        let first = try staging(destination)
        try first.write("index.html", text: "shown\n")
        try first.commit()
        let state = destination + "/.receipt-ledger"
        for folder in ["staging-999999", "report-7", "staging-12"] {
            try files.createDirectory(atPath: state + "/" + folder, withIntermediateDirectories: false)
            try put("half", state + "/" + folder + "/transactions.csv")
        }
        try files.createSymbolicLink(atPath: state + "/current.new", withDestinationPath: "report-7")
        try put("someone's\n", state + "/README")

        let second = try staging(destination)
        #expect(try contents(state) == ["README", "current", "lock", "report-1", "staging-\(getpid())"])
        #expect(try text(destination + "/index.html") == "shown\n")
        try second.write("index.html", text: "new\n")
        try second.commit()
        #expect(try contents(state) == ["README", "current", "lock", "previous", "report-1", "report-2"])
    }

    @Test func aSecondStagingOnTheSameFolderIsRefusedWhileTheFirstHoldsTheLock() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        let first = try staging(destination)
        #expect(throws: OutputError(action: "cannot write", path: destination,
                                    reason: "another receipt-ledger run (pid \(getpid())) is writing a report there; run again when it has finished",
                                    kind: .busy)) {
            try staging(destination)
        }
        try first.write("index.html", text: "first\n")
        try first.commit()
        let second = try staging(destination)  // the lock was given up
        second.discard()
        #expect(try text(destination + "/index.html") == "first\n")
    }

    @Test func destinationUnderARegularFileFailsWithPathAndReason() throws {
        defer { try? files.removeItem(atPath: root) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        #expect(throws: OutputError(action: "cannot create folder", path: root + "/file",
                                    reason: "Not a directory")) {
            try staging(root + "/file/reports")
        }
        #expect(try contents(root) == ["file"])
    }

    @Test func failedWriteAndDiscardLeaveThePreviousReportIntact() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        let first = try staging(destination)
        try first.write("transactions.csv", text: "previous\n")
        try first.commit()

        let staging = try staging(destination)
        try staging.write("transactions.csv", text: "half\n")
        #expect(throws: OutputError(action: "cannot write", path: destination + "/a/b.csv",
                                    reason: "not a plain file name")) {
            try staging.write("a/b.csv", text: "")
        }
        // The staging folder vanishes under the run (as with a full or failing disk).
        try files.removeItem(atPath: staging.stagingPath)
        try Data().write(to: URL(fileURLWithPath: staging.stagingPath))
        #expect(throws: OutputError(action: "cannot write", path: destination + "/refunds.csv",
                                    reason: "Not a directory")) {
            try staging.write("refunds.csv", text: "x\n")
        }
        staging.discard()
        #expect(!files.fileExists(atPath: staging.stagingPath))
        #expect(try contents(root) == ["reports"])
        #expect(try contents(destination + "/.receipt-ledger") == ["current", "lock", "report-1"])
        #expect(try text(destination + "/transactions.csv") == "previous\n")
    }

    @Test func aFolderPutInPlaceOfAReportFileDuringTheRunFailsBeforeAnythingMoves() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        let first = try staging(destination)
        try first.write("transactions.csv", text: "previous\n")
        try first.commit()
        let staging = try staging(destination)
        try staging.write("transactions.csv", text: "new\n")
        try staging.write("refunds.csv", text: "new\n")
        try files.createDirectory(atPath: destination + "/refunds.csv", withIntermediateDirectories: true)
        #expect(throws: OutputError.refusal(destination, "\(destination)/refunds.csv was not written by receipt-ledger and the "
                                            + "report would replace it (move it away or choose another folder; --force does "
                                            + "not change this)")) {
            try staging.commit()
        }
        staging.discard()
        #expect(try text(destination + "/transactions.csv") == "previous\n")
        #expect(try contents(destination) == [".receipt-ledger", "refunds.csv", "transactions.csv"])
        #expect(try contents(destination + "/.receipt-ledger") == ["current", "lock", "report-1"])
    }

    @Test func discardAllActiveRemovesWhatTheRunCreatedForASignalHandler() throws {
        defer { try? files.removeItem(atPath: root) }
        let staging = try staging(root + "/new/reports")
        try staging.write("a.csv", text: "x\n")
        #expect(files.fileExists(atPath: staging.stagingPath))
        // Only this test's folders: other suites may be writing reports at the same time.
        #expect(ReportStaging.discardAllActive(matching: { $0.hasPrefix(root) }) == [staging.stagingPath])
        #expect(!files.fileExists(atPath: staging.stagingPath))
        #expect(!ReportStaging.activeStagingPaths.contains(staging.stagingPath))
        #expect(ReportStaging.destination(ofStaging: staging.stagingPath) == root + "/new/reports")
        #expect(throws: OutputError(action: "cannot write", path: root + "/new/reports", reason: "interrupted")) {
            try staging.commit()
        }
        #expect(try contents(root).isEmpty)
    }

    @Test func droppingAnUncommittedStagingRemovesItsFolder() throws {
        defer { try? files.removeItem(atPath: root) }
        var path = ""
        do {
            let staging = try staging(root + "/reports")
            path = staging.stagingPath
            try staging.write("a.csv", text: "x\n")
        }
        #expect(!path.isEmpty && !files.fileExists(atPath: path))
        #expect(try contents(root).isEmpty)
    }

    @Test func signalBlockMasksInterruptsUntilRestored() {
        // Test threads (libdispatch workers) may block signals already: compare with before.
        var before = sigset_t(), current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &before)
        let block = SignalBlock()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        #expect(sigismember(&current, SIGINT) == 1)
        #expect(sigismember(&current, SIGTERM) == 1)
        block.restore()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            #expect(sigismember(&current, signal) == sigismember(&before, signal))
        }
    }

    /// A receipt-ledger manifest listing `files` with their SHA-256.
    static func manifest(_ files: [String: String]) -> String {
        let outputs = files.keys.sorted().map { name in
            "{\"file\": \"\(name)\", \"sha256\": \"\(SHA256.hexDigest(of: Array((files[name] ?? "").utf8)))\"}"
        }
        return "{\"tool\": \"receipt-ledger\", \"outputs\": [\(outputs.joined(separator: ", "))]}\n"
    }
}
