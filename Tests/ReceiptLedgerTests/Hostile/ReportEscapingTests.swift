import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// ISSUE "hostile input", part 3: reports cannot attack their reader. A run over records whose
/// ids and users are formulas, markup and control characters writes files in which every CSV
/// text cell is guarded (SPEC §7) and quoted (RFC 4180), and every HTML value is text.
@Suite struct ReportEscapingTests {
    static let t0: Int64 = 1_704_067_200_000
    static let coins = "com.example.demoapp.coins_100"
    static let script = "<script>alert(1)</script>"

    /// One report from records that carry hostile text everywhere a value reaches the files.
    func hostileReport() throws -> (folder: String, files: [String: [UInt8]]) {
        let folder = try HostileSupport.temporaryFolder("escaping")
        let ids = ["=HYPERLINK(\\\"http://evil.example\\\",\\\"x\\\")", "+1+1", "-1+1", "@SUM(1)", "\\t=1", "\\r=1", "a\\u0000b", "a,b\\\"c\\nd"]
        var lines: [String] = []
        for (index, id) in ids.enumerated() {
            let tx = AnswerBuilder.transaction(id, product: index == 0 ? Self.coins : "=cmd|' /C calc'!A0", purchaseMs: Self.t0,
                                               fields: ["cancellation_date_ms": index == 0 ? "\"\(Self.t0 + 40 * 86_400_000)\"" : "null"])
            let user = index == 0 ? Self.script : index == 2 ? "\\\"><img src=x onerror=alert(1)>" : "-u\(index)"
            lines.append(HostileSupport.line(id: "\(index + 1)", user: "\"\(user)\"", at: "\(Self.t0 + Int64(index))",
                                             response: AnswerBuilder.answer(inApp: [tx])))
        }
        lines.append(HostileSupport.line(id: "99", user: "\"@evil\"", response: "{\"status\": \"=2+2\"}"))
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/records.ndjson", atomically: true, encoding: .utf8)
        let orders = "order_id,user_id,product_id,transaction_id,delivered_at,revoked_at\n=1,\"=u,1\",+p,-t,2024-01-01T00:00:00Z,\n"
        try orders.write(toFile: folder + "/orders.csv", atomically: true, encoding: .utf8)
        let out = folder + "/out"
        let result = CommandLineTool.outcome(["run", "--ndjson", folder + "/records.ndjson", "--catalog", HostileSupport.fuzzCatalogPath,
                                              "--orders", folder + "/orders.csv", "--out", out, "--templates", HostileSupport.templatesPath])
        #expect(result == (0, nil))
        return (folder, try HostileSupport.snapshot(out))
    }

    @Test func csvCellsAreGuardedQuotedAndReadBackExactly() throws {
        let report = try hostileReport()
        defer { try? FileManager.default.removeItem(atPath: report.folder) }
        let transactions = String(decoding: try #require(report.files["transactions.csv"]), as: UTF8.self)
        // SPEC §7: the guard goes inside the quotes; RFC 4180: inner quotes doubled.
        #expect(transactions.contains("\n\"Production\",") == false)
        #expect(transactions.contains("Production,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\",\"'=HYPERLINK("))
        #expect(transactions.contains("Production,'+1+1,'+1+1,'-u1,"))
        #expect(transactions.contains("Production,'-1+1,'-1+1,"))
        #expect(transactions.contains("Production,'@SUM(1),'@SUM(1),"))
        #expect(transactions.contains("Production,'\t=1,'\t=1,"))
        #expect(transactions.contains("Production,\"'\r=1\",\"'\r=1\","))
        #expect(transactions.contains("Production,a\u{0}b,a\u{0}b,"))
        #expect(transactions.contains("Production,\"a,b\"\"c\nd\",\"a,b\"\"c\nd\","))
        #expect(transactions.contains(",'=cmd|' /C calc'!A0,"))
        // A user id beginning with `-` is text and guarded; a negative amount is a number and is not.
        #expect(transactions.contains(",'-u3,"))
        let ledger = String(decoding: try #require(report.files["ledger_period.csv"]), as: UTF8.self)
        #expect(ledger.contains(",-0.99,"))
        #expect(!ledger.contains("'-0.99"))
        let rejected = String(decoding: try #require(report.files["rejected.csv"]), as: UTF8.self)
        #expect(rejected == "record_id,user_id,reason,detail\n99,'@evil,bad_status,\"status is not an integer: \"\"=2+2\"\"\"\n")
        let reconciliation = String(decoding: try #require(report.files["reconciliation.csv"]), as: UTF8.self)
        #expect(reconciliation.contains("'=1,"))
        #expect(reconciliation.contains("\"'=u,1\""))

        // Every file parses back with the project's reader into rows as wide as the header, and
        // no cell starts with a formula character unless it is a negative number.
        for (name, bytes) in report.files where name.hasSuffix(".csv") {
            let rows = try CSVReader.rows(of: String(decoding: bytes, as: UTF8.self))
            let width = try #require(rows.first).fields.count
            for row in rows {
                #expect(row.fields.count == width, "\(name) line \(row.line)")
                for field in row.fields where ReportInvariants.isFormulaStart(field) {
                    #expect(ReportInvariants.isPlainNumber(field), "\(name) line \(row.line): \(field.debugDescription)")
                }
            }
        }
        let ids = try CSVReader.rows(of: transactions).dropFirst().map { $0.fields[1] }
        #expect(ids.contains("'=HYPERLINK(\"http://evil.example\",\"x\")"))
        #expect(ids.contains("a,b\"c\nd"))
        #expect(ids.contains { Array($0.utf8) == [0x61, 0x00, 0x62] })
    }

    @Test func htmlShowsEveryValueAsText() throws {
        let report = try hostileReport()
        defer { try? FileManager.default.removeItem(atPath: report.folder) }
        let pages = report.files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == 10)  // ReportPage but apple.html: the glossary and the transactions page (issue 25), the storefront ledger (SPEC §9)
        for (name, bytes) in pages {
            #expect(ReportInvariants.htmlViolations(name, bytes).isEmpty, "\(name)")
            let html = String(decoding: bytes, as: UTF8.self)
            #expect(!html.contains("<script"), "\(name)")
            #expect(!html.contains("<img"), "\(name)")
        }
        let byUser = String(decoding: try #require(pages["ledger_user.html"]), as: UTF8.self)
        #expect(byUser.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let findings = String(decoding: try #require(pages["findings.html"]), as: UTF8.self)
        #expect(findings.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(findings.contains("a\u{2400}b"))
        #expect(findings.contains("=cmd|&#39; /C calc&#39;!A0"))
        #expect(findings.contains("&quot;=2+2&quot;"))
    }

    /// Issue 21 items 5 and 8 through a whole run: ids holding invisible and bidi characters are
    /// kept byte for byte in the CSV files (guarded when a formula hides behind them) and shown
    /// with a visible marker in every page, never raw.
    @Test func invisibleCharactersInIDsAreMarkedInPagesAndGuardedInFiles() throws {
        let folder = try HostileSupport.temporaryFolder("invisible")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = [
            HostileSupport.line(id: "1", user: "\"u1000\\u200b001\"", response: HostileSupport.answer("\\u0000=1+1", product: Self.coins)),
            HostileSupport.line(id: "2", user: "\"u1000001\"", response: HostileSupport.answer("2000\\u202e0001", product: Self.coins)),
            HostileSupport.line(id: "3", user: "\"\\ufeff@u3\"", response: HostileSupport.answer("\\u00a0-3", product: Self.coins)),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/records.ndjson", atomically: true, encoding: .utf8)
        let out = folder + "/out"
        let result = CommandLineTool.outcome(["run", "--ndjson", folder + "/records.ndjson", "--catalog", HostileSupport.fuzzCatalogPath,
                                              "--out", out, "--templates", HostileSupport.templatesPath])
        #expect(result == (0, nil))
        let files = try HostileSupport.snapshot(out)
        let transactions = String(decoding: try #require(files["transactions.csv"]), as: UTF8.self)
        #expect(transactions.contains("Production,'\u{0}=1+1,'\u{0}=1+1,u1000\u{200B}001,"))
        #expect(transactions.contains("Production,2000\u{202E}0001,2000\u{202E}0001,u1000001,"))
        #expect(transactions.contains("Production,'\u{A0}-3,'\u{A0}-3,'\u{FEFF}@u3,"))
        let byUser = String(decoding: try #require(files["ledger_user.html"]), as: UTF8.self)
        #expect(byUser.contains("<td class=\"code\">u1000<span class=codepoint>⟨U+200B⟩</span>001</td>"))
        #expect(byUser.contains("<td class=\"code\">u1000001</td>"))
        #expect(byUser.contains("<td class=\"code\"><span class=codepoint>⟨U+FEFF⟩</span>@u3</td>"))
        for (name, bytes) in files where name.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            #expect(!html.unicodeScalars.contains { $0.value >= 0x80 && InvisibleText.isInvisible($0) }, "\(name)")
            #expect(ReportInvariants.htmlViolations(name, bytes).isEmpty, "\(name)")
        }
    }

    @Test(arguments: [
        ("a\u{0}b", "a\u{2400}b"),
        ("\u{1}\u{1F}\u{7F}", "\u{2401}\u{241F}\u{2421}"),
        ("tab\tline\ncr\r", "tab\tline\ncr\r"),
        ("\u{1B}[31m<b>", "\u{241B}[31m&lt;b&gt;"),
        ("\u{85}\u{2028}", "⟨U+0085⟩⟨U+2028⟩"),
    ])
    func controlCharactersBecomeVisiblePictures(text: String, escaped: String) {
        #expect(HTMLEscape.needsEscaping(text) == (text != escaped))
        #expect(Array(HTMLEscape.escape(text).unicodeScalars) == Array(escaped.unicodeScalars))
    }
}
