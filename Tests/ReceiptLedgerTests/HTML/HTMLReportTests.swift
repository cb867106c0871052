import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// The pages as a whole: templates fail fast naming file and line, every value is escaped,
/// nothing outside the page is referenced.
@Suite struct HTMLReportTests {
    /// A copy of the real templates with `edit` applied to one file's lines.
    private func templates(editing file: String, _ edit: (inout [String]) -> Void) throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/receipt-ledger-templates-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in HTMLReport.templateFiles {
            var text = try String(contentsOfFile: ReportFixture.templatesFolder + "/" + name, encoding: .utf8)
            if name == file {
                var lines = text.components(separatedBy: "\n")
                edit(&lines)
                text = lines.joined(separator: "\n")
            }
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return folder
    }

    private func usageMessage(_ arguments: [String]) throws -> String? {
        do {
            _ = try InProcessRun.execute(arguments)
            return nil
        } catch let error as UsageError {
            return error.message
        }
    }

    @Test func brokenTemplateFailsBeforeAnyDataIsRead() throws {
        let folder = try templates(editing: "index.html") { $0[11] += "<p>{{#total}}{{/totals}}</p>" }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The input does not even exist: the template is what gets reported.
        let arguments = ["run", "--db", folder + "/missing.sqlite", "--out", folder + "/out", "--templates", folder]
        #expect(InProcessRun.commandLine(arguments) == ExitCode.usage)
        let message = try #require(try usageMessage(Array(arguments.dropFirst())))
        #expect(message.hasPrefix("template \(folder)/index.html:12: mismatched close tag \"totals\""), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func unknownNameInATemplateNamesFileAndLineAndKeepsThePreviousReport() throws {
        let folder = try templates(editing: "sandbox.html") { $0[2] = "<p>{{sandbox_totl}}</p>" + $0[2] }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportFixture.ndjson.write(toFile: folder + "/records.ndjson", atomically: true, encoding: .utf8)
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // An earlier report of the tool (regular files listed by its manifest, as older versions wrote it).
        try "earlier report".write(toFile: out + "/index.html", atomically: true, encoding: .utf8)
        let manifest = AtomicReportFolderTests.manifest(["index.html": "earlier report"])
        try manifest.write(toFile: out + "/manifest.json", atomically: true, encoding: .utf8)
        let arguments = ["--ndjson", folder + "/records.ndjson", "--out", out, "--templates", folder]
        #expect(try usageMessage(arguments) == "template \(folder)/sandbox.html:3: no value named \"sandbox_totl\"")
        #expect(try String(contentsOfFile: out + "/index.html", encoding: .utf8) == "earlier report")
        #expect(try String(contentsOfFile: out + "/manifest.json", encoding: .utf8) == manifest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["index.html", "manifest.json"])
    }

    /// Issue 21: a partial including itself is a usage error (exit 64) before any data is read.
    @Test func selfIncludingPartialFailsBeforeAnyDataIsRead() throws {
        let folder = try templates(editing: "_foot.html") { $0.insert("{{#files}}{{> _foot}}{{/files}}", at: 1) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["run", "--db", folder + "/missing.sqlite", "--out", folder + "/out", "--templates", folder]
        #expect(InProcessRun.commandLine(arguments) == ExitCode.usage)
        #expect(try usageMessage(Array(arguments.dropFirst()))
                == "template \(folder)/_foot.html:2: partial \"_foot\" includes itself (_foot → _foot)")
    }

    /// Issue 21: a page that data would blow past 64 MiB (the list of the report's files,
    /// repeated inside itself seven times: 100 bytes × 9⁷) fails with one line and exit 64, and
    /// the previous report stays.
    @Test func pageLargerThanTheLimitFailsAndKeepsThePreviousReport() throws {
        let nested = String(repeating: "{{#files}}", count: 7) + String(repeating: "0123456789", count: 10)
            + String(repeating: "{{/files}}", count: 7)
        let folder = try templates(editing: "index.html") { $0.insert(nested, at: 1) }  // after {{> _head}}, before any section
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportFixture.ndjson.write(toFile: folder + "/records.ndjson", atomically: true, encoding: .utf8)
        let out = folder + "/out"
        // The earlier report is a real one (the folder would be refused as a user's otherwise).
        _ = try InProcessRun.execute(["--ndjson", folder + "/records.ndjson", "--out", out,
                                      "--templates", ReportFixture.templatesFolder])
        let earlier = try Data(contentsOf: URL(fileURLWithPath: out + "/index.html"))
        let arguments = ["--ndjson", folder + "/records.ndjson", "--out", out, "--templates", folder]
        #expect(try usageMessage(arguments) == "template \(folder)/index.html:2: the page is larger than 64 MiB, the limit for one page")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/index.html")) == earlier)
    }

    @Test func hostileIDsAreEscapedOnEveryPage() throws {
        let pages = try ReportFixture.pages(try ReportFixture.reportData())
        #expect(pages.count == ReportPage.allCases.count - 1)  // no Apple reports, no apple.html
        for (name, html) in pages {
            #expect(!html.contains("<script"), "\(name)")
            #expect(!html.contains("<img"), "\(name)")
            #expect(!html.contains("<b>bold"), "\(name)")
            #expect(!html.contains("<svg onload"), "\(name)")
            #expect(html.firstMatch(of: try Regex(#"(?i)<[a-z][^>]*\son[a-z]+\s*="#)) == nil, "\(name)")
        }
        #expect(pages["ledger_user.html"]?.contains("&lt;script&gt;alert(1)&lt;/script&gt;") == true)
        #expect(pages["ledger_user.html"]?.contains("&lt;b&gt;bold&lt;/b&gt; &amp; co") == true)
        #expect(pages["ledger_product.html"]?.contains("&lt;img src=x onerror=alert(2)&gt;") == true)
        #expect(pages["findings.html"]?.contains("&quot;&gt;&lt;svg onload=&quot;document.title=&#39;PWNED&#39;&quot;&gt;") == true)
        // The refund-rate chart is raw SVG in the page: its labels and tooltips are escaped by SVGChart.
        let refunds = try #require(pages["refunds.html"])
        #expect(refunds.contains("<title>&lt;img src=x onerror=alert(2)&gt;: "))
    }

    @Test func pagesReferenceNothingOutside() throws {
        let pages = try ReportFixture.pages(try ReportFixture.reportData())
        for (name, html) in pages {
            #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none';"#), "\(name)")
            #expect(html.firstMatch(of: try Regex(#"(?i)(src|href)\s*=\s*["']?\s*(https?:|//)"#)) == nil, "\(name)")
            #expect(!html.contains("url("), "\(name)")
            #expect(!html.contains("@import"), "\(name)")
        }
    }
}
