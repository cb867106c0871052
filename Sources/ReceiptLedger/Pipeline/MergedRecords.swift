/// Records the merge is done with, handed back in bundles to the thread that read each one,
/// which frees them (`ParsingWorkers.dispose`).
///
/// A record's arrays and its new transaction copies were allocated by its reading thread.
/// Freed by the merging thread, every block would go back to the reader's malloc arena under
/// that arena's lock while the reader allocates from it, and fragment it; freed by the thread
/// that made them, the blocks are reused at once.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › MergedRecords.
struct MergedRecords {
    let parsing: ParsingWorkers
    /// Records per bundle: one hand-over per batch's worth.
    let bundleSize: Int
    /// Whole records, moved in: taking out their `record` alone would copy it, a retain of each
    /// of its arrays on the merging thread.
    private var held: [[ParsingWorkers.Parsed]]

    init(parsing: ParsingWorkers, bundleSize: Int) {
        self.parsing = parsing
        self.bundleSize = max(1, bundleSize)
        held = Array(repeating: [], count: parsing.threadCount)
    }

    /// Keeps a merged record for its reading thread to free.
    mutating func add(_ parsed: consuming ParsingWorkers.Parsed) {
        let thread = parsed.readBy
        held[thread].append(parsed)
        if held[thread].count >= bundleSize { handOver(thread) }
    }

    private mutating func handOver(_ thread: Int) {
        parsing.dispose(held[thread], readBy: thread)
        held[thread] = []
        held[thread].reserveCapacity(bundleSize)
    }
}
