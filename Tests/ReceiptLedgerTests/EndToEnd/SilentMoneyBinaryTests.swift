import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// Issue 25, judged as a new finance user would try it: the built binary, run from a folder
/// holding no `templates/` (the installed binary's case), on the demo data with the usual
/// mistakes. Each mistake announces itself on stderr and at the top of the overview; the
/// manifest names the inputs by absolute path and the built-in templates with their SHA-256.
@Suite(.serialized) struct SilentMoneyBinaryTests {
    let folder: String

    init() throws {
        // Physical path: the binary sees its working folder without symbolic links.
        folder = URL(fileURLWithPath: try HostileSupport.temporaryFolder("silent-money")).resolvingSymlinksInPath().path
        let generator = DemoGenerator(seed: 1, records: 1_000)
        try generator.writeSQLite(to: folder + "/receipts.sqlite")
        try generator.writeCatalog(to: folder + "/catalog.csv")
        let catalog = try String(contentsOfFile: folder + "/catalog.csv", encoding: .utf8)
        try catalog.replacingOccurrences(of: "pro_yearly", with: "pro_yarly").write(toFile: folder + "/typo.csv", atomically: true, encoding: .utf8)
    }

    struct Outcome {
        var status: Int32
        var stderr: [String]
        var stdout: String
    }

    /// The binary with relative paths, its working folder the test's folder.
    func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try InterruptedRunTests.binary())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stderr: stderr.split(separator: "\n").map(String.init), stdout: stdout)
    }

    func overview(_ out: String) throws -> String {
        try String(contentsOfFile: folder + "/" + out + "/index.html", encoding: .utf8)
    }

    static let stickerPack = "receipt-ledger: warning: 1 production transaction of com.example.demoapp.sticker_pack (1 unit) has no catalog row in effect (unpriced): the catalog has no row for this product"

    @Test func theCatalogTypoAnnouncesItselfAndStrictFails() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let typo = "17 production transactions of com.example.demoapp.pro_yearly (17 units) have no catalog row in effect (unpriced); the catalog's com.example.demoapp.pro_yarly is never sold: did you mean com.example.demoapp.pro_yearly? At 39.99 USD they would be 679.83 USD"
        let outcome = try run(["run", "--db", "receipts.sqlite", "--catalog", "typo.csv", "--out", "typo"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == ["receipt-ledger: warning: " + typo, Self.stickerPack])
        #expect(outcome.stdout.hasSuffix("report written to typo/\n"))
        let html = try overview("typo")
        #expect(html.contains("<li class=\"unpriced_product\">" + typo.replacingOccurrences(of: "'", with: "&#39;") + "</li>"))
        #expect(try #require(html.range(of: "id=\"warnings\"")).lowerBound < (try #require(html.range(of: "At a glance"))).lowerBound)

        let strict = try run(["run", "--db", "receipts.sqlite", "--catalog", "typo.csv", "--out", "typo", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stderr.last == "receipt-ledger: failing (exit 65, reports written): 19 records rejected; 18 production transactions unpriced")
        #expect(FileManager.default.fileExists(atPath: folder + "/typo/index.html"))
        let tolerant = try run(["run", "--db", "receipts.sqlite", "--catalog", "catalog.csv", "--out", "typo", "--strict", "--max-rejected-share", "0.02"])
        #expect(tolerant.status == 65)  // 19 of 1,000 rejected is within 0.02; the sticker pack is not priced
        #expect(tolerant.stderr == [Self.stickerPack, "receipt-ledger: failing (exit 65, reports written): 1 production transaction unpriced"])
    }

    @Test func theMissingCatalogAnnouncesItself() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try run(["run", "--db", "receipts.sqlite", "--out", "nocat"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == ["receipt-ledger: warning: no catalog was given: 557 transactions were booked but only 68 priced by Apple-signed prices (give --catalog FILE)"])
        let html = try overview("nocat")
        #expect(html.contains("<li class=\"no_catalog\">No catalog was given: 557 transactions were booked but only 68 priced by Apple-signed prices (give --catalog FILE)</li>"))
        // The demo's signed customers are priced by their signed prices without a catalog (SPEC §9), so the
        // overview's production section shows that money (EUR among it) instead of the no-catalog note.
        #expect(!html.contains("<p class=\"note\">No catalog was given"))
        #expect(html.contains("<tr><th scope=\"row\">EUR</th><td class=\"num\">18</td><td class=\"num\">182.22</td>"))
        #expect(!html.contains("No production money in this input."))
    }

    @Test func aWrongBundleIDNamesTheBundleIDsSeen() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // iOS 6 receipts name their app in `bid` (SPEC §9): they are compared too.
        let note = "981 of 1,000 records read were rejected (98.1 %): 962 are foreign_bundle, receipts of other apps than --bundle-id com.example.wrong; bundle ids seen: com.example.demoapp (961), com.example.otherapp (1)"
        let outcome = try run(["run", "--db", "receipts.sqlite", "--catalog", "catalog.csv", "--bundle-id", "com.example.wrong", "--out", "bundle"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == ["receipt-ledger: warning: " + note])
        #expect(try overview("bundle").contains("<li class=\"mostly_rejected\">" + note + "</li>"))
    }

    @Test func anSQLiteFileGivenAsNDJSONSaysUseDB() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let note = "217 of 217 records read were rejected (100.0 %): receipts.sqlite looks like an SQLite database: use --db receipts.sqlite"
        let outcome = try run(["run", "--ndjson", "receipts.sqlite", "--catalog", "catalog.csv", "--out", "asnd"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr == ["receipt-ledger: warning: " + note])
        let html = try overview("asnd")
        #expect(html.contains("<li class=\"mostly_rejected\">" + note + "</li>"))
        #expect(html.contains("<p class=\"note\">No production money in this input.</p>"))
    }

    /// Deliver 3 and 4: no `templates/` here, so every template is the built-in one, and the
    /// manifest says so; inputs are named from the root.
    @Test func runsFromAFolderWithoutTemplatesAndTheManifestNamesWhatItUsed() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/templates"))
        let outcome = try run(["run", "--db", "receipts.sqlite", "--catalog", "catalog.csv", "--out", "report"])
        #expect(outcome.status == 0)
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder + "/report")).subtracting([".receipt-ledger"])
        #expect(written == ReportRun.ownedNames.subtracting(ReportRun.appleNames))
        let manifest = try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/report/manifest.json")))).root
        let inputs = try #require(manifest["inputs"]?.elements)
        #expect(inputs.map { $0["path"]?.string } == [folder + "/receipts.sqlite", folder + "/catalog.csv", folder + "/receipts.sqlite"])
        let templates = try #require(manifest["templates"]?.elements)
        #expect(templates.map { $0["file"]?.string ?? "" } == HTMLReport.templateFiles)
        #expect(templates.allSatisfy { $0["origin"]?.string == "built-in" })
        let index = try #require(templates.first { $0["file"]?.string == "index.html" })
        #expect(index["sha256"]?.string == SHA256.hexDigest(of: try LocalFile.readAll(HostileSupport.templatesPath + "/index.html")))

        // A templates/ folder in the working folder replaces the files it holds, and only those.
        try FileManager.default.createDirectory(atPath: folder + "/templates", withIntermediateDirectories: false)
        try "{{> _head}}<p>our overview</p>{{> _foot}}\n".write(toFile: folder + "/templates/index.html", atomically: true, encoding: .utf8)
        #expect(try run(["run", "--db", "receipts.sqlite", "--catalog", "catalog.csv", "--out", "report"]).status == 0)
        #expect(try overview("report").contains("<main>\n<p>our overview</p></main>"))
        let again = try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/report/manifest.json")))).root
        let origins = try #require(again["templates"]?.elements).map { $0["origin"]?.string ?? "" }
        #expect(origins == HTMLReport.templateFiles.map { $0 == "index.html" ? folder + "/templates/index.html" : "built-in" })
    }
}
