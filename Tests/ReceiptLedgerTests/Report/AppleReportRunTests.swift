import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// `run --apple-sales` / `--apple-financial` in-process: the two files, the manifest's entries,
/// and a bad report file as one usage error before any record is read.
@Suite struct AppleReportRunTests {
    typealias F = AppleReportFixtures
    static let coins = "com.example.demoapp.coins_100"

    /// Two sales of coins on 2023-12-31 Pacific (2024-01-01 00:00 and 02:00 UTC) and one on 2024-01-02.
    static func input(_ folder: String) throws -> String {
        let path = folder + "/records.ndjson"
        let lines = [
            HostileSupport.line(id: "1", response: HostileSupport.answer("1000", purchaseMs: 1_704_067_200_000)),
            HostileSupport.line(id: "2", response: HostileSupport.answer("1001", purchaseMs: 1_704_074_400_000)),
            HostileSupport.line(id: "3", response: HostileSupport.answer("1002", purchaseMs: 1_704_214_800_000)),
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(_ arguments: [String]) -> (code: Int32, message: String?) {
        CommandLineTool.outcome(arguments + ["--templates", HostileSupport.templatesPath])
    }

    @Test func writesBothFilesAndListsEveryReportFileInTheManifest() throws {
        let folder = try HostileSupport.temporaryFolder("apple-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = try Self.input(folder)
        let reports = folder + "/apple"
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        let day1 = F.salesFile([F.purchase(Self.coins, units: "2", proceeds: "0.70", begin: "12/31/2023")])
        try Data(try GzipTestData.gzip(Array(day1.utf8), ["-9"], name: "S_D_1_20231231.txt")).write(to: URL(fileURLWithPath: reports + "/S_D_1_20231231.txt.gz"))
        try F.salesFile([F.purchase(Self.coins, units: "0", proceeds: "0", price: "0", begin: "01/01/2024")])
            .write(toFile: reports + "/S_D_1_20240101.txt", atomically: true, encoding: .utf8)
        try F.salesFile([F.purchase(Self.coins, units: "0", proceeds: "0", price: "0", begin: "01/01/2024")])
            .write(toFile: folder + "/same-day-again.txt", atomically: true, encoding: .utf8)
        let out = folder + "/out"
        let result = Self.run(["run", "--ndjson", records, "--catalog", HostileSupport.fuzzCatalogPath, "--out", out,
                               "--apple-sales", reports, "--apple-sales", folder + "/same-day-again.txt"])
        #expect(result.code == 0, "\(result.message ?? "")")
        let units = try String(contentsOfFile: out + "/apple_reconciliation.csv", encoding: .utf8)
        #expect(units == """
        report,period,product_id,apple_units,our_units,unit_difference,finding,transactions
        sales,2023-12-31,\(Self.coins),2,2,0,match,1000;1001
        sales,2024-01-01,\(Self.coins),0,0,0,match,

        """)
        let amounts = try String(contentsOfFile: out + "/apple_amounts.csv", encoding: .utf8)
        #expect(amounts == """
        report,period,product_id,currency,apple_customer_amount,our_gross,gross_difference,apple_proceeds,our_proceeds,proceeds_difference,finding
        sales,2023-12-31,\(Self.coins),USD,1.98,1.98,0.00,1.40,1.38,-0.02,amount_differs
        sales,2024-01-01,\(Self.coins),USD,0.00,0.00,0.00,0.00,0.00,0.00,match

        """)
        let manifest = try JSONDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))).root
        let inputs = manifest["inputs"]?.elements ?? []
        let apple = inputs.filter { $0["role"]?.string == "apple_sales" }
        #expect(apple.map { $0["format"]?.string } == ["gzip", "text", "text"])
        #expect(apple.map { $0["rows_read"]?.int64 } == [1, 1, nil])
        #expect(apple.last?["same_as"]?.string == reports + "/S_D_1_20240101.txt")
        #expect(apple.first?["sha256"]?.string == SHA256.hexDigest(of: Array(try Data(contentsOf: URL(fileURLWithPath: reports + "/S_D_1_20231231.txt.gz")))))
        #expect(manifest["counts"]?["apple_units_not_covered"]?["sales"]?.int64 == 1)
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(written.isSuperset(of: ReportRun.appleNames))
    }

    @Test func withoutAppleReportsNeitherFileIsWritten() throws {
        let folder = try HostileSupport.temporaryFolder("apple-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        #expect(Self.run(["run", "--ndjson", try Self.input(folder), "--out", out]).code == 0)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)).isDisjoint(with: ReportRun.appleNames))
    }

    @Test func aBadReportFileIsOneUsageLineNamingFileAndLine() throws {
        let folder = try HostileSupport.temporaryFolder("apple-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = try Self.input(folder)
        let eu = folder + "/eu.txt"
        try Data(try F.bytes(F.financialEU)).write(to: URL(fileURLWithPath: eu))
        let out = folder + "/out"
        let result = Self.run(["run", "--ndjson", records, "--out", out, "--apple-sales", eu])
        #expect(result.code == 64)
        #expect(result.message == "\(eu): line 1: not a Summary Sales Report: no column 'SKU', 'Units', 'Begin Date' "
            + "(it looks like a Financial Report: give it with --apple-financial)")
        #expect(!FileManager.default.fileExists(atPath: out + "/apple_reconciliation.csv"))
        let notGzip = folder + "/sales.txt.gz"
        try "Provider\tSKU\n".write(toFile: notGzip, atomically: true, encoding: .utf8)
        #expect(Self.run(["run", "--ndjson", records, "--out", out, "--apple-sales", notGzip])
            == (64, "\(notGzip): line 1: gzip: not gzip (no 1F 8B signature) at byte 0"))
        #expect(Self.run(["run", "--ndjson", records, "--out", out, "--apple-financial", folder + "/none"])
            == (64, "\(folder)/none: no such file or folder"))
    }
}
