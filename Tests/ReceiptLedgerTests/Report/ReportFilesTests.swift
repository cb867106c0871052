import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// `ReportFiles` lists every file a run writes (issue 22): a file or page written but not
/// listed, or listed but not written, fails here; so does a manifest, a navigation or a title
/// that does not follow the list.
@Suite struct ReportFilesTests {
    /// The files of a report folder, its state folder left out.
    static func written(_ folder: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder)).subtracting([ReportStaging.stateName])
    }

    /// The demo writes every file: orders, Apple's reports and the workbook are all there.
    @Test func theDemoWritesExactlyTheListedFilesAndItsManifestListsThem() throws {
        let folder = try HostileSupport.temporaryFolder("report-files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/report"
        let status = HostileSupport.run(["demo", "--records", "600", "--out", out, "--data", folder + "/data"])
        try #require(status == 0)
        #expect(try Self.written(out) == ReportFiles.names)
        #expect(ReportFiles.names.count == 27)

        let manifest = try JSONDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))).root
        let listed = (manifest["outputs"]?.elements ?? []).map { $0["file"]?.string ?? "" }
        #expect(listed == ReportFiles.names.subtracting([ManifestFile.name]).sorted())

        // Every page links to every page, in the registry's order, with its own link marked.
        for page in ReportPage.allCases {
            let html = try String(contentsOfFile: out + "/" + page.fileName, encoding: .utf8)
            #expect(html.contains("<title>\(HTMLEscape.escape(page.title)) · receipt-ledger</title>"), "\(page)")
            let links = ReportPage.allCases.map { other in
                "<a href=\"\(other.fileName)\"\(other == page ? " class=\"current\" aria-current=\"page\"" : "")>"
                    + HTMLEscape.escape(other.navigationTitle) + "</a>"
            }
            #expect(html.contains("<nav aria-label=\"Report pages\">\n" + links.joined(separator: "\n") + "\n</nav>"), "\(page)")
        }
    }

    /// Without orders, Apple's reports or the workbook, only the files listed as always written
    /// are, and no page links to `apple.html`.
    @Test func aRunWithNeitherWritesOnlyTheFilesListedAsAlways() throws {
        let folder = try HostileSupport.temporaryFolder("report-files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let records = try AppleReportRunTests.input(folder)
        #expect(HostileSupport.run(["run", "--ndjson", records, "--out", out, "--no-xlsx", "--templates", HostileSupport.templatesPath]) == 0)
        let always = Set(ReportFiles.outputs.filter { $0.condition == .always }.map(\.name))
        #expect(try Self.written(out) == always)
        #expect(always == ReportFiles.names.subtracting(["reconciliation.csv", "apple_reconciliation.csv", "apple_amounts.csv",
                                                         "apple.html", "report.xlsx"]))
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(!index.contains("href=\"apple.html\">"))
    }

    /// Every page's template is one of the templates read at start.
    @Test func everyPageIsRenderedFromATemplateReadAtStart() {
        for page in ReportPage.allCases {
            #expect(HTMLReport.templateFiles.contains(HTMLReport.template(of: page) + ".html"), "\(page)")
        }
        #expect(Set(ReportPage.allCases.map(\.fileName)).count == ReportPage.allCases.count)
    }
}
