import Foundation
import ReceiptLedger

/// The memory a run holds per distinct transaction (issue 26): the largest peak RSS of the
/// pipeline runs less the peak RSS of a baseline run (what the process holds before any
/// transaction: code, tables, buffers), divided by the transactions the run booked beyond the
/// baseline's (`transactions` in each manifest's counts). Memory grows with transactions, not
/// with bytes read, so this is the figure that says how large an input fits.
///
/// The baseline reads the data set of one record (same generator, same seed): `run` refuses an
/// input without a record (a usage error), so that is the smallest input of the same kind.
struct MemoryPerTransaction {
    var peakRSSBytes: Int64
    var baselinePeakRSSBytes: Int64
    var transactions: Int
    var baselineTransactions: Int

    /// Bytes per transaction; nil when the run booked no more than the baseline.
    var bytesPerTransaction: Double? {
        transactions > baselineTransactions
            ? Double(peakRSSBytes - baselinePeakRSSBytes) / Double(transactions - baselineTransactions) : nil
    }

    var line: String {
        let perTransaction = bytesPerTransaction.map { "\(BenchReport.grouped($0)) bytes per transaction" } ?? "no transaction beyond the baseline's"
        return "memory      (peak RSS \(BenchReport.megabytes(peakRSSBytes)) − \(BenchReport.megabytes(baselinePeakRSSBytes)) of a run "
            + "on 1 record) ÷ (\(transactions) − \(baselineTransactions) transactions): \(perTransaction)"
    }

    /// The booked transactions that the manifest at `path` counts.
    static func transactions(inManifestAt path: String) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let counts = root["counts"] as? [String: Any], let transactions = counts["transactions"] as? Int
        else { throw FatalError("cannot read the transactions count of \(path)") }
        return transactions
    }

    /// Measures after the pipeline runs: their manifest at `out`, then one run of `run` with
    /// the one-record data set's files instead of `data`'s (through `child`, into the same
    /// `out`), and its manifest.
    static func measure(pipeline: [ChildRun.Result], run: [String], out: String, data: BenchData,
                        log: (String) -> Void, child: ([String]) throws -> ChildRun.Result) throws -> MemoryPerTransaction {
        let manifest = out + "/" + ReportStaging.manifestName
        let transactions = try transactions(inManifestAt: manifest)
        let baseline = BenchData(directory: data.directory, records: 1, seed: data.seed)
        _ = try baseline.ensure(ndjson: false, log: log)
        let replacements = [data.sqlitePath: baseline.sqlitePath, data.catalogPath: baseline.catalogPath]
        let baselineRun = try child(run.map { replacements[$0] ?? $0 })
        return MemoryPerTransaction(peakRSSBytes: pipeline.map(\.peakRSSBytes).max() ?? 0, baselinePeakRSSBytes: baselineRun.peakRSSBytes,
                                    transactions: transactions, baselineTransactions: try Self.transactions(inManifestAt: manifest))
    }
}
