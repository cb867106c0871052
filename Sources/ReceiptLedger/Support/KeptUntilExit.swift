import Synchronization

/// Values a command-line run keeps until the process exits instead of freeing them.
///
/// A finished run holds a journal of an object per transaction and the reports built from it;
/// kept here, they are not freed one by one just before the process ends and the system takes
/// back all of its memory at once, which would only cost time. `ReportRun` hands its results
/// here only when `keepsResultsUntilExit` is set, as the `run` and `demo` commands do; tests,
/// which run many reports in one process, leave it unset and free everything as usual. The
/// merge's per-transaction state is not kept: it is freed once the journal is built, so that
/// the reports reuse its memory (issue 26).
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › KeptUntilExit.
enum KeptUntilExit {
    private static let values = Mutex<[any Sendable]>([])

    static func keep(_ value: some Sendable) {
        values.withLock { $0.append(value) }
    }
}
