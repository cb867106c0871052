import Foundation
import Testing
@testable import ReceiptLedger

/// Issue 21, item 4: publishing stopped after every one of its steps, as a SIGKILL there would
/// stop it (`stopsAfterPublishStep`: nothing undone, the lock dropped), leaves the folder
/// showing the old report or the new one, whole: the manifest it shows is one of the two, every
/// file it lists is there with the listed SHA-256 and no other output is visible. The next run
/// then publishes normally and leaves a tidy state folder. From three starting points: a
/// report of this layout, one of the old layout (regular files), and no folder at all.
@Suite struct ReportPublishStepTests {
    enum Start: CaseIterable { case linkedReport, oldLayout, noFolder }

    static let old = ["transactions.csv": "old transactions\n", "reconciliation.csv": "old findings\n", "index.html": "<p>old</p>\n"]
    static let new = ["transactions.csv": "new transactions\n", "refunds.csv": "new refunds\n", "index.html": "<p>new</p>\n"]
    static let names = Set(old.keys).union(new.keys).union([ManifestFile.name])

    /// Sets up the folder as `start` says; returns the manifest text shown before the run.
    func prepare(_ start: Start, _ out: String) throws -> String? {
        switch start {
        case .noFolder:
            return nil
        case .linkedReport:
            let staging = try ReportStaging(destination: out, outputNames: Self.names)
            try Self.write(Self.old, to: staging)
            try staging.commit()
        case .oldLayout:
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for (name, text) in Self.old { try Data(text.utf8).write(to: URL(fileURLWithPath: out + "/" + name)) }
            try Data(AtomicReportFolderTests.manifest(Self.old).utf8).write(to: URL(fileURLWithPath: out + "/manifest.json"))
        }
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: out + "/.gitignore"))
        return AtomicReportFolderTests.manifest(Self.old)
    }

    static func write(_ report: [String: String], to staging: ReportStaging) throws {
        for (name, text) in report.sorted(by: { $0.key < $1.key }) { try staging.write(name, text: text) }
        try staging.write(ManifestFile.name, text: AtomicReportFolderTests.manifest(report))
    }

    /// The manifest the folder shows (nil: none), after checking that the folder is whole.
    static func shownReport(_ out: String) throws -> String? {
        let files = FileManager.default
        let visible = names.filter { files.fileExists(atPath: out + "/" + $0) }
        guard visible.contains(ManifestFile.name) else {
            #expect(visible.isEmpty, "outputs without a manifest: \(visible.sorted())")
            return nil
        }
        let manifest = try String(contentsOfFile: out + "/" + ManifestFile.name, encoding: .utf8)
        let root = try JSONDocument(text: manifest).root
        var listed: Set<String> = [ManifestFile.name]
        for output in root["outputs"]?.elements ?? [] {
            let name = try #require(output["file"]?.string)
            listed.insert(name)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
            #expect(SHA256.hexDigest(of: Array(bytes)) == output["sha256"]?.string, "\(name) is not the file the manifest lists")
        }
        #expect(visible == listed, "visible \(visible.sorted()), listed \(listed.sorted())")
        return manifest
    }

    @Test(arguments: Start.allCases)
    func aStopAfterEveryPublishStepLeavesTheOldOrTheNewReportWhole(start: Start) throws {
        let newManifest = AtomicReportFolderTests.manifest(Self.new)
        var stop = 1
        var stoppedRuns = 0
        while true {
            let folder = try HostileSupport.temporaryFolder("publish-step")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let out = folder + "/reports"
            let before = try prepare(start, out)
            let staging = try ReportStaging(destination: out, outputNames: Self.names)
            try Self.write(Self.new, to: staging)
            staging.stopsAfterPublishStep = stop
            do {
                try staging.commit()
            } catch {
                #expect(staging.stoppedByTest, "\(error)")
                stoppedRuns += 1
                let shown = try Self.shownReport(out)
                #expect(shown == before || shown == newManifest, "after step \(stop): \(shown ?? "no report")")
                if start != .noFolder {
                    #expect(try String(contentsOfFile: out + "/.gitignore", encoding: .utf8) == "mine\n")
                }
                // The next run starts from what the stop left.
                let next = try ReportStaging(destination: out, outputNames: Self.names)
                try Self.write(Self.new, to: next)
                try next.commit()
                #expect(try Self.shownReport(out) == newManifest)
                let state = try FileManager.default.contentsOfDirectory(atPath: out + "/.receipt-ledger").sorted()
                #expect(state.allSatisfy { ["current", "lock", "previous"].contains($0) || $0.hasPrefix("report-") }, "\(state)")
                #expect(state.filter { $0.hasPrefix("report-") }.count <= 2, "\(state)")
                stop += 1
                continue
            }
            // This run was not stopped: every step was tried.
            #expect(staging.publishSteps == stop - 1)
            #expect(try Self.shownReport(out) == newManifest)
            break
        }
        let expectedSteps = [Start.linkedReport: 7, .oldLayout: 22, .noFolder: 7]
        #expect(stoppedRuns == expectedSteps[start], "steps stopped after: \(stoppedRuns)")
    }
}
