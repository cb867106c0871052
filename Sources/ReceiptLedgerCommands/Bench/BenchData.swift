import Foundation
import ReceiptLedger
import ReceiptLedgerDemo

/// The benchmark's input files, generated once by the demo generator (`DemoDataSet`) and reused by later runs:
/// the same `records`, `seed` and `shape` always give the same bytes, so figures from different runs
/// and machines measure the same work.
struct BenchData {
    let directory: String
    let records: Int
    let seed: Int
    var shape = DemoShape.demo

    /// The demo shape's files keep the names they had before there were shapes.
    var stem: String { "\(shape == .demo ? "receipts" : shape.rawValue)-\(records)-s\(seed)" }
    var sqlitePath: String { "\(directory)/\(stem).sqlite" }
    var ndjsonPath: String { "\(directory)/\(stem).ndjson" }
    /// The orders of the NDJSON run (the SQLite file carries them as a table).
    var ordersPath: String { "\(directory)/\(stem)-orders.csv" }
    var catalogPath: String { "\(directory)/catalog.csv" }

    /// Writes whatever of the data set is missing; `ndjson` adds the NDJSON variant.
    /// Returns the files it had to write, so the report can say that generation happened.
    func ensure(ndjson: Bool, log: (String) -> Void) throws -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FatalError("cannot create \(directory): \(error.localizedDescription)")
        }
        var needed: [String] = []
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        if exists(sqlitePath), !DemoDataSet.isCurrent(sqliteAt: sqlitePath) {
            // Kept from an older generator: these files no longer measure today's data.
            for path in [sqlitePath, ndjsonPath, ordersPath] { try? FileManager.default.removeItem(atPath: path) }
        }
        if !exists(sqlitePath) { needed.append(sqlitePath) }
        if !exists(catalogPath) { needed.append(catalogPath) }
        if ndjson, !exists(ndjsonPath) { needed.append(ndjsonPath) }
        if ndjson, !exists(ordersPath) { needed.append(ordersPath) }
        guard !needed.isEmpty else { return [] }
        log("generating \(records) records (seed \(seed), \(shape.rawValue) shape) in \(directory)…")
        let generator = DemoDataSet(seed: UInt64(seed), records: records, shape: shape)
        do {
            if needed.contains(sqlitePath) { try generator.writeSQLite(to: sqlitePath) }
            if needed.contains(catalogPath) { try generator.writeCatalog(to: catalogPath) }
            if needed.contains(ndjsonPath) { try generator.writeNDJSON(to: ndjsonPath) }
            if needed.contains(ordersPath) { try generator.writeOrdersCSV(to: ordersPath) }
        } catch {
            throw FatalError("cannot generate benchmark data in \(directory): \(error)")
        }
        return needed
    }


    /// Size of a file in bytes, through symbolic links (0 when it cannot be read).
    static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
