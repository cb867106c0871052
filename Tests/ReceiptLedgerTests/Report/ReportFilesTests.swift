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

    /// Every CSV file of the registry begins with the columns SPEC lists for it, in SPEC's order
    /// (§7's table, §9's new columns of `transactions.csv` after §7's, §8's `notifications.csv`,
    /// §9's storefront ledger, §10's two Apple files), and SPEC lists no CSV file it lacks.
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func everyCSVFileBeginsWithSPECsColumns() throws {
        let expected = try Self.specColumns(try SpecText.read())
        let folder = try HostileSupport.temporaryFolder("report-files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/report"
        try #require(HostileSupport.run(["demo", "--records", "300", "--out", out, "--data", folder + "/data"]) == 0)
        let csvNames = ReportFiles.outputs.map(\.name).filter { $0.hasSuffix(".csv") }
        #expect(Set(expected.keys) == Set(csvNames))
        for name in csvNames {
            let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
            let header = text.prefix { $0 != "\n" }.split(separator: ",").map(String.init)
            let columns = try #require(expected[name], "SPEC lists no columns for \(name)")
            #expect(header.starts(with: columns), "\(name): \(header) does not begin with \(columns)")
        }
    }

    /// SPEC's column list for each CSV file it names.
    static func specColumns(_ spec: SpecText) throws -> [String: [String]] {
        func names(_ text: String) -> [String] {
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }
        var expected: [String: [String]] = [:]
        let section7 = try #require(spec.section("## 7. Output files (in `--out`, default `reports/`)"), "SPEC has no §7")
        for line in lines(section7) where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { String($0) }
            guard cells.count >= 3, let file = SpecText.backticked(cells[0]).first, file.hasSuffix(".csv") else { continue }
            var columns = SpecText.backticked(cells[2]).flatMap(names)
            if cells[2].contains("then the amounts above") {
                columns += try #require(expected["ledger_period.csv"]).drop { ["environment", "period", "currency"].contains($0) }
            }
            expected[file] = columns
        }
        let amounts = try #require(expected["ledger_period.csv"]).dropFirst(3)

        let section9 = try #require(spec.section("## 9. Every format Apple has sent (revision 2)"), "SPEC has no §9")
        // The signed fields' table: a first cell ending "(new column)" or "(new columns)" (not
        // `product_type`'s "(new column fallback)").
        let newColumns = lines(section9).compactMap { $0.hasPrefix("| ") ? $0.split(separator: "|").first.map(String.init) : nil }
            .filter { $0.contains("(new column)") || $0.contains("(new columns)") }.flatMap(SpecText.backticked)
        expected["transactions.csv", default: []] += newColumns
        let joined = SpecText.joinedLines(section9)
        let storefront = try #require(SpecText.after("`ledger_storefront.csv` (", in: joined)?.prefix { $0 != "," })
        expected["ledger_storefront.csv"] = storefront.components(separatedBy: " × ") + amounts
        let notifications = try #require(SpecText.after("**Notifications are events too.**", in: joined))
        expected["notifications.csv"] = try #require(SpecText.backticked(notifications).first { $0.contains(",") }).split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }

        let section10 = SpecText.joinedLines(try #require(spec.section("## 10. Apple's own reports: the books against the source of record (revision 2)"),
                                                          "SPEC has no §10"))
        for file in ["apple_reconciliation.csv", "apple_amounts.csv"] {
            let rest = try #require(SpecText.after("`\(file)`, one row per", in: section10), "SPEC §10 has no columns for \(file)")
            expected[file] = names(try #require(SpecText.backticked(rest).first { $0.contains(",") }))
        }
        return expected
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
