import Foundation
import ReceiptLedger
import ReceiptLedgerDemo

/// `receipt-ledger demo`: generates realistic stored results, then runs the main job on them.
enum DemoCommand {
    static let options: [String: ArgumentScanner.Kind] = ["records": .value, "seed": .value, "out": .value, "data": .value]

    static func execute(_ arguments: [String]) throws -> Int32 {
        let scan = try ArgumentScanner(arguments, options: options, command: "demo")
        let records = try scan.integer("records", command: "demo", range: 1...50_000_000) ?? 5000
        let seed = try scan.integer("seed", command: "demo", range: 0...Int.max) ?? 1
        let out = scan.value("out") ?? "reports/demo"
        let data = scan.value("data") ?? "reports/demo-data"
        do {
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        } catch {
            throw FatalError("cannot create \(data): \(error.localizedDescription)")
        }
        let database = "\(data)/receipts.sqlite"
        let catalog = "\(data)/catalog.csv"
        let generator = DemoDataSet(seed: UInt64(seed), records: records)
        do {
            try? FileManager.default.removeItem(atPath: database)
            try generator.writeSQLite(to: database)
            try generator.writeCatalog(to: catalog)
        } catch {
            throw FatalError("cannot generate demo data in \(data): \(error)")
        }
        print("generated \(records) stored answers (seed \(seed)) in \(database), catalog \(catalog)")
        let plants = try DemoDataSet.writeAppleReports(database: database, catalog: catalog, folder: data + "/apple")
        print("wrote Apple's reports for them in \(data)/apple (\(plants) differences planted)")
        var options = RunOptions(input: .sqlite(path: database, query: nil))
        options.setAppleReports(sales: [data + "/apple/sales"], financial: [data + "/apple/financial"])
        options.catalogPath = catalog
        options.outputDirectory = out
        let summary = try ReportRun(options: options, progress: ProgressReporter.forTerminal(), keepsResultsUntilExit: true).execute()
        RunCommand.printSummary(summary)
        return ExitCode.success
    }
}
