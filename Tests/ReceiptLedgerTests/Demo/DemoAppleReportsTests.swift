import Foundation
import Testing
@testable import ReceiptLedger

/// The demo's Apple report files (SPEC §10): valid gzip, and every planted difference found by the
/// reconciliation with its finding (and, for ours_only, its transaction).
@Suite struct DemoAppleReportsTests {
    @Test func storedBlockGzipMembersReadBackWhole() throws {
        for count in [0, 1, 65_535, 65_536, 150_001] {
            let bytes = GzipTestData.randomBytes(count, seed: UInt64(count))
            let member = GzipWriter.member(bytes)
            #expect(try GzipReader.decompress(member) == bytes, "\(count) bytes")
            #expect(member.count == 18 + bytes.count + 5 * max(1, (bytes.count + 65_534) / 65_535), "\(count) bytes")
        }
    }

    @Test func everyPlantedDifferenceIsFound() throws {
        let folder = try HostileSupport.temporaryFolder("demo-apple")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generator = DemoGenerator(seed: 7, records: 1500)
        try generator.writeSQLite(to: folder + "/receipts.sqlite")
        try generator.writeCatalog(to: folder + "/catalog.csv")
        let reports = try DemoCommand.writeAppleReports(database: folder + "/receipts.sqlite", catalog: folder + "/catalog.csv",
                                                        folder: folder + "/apple")
        #expect(reports.plants.map(\.finding) == [.oursOnly, .amountDiffers, .appleOnly])
        #expect(Set(reports.plants.map(\.day)).count == 3)
        let out = folder + "/out"
        let result = CommandLineTool.outcome(["run", "--db", folder + "/receipts.sqlite", "--catalog", folder + "/catalog.csv", "--out", out,
                                              "--apple-sales", folder + "/apple/sales", "--apple-financial", folder + "/apple/financial",
                                              "--templates", HostileSupport.templatesPath])
        #expect(result.code == 0, "\(result.message ?? "")")
        let units = try String(contentsOfFile: out + "/apple_reconciliation.csv", encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let amounts = try String(contentsOfFile: out + "/apple_amounts.csv", encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for plant in reports.plants {
            let unitRow = try #require(units.first { $0[0] == "sales" && $0[1] == plant.day && $0[2] == plant.productID }, "\(plant)")
            if plant.finding == .amountDiffers {
                #expect(unitRow[6] == "match")
                #expect(amounts.contains { $0[0] == "sales" && $0[1] == plant.day && $0[2] == plant.productID && $0[6] == "-0.01" && $0[10] == "amount_differs" })
            } else {
                #expect(unitRow[6] == plant.finding.rawValue)
                #expect(unitRow[5] == (plant.finding == .oursOnly ? "1" : "-1"))
                #expect(unitRow[7].isEmpty == (plant.finding == .appleOnly), "\(plant): transactions \(unitRow[7])")
            }
        }
        // Nothing else differs in units: the sales and the financial reports tie otherwise.
        #expect(units.dropFirst().filter { $0[6] != "match" }.count == 2)
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(index.contains("Books do not tie: 2 units and "))
    }
}
