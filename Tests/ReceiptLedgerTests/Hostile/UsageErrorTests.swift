import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// ISSUE "hostile input", part 6: every usage error is one clear line and exit 64; `--strict`
/// turns rejected records into exit 65 and still writes every report. In-process through
/// `CommandLineTool.outcome` (the code and the line `run` prints).
@Suite struct UsageErrorTests {
    let folder: String
    let ndjson: String
    let catalog: String

    init() throws {
        folder = try HostileSupport.temporaryFolder("usage")
        ndjson = folder + "/records.ndjson"
        let lines = [
            HostileSupport.line(id: "1", response: HostileSupport.answer("1000")),
            HostileSupport.line(id: "2", response: HostileSupport.answer("1001")),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: ndjson, atomically: true, encoding: .utf8)
        catalog = HostileSupport.fuzzCatalogPath
    }

    /// A run reports into this test's own folder unless it names one: tests running side by
    /// side would otherwise share the default `reports` folder, and one find it locked.
    func outcome(_ arguments: [String]) -> (code: Int32, message: String?) {
        let out = arguments.first == "run" && !arguments.contains("--out") ? ["--out", folder + "/reports"] : []
        return CommandLineTool.outcome(arguments + out + ["--templates", HostileSupport.templatesPath])
    }

    func expectUsage(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let result = outcome(arguments)
        #expect(result.code == 64, sourceLocation: sourceLocation)
        #expect(result.message == message, sourceLocation: sourceLocation)
        #expect(!OneLine.escaped(result.message ?? "").contains("\n"), sourceLocation: sourceLocation)
    }

    @Test func unknownOptionNamesIt() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        expectUsage(["run", "--ndjson", ndjson, "--frobnicate"], "run: unknown option --frobnicate (see receipt-ledger run --help)")
        expectUsage(["run", "--ndjson", ndjson, "-x"], "run: unexpected argument \"-x\" (see receipt-ledger run --help)")
        #expect(CommandLineTool.outcome(["run", "--ndjson"]) == (64, "run: --ndjson needs a value"))
        expectUsage(["frobnicate"], "unknown command \"frobnicate\" (see receipt-ledger --help)")
        expectUsage(["run", "--strict=yes", "--ndjson", ndjson], "run: --strict takes no value")
        expectUsage(["run", "--ndjson", ndjson, "--revoke-grace-hours", "-1"],
                    "run: --revoke-grace-hours takes a number of hours from 0 to 87600 (such as 24 or 0.5), not \"-1\"")
    }

    @Test func missingInputFileNamesIt() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        expectUsage(["run", "--db", folder + "/missing.sqlite"], "input \(folder)/missing.sqlite does not exist")
        expectUsage(["run", "--ndjson", folder + "/missing.ndjson"], "input \(folder)/missing.ndjson does not exist")
        expectUsage(["run", "--ndjson", folder], "input \(folder) is a folder, not a file")
        expectUsage(["run", "--ndjson", "/dev/zero"], "input /dev/zero is not a regular file")
        expectUsage(["run", "--db", "/dev/null"], "input /dev/null is not a regular file")
        expectUsage(["run", "--ndjson", ndjson, "--catalog", "/dev/zero"], "catalog /dev/zero is not a regular file")
        expectUsage(["run", "--ndjson", ndjson, "--orders", "/dev/zero"], "orders file /dev/zero is not a regular file")
        expectUsage(["run", "--ndjson", ndjson, "--orders", folder + "/orders.csv"], "orders file \(folder)/orders.csv does not exist")
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing.sqlite"))
    }

    @Test func unreadableCatalogNamesFileAndLine() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = folder + "/catalog.csv"
        try "product_id,product_type,currency,price\ncoins,consumable,USD,0.99\ncoins,consumable,USD,0.999\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        expectUsage(["run", "--ndjson", ndjson, "--catalog", bad], "unreadable catalog: \(bad):3: bad price \"0.999\" for USD (2 decimals at most)")

        try "product_id,product_type,currency,price\ncoins,gizmo,USD,0.99\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(outcome(["run", "--ndjson", ndjson, "--catalog", bad]).message?.hasPrefix("unreadable catalog: \(bad):2: unknown product_type \"gizmo\"") == true)

        try Data([0x70, 0x72, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: bad))
        expectUsage(["run", "--ndjson", ndjson, "--catalog", bad], "unreadable catalog: \(bad): the catalog is not UTF-8 text")

        try "product_id,product_type,currency,price\n\"coins,consumable,USD,0.99\n".write(toFile: bad, atomically: true, encoding: .utf8)
        expectUsage(["run", "--ndjson", ndjson, "--catalog", bad], "unreadable catalog: \(bad):2: unclosed quoted field")

        expectUsage(["run", "--ndjson", ndjson, "--catalog", folder + "/none.csv"], "catalog \(folder)/none.csv does not exist")
    }

    @Test func badTimeZoneAndOtherOptionValuesAreNamed() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for zone in ["Mars/Olympus", "../../../etc/passwd", "/dev/zero", "", "America/Los_Angeles\n"] {
            expectUsage(["run", "--ndjson", ndjson, "--tz", zone],
                        "run: --tz \"\(zone)\" is not a known time zone (e.g. UTC, America/Los_Angeles)")
        }
        expectUsage(["run", "--ndjson", ndjson, "--period", "fortnight"], "run: --period takes day, week, month, quarter or year, not \"fortnight\"")
        expectUsage(["run", "--ndjson", ndjson, "--as-of", "yesterday"], "run: --as-of \"yesterday\" is not a timestamp (e.g. 2025-01-31T00:00:00Z)")
        expectUsage(["run", "--ndjson", ndjson, "--as-of", "9999-12-31T00:00:00Z"],
                    "run: --as-of \"9999-12-31T00:00:00Z\" is not a timestamp (e.g. 2025-01-31T00:00:00Z)")
    }

    @Test func emptyInputIsAUsageError() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = folder + "/empty.ndjson"
        try "\n  \n\r\n".write(toFile: empty, atomically: true, encoding: .utf8)
        expectUsage(["run", "--ndjson", empty, "--out", folder + "/out"], "NDJSON \(empty) holds no records")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))

        let db = folder + "/empty.sqlite"
        try FuzzCase(rows: []).writeSQLite(to: db, responsesAsBlobs: false)
        expectUsage(["run", "--db", db, "--out", folder + "/out"], "verification_results in \(db) holds no records")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func strictTurnsRejectedRecordsIntoExit65AndStillWritesEveryReport() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mixed = folder + "/mixed.ndjson"
        let lines = [
            HostileSupport.line(id: "1", response: HostileSupport.answer("1000")),
            HostileSupport.line(id: "2", response: "{\"status\": 21010}"),
            "{not json",
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: mixed, atomically: true, encoding: .utf8)
        let out = folder + "/out"
        #expect(outcome(["run", "--ndjson", mixed, "--catalog", catalog, "--out", out, "--strict"]) == (65, nil))
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(written == ReportRun.ownedNames.subtracting(["reconciliation.csv"]).subtracting(ReportRun.appleNames).union([ReportStaging.stateName]))
        let rejected = try String(contentsOfFile: out + "/rejected.csv", encoding: .utf8)
        #expect(rejected == "record_id,user_id,reason,detail\n2,u1,status_21010,account not found or deleted\n,,invalid_json,line 3\n")

        #expect(outcome(["run", "--ndjson", mixed, "--catalog", catalog, "--out", out]) == (0, nil))
        #expect(outcome(["run", "--ndjson", ndjson, "--catalog", catalog, "--out", out, "--strict"]) == (0, nil))
    }

    @Test func outputUnderARegularFileFailsWithExit1AndTouchesNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/plain.txt"
        try "keep me\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = outcome(["run", "--ndjson", ndjson, "--out", file + "/reports"])
        #expect(result.code == 1)
        #expect(result.message == "cannot prepare \(file)/reports: cannot create folder \(file): Not a directory")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["plain.txt", "records.ndjson"])
    }

    /// A folder the user put where a report file goes is not the tool's: refused before the
    /// input is read, and nothing in the folder changes.
    @Test func aFolderInPlaceOfAReportFileIsRefusedBeforeAnythingMoves() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        #expect(outcome(["run", "--ndjson", ndjson, "--catalog", catalog, "--out", out]) == (0, nil))
        try FileManager.default.removeItem(atPath: out + "/refunds.csv")
        try FileManager.default.createDirectory(atPath: out + "/refunds.csv", withIntermediateDirectories: false)
        let before = try HostileSupport.snapshot(out)
        let other = folder + "/other.ndjson"
        try (HostileSupport.line(id: "9", response: HostileSupport.answer("2000")) + "\n").write(toFile: other, atomically: true, encoding: .utf8)
        let result = outcome(["run", "--ndjson", other, "--catalog", catalog, "--out", out])
        #expect(result.code == 64)
        #expect(result.message == "refusing --out \(out): \(out)/refunds.csv was not written by receipt-ledger and the report "
                + "would replace it (move it away or choose another folder; --force does not change this)")
        #expect(try HostileSupport.snapshot(out) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["other.ndjson", "out", "records.ndjson"])
    }

    @Test func theReportNeverOverwritesAFileItReads() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let input = out + "/transactions.csv"
        try FileManager.default.copyItem(atPath: ndjson, toPath: input)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
        expectUsage(["run", "--ndjson", input, "--out", out],
                    "--out \(out) would overwrite \(input), which the run reads (choose another --out)")
        let templates = folder + "/templates"
        try FileManager.default.copyItem(atPath: HostileSupport.templatesPath, toPath: templates)
        let page = try Data(contentsOf: URL(fileURLWithPath: templates + "/index.html"))
        #expect(CommandLineTool.outcome(["run", "--ndjson", ndjson, "--templates", templates, "--out", templates + "/."])
                == (64, "--out \(templates)/. would overwrite \(templates)/index.html, which the run reads (choose another --out)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == bytes)
        #expect(try Data(contentsOf: URL(fileURLWithPath: templates + "/index.html")) == page)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["transactions.csv"])
    }

    @Test func messagesWithLineBreaksStayOneLine() {
        #expect(OneLine.escaped("cannot read a\nb\u{1B}[31m\tc") == "cannot read a\\nb\\u{1b}[31m\\tc")
    }
}
