import Foundation
import ReceiptLedger
import ReceiptLedgerDemo

/// The printed result of `receipt-ledger bench`: medians of the runs, and the ratios that the
/// targets are stated in (pipeline ÷ plain read; NDJSON ÷ SQLite pipeline).
struct BenchReport {
    var records: Int
    var seed: Int
    var shape = DemoShape.demo
    /// `sum(length(response))` of the SQLite file.
    var responseBytes: Int64
    var inputBytes: Int64
    /// The plain read as the issue's command, `sqlite3 FILE "SQL"`, a process like each
    /// pipeline run; the baseline of the ratios. Empty when no `sqlite3` command was found.
    var plainCommand: [Double] = []
    /// The same read in this process, without starting one: the baseline when `plainCommand`
    /// is empty, else shown beside it.
    var plain: [Double]
    /// The input's SHA-256 timed alone (`InputHashTiming`); empty to leave its line out.
    var inputHash: [Double] = []
    var pipeline: [ChildRun.Result]
    var ndjson: [ChildRun.Result]
    var ndjsonBytes: Int64
    var generated: Bool
    /// How much of each input the page cache held before each run (`PageCacheResidency`).
    var cached = CacheShares()

    struct CacheShares {
        /// Per run, 0…1; nil where it could not be told.
        var sqlite: [Double?] = []
        var ndjson: [Double?] = []
    }

    /// Each run's plain read that the ratios divide by.
    private var baseline: [Double] { plainCommand.isEmpty ? plain : plainCommand }

    var text: String {
        let plainSeconds = Self.median(baseline)
        let inProcessSeconds = Self.median(plain)
        let runSeconds = Self.median(pipeline.map(\.seconds))
        let cpuSeconds = Self.median(pipeline.map(\.cpuSeconds))
        let mb = Double(responseBytes) / 1e6
        var lines = [
            "receipt-ledger bench: \(records) records (seed \(seed)\(shape == .demo ? "" : ", \(shape.rawValue) shape")), \(Self.fixed(mb, 1)) MB of responses, "
                + "SQLite file \(Self.fixed(Double(inputBytes) / 1e6, 1)) MB, \(ProcessInfoCores.count) cores, "
                + "median of \(pipeline.count) run\(pipeline.count == 1 ? "" : "s")\(generated ? " (data generated now)" : "")",
            plainCommand.isEmpty
                ? "plain read  (\(PlainRead.sql), in this process: no sqlite3 command found): \(Self.fixed(plainSeconds, 3)) s"
                : "plain read  (sqlite3 FILE \"\(PlainRead.sql)\", a process like the pipeline's): "
                    + "\(Self.fixed(plainSeconds, 3)) s; the same query in this process: \(Self.fixed(inProcessSeconds, 3)) s",
            "pipeline    (run --db, every output written): \(Self.fixed(runSeconds, 3)) s, "
                + "\(Self.grouped(Double(records) / runSeconds)) records/s, \(Self.fixed(mb / runSeconds, 1)) MB/s, "
                + "ratio \(Self.fixed(runSeconds / plainSeconds, 2)) × plain read"
                + (plainCommand.isEmpty ? "" : " (\(Self.fixed(runSeconds / inProcessSeconds, 2)) × the read in this process)")
                + ", peak RSS \(Self.megabytes(pipeline.map(\.peakRSSBytes).max() ?? 0))",
            // With every core busy the wall time is the CPU time ÷ the cores: this says how close.
            "pipeline CPU: \(Self.fixed(cpuSeconds, 3)) s, user and system over all threads "
                + "(\(Self.fixed(cpuSeconds / runSeconds, 2)) × the wall time, on \(ProcessInfoCores.count) cores)",
        ]
        if !inputHash.isEmpty {
            // A cost no reading can avoid: the manifest names the input by this digest.
            let hashSeconds = Self.median(inputHash)
            lines.append("input SHA-256 alone (the manifest's digest, on one core): \(Self.fixed(hashSeconds, 3)) s, "
                + "\(Self.fixed(hashSeconds / plainSeconds, 2)) × plain read, \(Self.fixed(hashSeconds / cpuSeconds * 100, 0)) % of the pipeline CPU")
        }
        if !ndjson.isEmpty {
            let ndjsonSeconds = Self.median(ndjson.map(\.seconds))
            lines.append("ndjson      (run --ndjson, \(Self.fixed(Double(ndjsonBytes) / 1e6, 1)) MB file): "
                + "\(Self.fixed(ndjsonSeconds, 3)) s, \(Self.grouped(Double(records) / ndjsonSeconds)) records/s, "
                + "ratio \(Self.fixed(ndjsonSeconds / runSeconds, 2)) × the SQLite pipeline, "
                + "peak RSS \(Self.megabytes(ndjson.map(\.peakRSSBytes).max() ?? 0))")
        }
        if let line = cacheLine { lines.append(line) }
        // Each run's own ratio: the machine's load moves the pipeline more than the plain read.
        let each = zip(baseline, pipeline).map { "\(Self.fixed($0, 3))/\(Self.fixed($1.seconds, 3)) = \(Self.fixed($1.seconds / $0, 2))" }
        lines.append("runs (plain/pipeline s = ratio): \(each.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    /// The share of each input in the page cache before the runs, lowest to highest: the runs
    /// time reading from memory, and below 100 % a run also waited for the disk.
    private var cacheLine: String? {
        func range(_ shares: [Double?]) -> String? {
            let known = shares.compactMap { $0 }.map { Int(($0 * 100).rounded(.down)) }
            guard let low = known.min(), let high = known.max() else { return nil }
            return low == high ? "\(low) %" : "\(low)–\(high) %"
        }
        let parts = [range(cached.sqlite).map { "SQLite \($0)" }, range(cached.ndjson).map { "NDJSON \($0)" }].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        return "input in the page cache before each run: \(parts.joined(separator: ", ")) (below 100 %, runs also read the disk)"
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func grouped(_ value: Double) -> String {
        let whole = Int(value.rounded())
        var text = String(whole)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    static func megabytes(_ bytes: Int64) -> String {
        "\(Int((Double(bytes) / 1_048_576).rounded())) MiB"
    }
}
