import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// The demo's Apple report files (SPEC §10): valid gzip, financial files ending in a trailer that
/// fits their rows, and every planted difference found by the reconciliation with its finding,
/// its units and its money on both sides.
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
        let reports = try DemoDataSet.appleReports(database: folder + "/receipts.sqlite", catalog: folder + "/catalog.csv",
                                                folder: folder + "/apple")
        #expect(reports.plants.map(\.report) == [.sales, .sales, .sales, .financial, .financial])
        #expect(reports.plants.map(\.finding) == [.oursOnly, .amountDiffers, .appleOnly, .amountDiffers, .appleOnly])
        #expect(Set(reports.plants.filter { $0.report == .sales }.map(\.period)).count == 3)
        let out = folder + "/out"
        let result = CommandLineTool.outcome(["run", "--db", folder + "/receipts.sqlite", "--catalog", folder + "/catalog.csv", "--out", out,
                                              "--apple-sales", folder + "/apple/sales", "--apple-financial", folder + "/apple/financial",
                                              "--templates", HostileSupport.templatesPath])
        #expect(result.code == 0, "\(result.message ?? "")")
        let units = try Self.csv(out + "/apple_reconciliation.csv")
        let amounts = try Self.csv(out + "/apple_amounts.csv")
        for plant in reports.plants {
            let key = [plant.report.rawValue, plant.period, plant.productID]
            let unitRow = try #require(units.first { Array($0.prefix(3)) == key }, "\(plant)")
            let unitFinding = plant.finding == .amountDiffers ? AppleFinding.match : plant.finding
            #expect(Array(unitRow[3...6]) == [String(plant.appleUnits), String(plant.ourUnits), String(plant.ourUnits - plant.appleUnits),
                                              unitFinding.rawValue], "\(plant)")
            #expect(unitRow[7].isEmpty == (plant.finding == .appleOnly), "\(plant): transactions \(unitRow[7])")
            let m = plant.money
            let text = { (minor: Int64) in MoneyFormat.plain(minor, minorDigits: m.minorDigits) }
            let amountRow = try #require(amounts.first { Array($0.prefix(4)) == key + [m.currency] }, "\(plant)")
            #expect(Array(amountRow[4...]) == [text(m.appleCustomerAmount), text(m.ourGross), text(m.ourGross - m.appleCustomerAmount),
                                               m.appleProceeds.map(text) ?? "", text(m.ourProceeds),
                                               m.appleProceeds.map { text(m.ourProceeds - $0) } ?? "", plant.finding.rawValue], "\(plant)")
            // A key holds one currency, so the plant's row is its only one.
            #expect(amounts.filter { Array($0.prefix(3)) == key }.count == 1, "\(plant)")
        }
        // The financial amount plant is a cent more per unit of Partner Share on a key that ties otherwise.
        let financialAmount = try #require(reports.plants.first { $0.report == .financial && $0.finding == .amountDiffers })
        #expect(financialAmount.money.appleCustomerAmount == financialAmount.money.ourGross)
        #expect(financialAmount.money.appleProceeds == financialAmount.money.ourProceeds + financialAmount.appleUnits)
        // Nothing else differs in units: the sales and the financial reports tie otherwise.
        #expect(units.dropFirst().filter { $0[6] != "match" }.map { Array($0.prefix(3)) } ==
                reports.plants.filter { $0.finding != .amountDiffers }.map { [$0.report.rawValue, $0.period, $0.productID] }
                    .sorted { $0.lexicographicallyPrecedes($1) })
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let unitsOff = reports.plants.map { abs($0.ourUnits - $0.appleUnits) }.reduce(0, +)
        #expect(unitsOff == 3)
        #expect(index.contains("Books do not tie: \(unitsOff) units and "))
    }

    @Test func financialFilesEndInATrailerThatFitsTheirRows() throws {
        let folder = try HostileSupport.temporaryFolder("demo-apple-trailer")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let generator = DemoGenerator(seed: 7, records: 1500)
        try generator.writeSQLite(to: folder + "/receipts.sqlite")
        try generator.writeCatalog(to: folder + "/catalog.csv")
        let reports = try DemoDataSet.appleReports(database: folder + "/receipts.sqlite", catalog: folder + "/catalog.csv",
                                                folder: folder + "/apple")
        #expect(!reports.financialFiles.isEmpty)
        for file in reports.financialFiles {
            let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(lines.suffix(3).map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["Total_Rows", "Total_Amount", "Total_Units"],
                    "\(file.name)")
            let set = try AppleReportReader.read(bytes: file.bytes, name: file.name, kind: .financial)
            let read = try #require(set.files.first)
            #expect(read.trailer["Total_Rows"] == String(lines.count - 4), "\(file.name)")
            #expect(read.rowsRead == lines.count - 4, "\(file.name)")
            #expect(read.trailerDifferences == [], "\(file.name)")
            #expect(read.trailer["Total_Units"] == String(read.positiveUnits), "\(file.name)")
        }
    }

    private static func csv(_ path: String) throws -> [[String]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }
}
