import Foundation
import Testing
@testable import ReceiptLedger

/// Serialized: `discardAllActive()` acts on every staging folder of the process.
@Suite(.serialized) struct AtomicReportFolderTests {
    private let root: String
    private let files = FileManager.default

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

    @Test func commitIntoMissingFolderRenamesTheStagingFolder() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/out/reports/"
        let staging = try ReportStaging(destination: destination)
        #expect(staging.destination == root + "/out/reports")
        #expect(staging.stagingPath == root + "/out/.reports.staging-\(getpid())")
        #expect(ReportStaging.activeStagingPaths.contains(staging.stagingPath))
        let summary = try staging.write("transactions.csv", text: "a,b\n")
        #expect(summary == StagedFile(name: "transactions.csv", byteCount: 4,
                                      sha256: SHA256.hexDigest(of: Array("a,b\n".utf8))))
        try staging.write("index.html", bytes: Array("<html></html>\n".utf8))
        try staging.commit(ownedNames: ["transactions.csv", "index.html", "refunds.csv"])
        #expect(try contents(root + "/out") == ["reports"])
        #expect(try contents(root + "/out/reports") == ["index.html", "transactions.csv"])
        #expect(try text(root + "/out/reports/transactions.csv") == "a,b\n")
        #expect(!ReportStaging.activeStagingPaths.contains(staging.stagingPath))
        staging.discard()  // no effect after commit
        #expect(try contents(root + "/out/reports") == ["index.html", "transactions.csv"])
    }

    @Test func commitIntoExistingFolderReplacesOwnedFilesOnly() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        try files.createDirectory(atPath: destination + "/demo", withIntermediateDirectories: true)
        try Data("demo\n".utf8).write(to: URL(fileURLWithPath: destination + "/demo/index.html"))
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: destination + "/notes.txt"))
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: destination + "/transactions.csv"))
        try Data("stale\n".utf8).write(to: URL(fileURLWithPath: destination + "/reconciliation.csv"))

        let staging = try ReportStaging(destination: destination)
        try staging.write("transactions.csv", streaming: { (file) throws(OutputError) in
            try file.append("new,")
            try file.append(Array("rows\n".utf8))
        })
        try staging.write("manifest.json", text: "{}\n")
        try staging.commit(ownedNames: ["transactions.csv", "manifest.json", "reconciliation.csv"])

        #expect(try contents(destination) == ["demo", "manifest.json", "notes.txt", "transactions.csv"])
        #expect(try text(destination + "/transactions.csv") == "new,rows\n")
        #expect(try text(destination + "/demo/index.html") == "demo\n")
        #expect(try text(destination + "/notes.txt") == "mine\n")
        #expect(try contents(root) == ["reports"])
    }

    @Test func destinationUnderARegularFileFailsWithPathAndReason() throws {
        defer { try? files.removeItem(atPath: root) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        #expect(throws: OutputError(action: "cannot create folder", path: root + "/file",
                                    reason: "Not a directory")) {
            try ReportStaging(destination: root + "/file/reports")
        }
    }

    @Test func failedWriteAndDiscardLeaveThePreviousReportIntact() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        try files.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try Data("previous\n".utf8).write(to: URL(fileURLWithPath: destination + "/transactions.csv"))

        let staging = try ReportStaging(destination: destination)
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
        #expect(try text(destination + "/transactions.csv") == "previous\n")
    }

    @Test func folderInPlaceOfAStagedFileFailsBeforeAnythingMoves() throws {
        defer { try? files.removeItem(atPath: root) }
        let destination = root + "/reports"
        try files.createDirectory(atPath: destination + "/refunds.csv", withIntermediateDirectories: true)
        try Data("previous\n".utf8).write(to: URL(fileURLWithPath: destination + "/transactions.csv"))
        let staging = try ReportStaging(destination: destination)
        try staging.write("transactions.csv", text: "new\n")
        try staging.write("refunds.csv", text: "new\n")
        #expect(throws: OutputError(action: "cannot write", path: destination + "/refunds.csv",
                                    reason: "Is a directory")) {
            try staging.commit(ownedNames: ["transactions.csv", "refunds.csv"])
        }
        staging.discard()
        #expect(try text(destination + "/transactions.csv") == "previous\n")
        #expect(try contents(root) == ["reports"])
    }

    @Test func discardAllActiveRemovesStagingFoldersForASignalHandler() throws {
        defer { try? files.removeItem(atPath: root) }
        let staging = try ReportStaging(destination: root + "/reports")
        try staging.write("a.csv", text: "x\n")
        #expect(files.fileExists(atPath: staging.stagingPath))
        // Only this test's folders: other suites may be writing reports at the same time.
        #expect(ReportStaging.discardAllActive(matching: { $0.hasPrefix(root) }) == [staging.stagingPath])
        #expect(!files.fileExists(atPath: staging.stagingPath))
        #expect(!ReportStaging.activeStagingPaths.contains(staging.stagingPath))
        #expect(ReportStaging.destination(ofStaging: staging.stagingPath) == root + "/reports")
        #expect(throws: OutputError(action: "cannot write", path: root + "/reports", reason: "interrupted")) {
            try staging.commit(ownedNames: [])
        }
        #expect(try contents(root).isEmpty)
    }

    @Test func droppingAnUncommittedStagingRemovesItsFolder() throws {
        defer { try? files.removeItem(atPath: root) }
        var path = ""
        do {
            let staging = try ReportStaging(destination: root + "/reports")
            path = staging.stagingPath
            try staging.write("a.csv", text: "x\n")
        }
        #expect(!path.isEmpty && !files.fileExists(atPath: path))
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
}
