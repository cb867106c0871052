import Foundation
import ReceiptLedger

/// What `run --memory-limit` holds and what it does not, said when it did not: the limit bounds
/// the merge (one bucket of transactions at a time), but the booked journal and the reports are
/// built whole, so a run with many transactions can pass the limit there. A user who set a limit
/// is told so on stderr (never in the report, whose bytes do not depend on memory).
enum MemoryLimitCheck {
    /// The warning for a run that peaked at `peakBytes` under a limit of `limitBytes`; nil
    /// when the peak stayed within it.
    static func warning(limitBytes: Int, peakBytes: Int64, transactions: Int) -> String? {
        guard peakBytes > Int64(limitBytes) else { return nil }
        return "warning: the run's peak memory was \(mebibytes(peakBytes)), above --memory-limit \(mebibytes(Int64(limitBytes))): "
            + "the limit holds the merge to one bucket of transactions at a time, but the journal and the reports of "
            + "\(BenchReport.grouped(Double(transactions))) transactions "
            + "are built whole (docs/PARTIAL-STATE.md)"
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
