import Foundation

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
        let generator = DemoGenerator(seed: UInt64(seed), records: records)
        do {
            try? FileManager.default.removeItem(atPath: database)
            try generator.writeSQLite(to: database)
            try generator.writeCatalog(to: catalog)
        } catch {
            throw FatalError("cannot generate demo data in \(data): \(error)")
        }
        print("generated \(records) stored answers (seed \(seed)) in \(database), catalog \(catalog)")
        let apple = try writeAppleReports(database: database, catalog: catalog, folder: data + "/apple")
        print("wrote Apple's reports for them in \(data)/apple (\(apple.plants.count) differences planted)")
        var options = RunOptions(input: .sqlite(path: database, query: nil))
        options.appleReports = [AppleReportReader.Source(kind: .sales, path: data + "/apple/sales"),
                                AppleReportReader.Source(kind: .financial, path: data + "/apple/financial")]
        options.catalogPath = catalog
        options.outputDirectory = out
        var run = ReportRun(options: options, progress: ProgressReporter.forTerminal())
        run.keepsResultsUntilExit = true
        let summary = try run.execute()
        RunCommand.printSummary(summary)
        return ExitCode.success
    }

    /// Apple's report files for the demo's production transactions (`DemoAppleReports`), in
    /// `folder/sales` (gzipped dailies) and `folder/financial`; the folders are replaced.
    static func writeAppleReports(database: String, catalog: String, folder: String) throws -> DemoAppleReports {
        do {
            let source = try SQLiteRecordSource(path: database, query: nil)
            defer { source.endReading() }
            let journal = try JournalPipeline(reader: ResponseReader(), catalog: try CatalogReader.read(path: catalog)).run(source: source).journal
            let reports = DemoAppleReports(AppleComparedTransaction.production(journal.transactions))
            try? FileManager.default.removeItem(atPath: folder)
            for (sub, files) in [("sales", reports.salesFiles), ("financial", reports.financialFiles)] {
                try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
                for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: folder + "/" + sub + "/" + file.name)) }
            }
            return reports
        } catch {
            throw FatalError("cannot write Apple's demo reports in \(folder): \(error)")
        }
    }
}
