import Foundation
import ReceiptLedger

/// What `run --memory-limit` holds and what it does not, said when it did not: the limit bounds
/// the merge (one bucket of transactions at a time) and the report reads the booked
/// transactions from a file, but an index of their ids, the ledgers' rows per user and period
/// and the subscriptions stay in memory, so a run with many transactions can still pass the
/// limit. A user who set a limit is told so on stderr (never in the report, whose bytes do not
/// depend on memory).
enum MemoryLimitCheck {
    /// The warning for a run that peaked at `peakBytes` under a limit of `limitBytes`; nil
    /// when the peak stayed within it.
    static func warning(limitBytes: Int, peakBytes: Int64, transactions: Int) -> String? {
        guard peakBytes > Int64(limitBytes) else { return nil }
        return "warning: the run's peak memory was \(mebibytes(peakBytes)), above --memory-limit \(mebibytes(Int64(limitBytes))): "
            + "the limit holds the merge to one bucket of transactions at a time, the transactions stay on disk, "
            + "but the index of their ids, the ledgers and the subscriptions of "
            + "\(BenchReport.grouped(Double(transactions))) transactions "
            + "are held in memory (docs/PARTIAL-STATE.md)"
    }

    /// `bytes` in whole MiB, rounded up.
    static func mebibytes(_ bytes: Int64) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
