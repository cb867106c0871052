import Foundation
import ReceiptLedger

/// The demo's data set as the commands write it (`demo`, and `bench`'s data set): their one way
/// in to `Demo/`, which stays internal. The commands live in another module of the package
/// (`ReceiptLedgerCommands`); only what is `package` here reaches them.
package struct DemoDataSet {
    let generator: DemoGenerator

    /// The same `seed`, `records` and `shape` always give the same bytes (`DemoGenerator`).
    package init(seed: UInt64, records: Int, shape: DemoShape = .demo) {
        generator = DemoGenerator(seed: seed, records: records, shape: shape)
    }

    package func writeSQLite(to path: String) throws { try generator.writeSQLite(to: path) }

    /// Whether the SQLite data set at `path` was written by today's generator (its
    /// `dataVersion`, kept in the file's `user_version`): an older one no longer measures
    /// today's data. False when the file cannot be read.
    package static func isCurrent(sqliteAt path: String) -> Bool {
        (try? SQLiteDatabase.integer(path: path, sql: "PRAGMA user_version")) == DemoGenerator.dataVersion
    }
    package func writeCatalog(to path: String) throws { try generator.writeCatalog(to: path) }
    package func writeNDJSON(to path: String) throws { try generator.writeNDJSON(to: path) }
    package func writeOrdersCSV(to path: String) throws { try generator.writeOrdersCSV(to: path) }

    /// Apple's report files for the production transactions of `database` (`DemoAppleReports`),
    /// in `folder/sales` (gzipped dailies) and `folder/financial`; the folders are replaced.
    /// Returns how many differences were planted.
    package static func writeAppleReports(database: String, catalog: String, folder: String) throws -> Int {
        try appleReports(database: database, catalog: catalog, folder: folder).plants.count
    }

    /// `writeAppleReports`, giving the reports written (their plants, for the tests).
    static func appleReports(database: String, catalog: String, folder: String) throws -> DemoAppleReports {
        do {
            let reports = DemoAppleReports(try ProductionSale.read(database: database, catalog: catalog))
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
