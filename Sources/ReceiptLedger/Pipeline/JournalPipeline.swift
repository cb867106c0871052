/// Reads a source and returns the finished journal.
///
/// Records must be merged in processing order (`verified_at`, `id`; SPEC §8), and stored
/// results are nearly in that order already. So the source is first read once, keys and bodies
/// together (`runInOneScan`): records go to `ParsingWorkers` as they are read, and come back in
/// input order into a `ProcessingOrderWindow` that merges each one when enough later records
/// have arrived. When the input is further out of order than the window can mend, that
/// attempt is abandoned and the source read again in two passes (`runInTwoPasses`): first the
/// keys alone (`RecordIndex`), which decide every record's rank, then the bodies. Either way
/// the records are merged in the same order, so the journal is the same, and it never depends
/// on thread timing.
struct JournalPipeline {
    var reader: ResponseReader
    var catalog: Catalog
    /// Records the one-scan attempt holds back, read and waiting for their turn: how far out
    /// of processing order the input may be before it is read in two passes instead.
    var reorderWindow = 8192
    /// Two passes: bytes of out-of-order bodies held at most before another pass is planned.
    var reorderBudget = 64 << 20
    /// Records read together by one worker: large enough to keep the hand-over cheap, small
    /// enough to stream.
    var batchSize = 256
    /// Threads reading answers: one per core but the one the calling thread takes (it reads
    /// the input and merges meanwhile), at least one, and at most four: one merging thread
    /// feeds only so many.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › JournalPipeline.
    var workers = min(4, max(1, ProcessInfoCores.count - 1))
    var progress: (any RunObserver)?
    /// Whether to try one scan first (`runInOneScan`) before two passes.
    var readsInOneScan = true
    /// Which parser the reading threads read answers and JWS payloads with.
    var parsing = JSONParsing.tape

    /// The reference reading, which documents the rules: answers and JWS payloads parsed by
    /// Foundation's `JSONSerialization` (`JSONParsing.foundation`: no tape parser), one reading
    /// thread, two passes, through the same rules code. It is slow and simple, and must write
    /// the same bytes as the default (`receipt-ledger run --reference`, `bench --verify`, the
    /// tests): the tape parser and the machinery are checked against it.
    static func reference(reader: ResponseReader, catalog: Catalog, progress: (any RunObserver)? = nil) -> JournalPipeline {
        var pipeline = JournalPipeline(reader: reader, catalog: catalog, progress: progress)
        pipeline.workers = 1
        pipeline.readsInOneScan = false
        pipeline.parsing = .foundation
        return pipeline
    }

    struct Result {
        var journal: Journal
        var index: RecordIndex
        /// Whether one scan sufficed (else the input was read in two or more passes).
        var readInOneScan = true
    }

    init(reader: ResponseReader, catalog: Catalog, progress: (any RunObserver)? = nil) {
        self.reader = reader
        self.catalog = catalog
        self.progress = progress
    }

    func run(source: RecordSource) throws -> Result {
        if readsInOneScan, let result = try runInOneScan(source: source) { return result }
        return try runInTwoPasses(source: source)
    }

    /// The journal of a merge that has seen every record. The merge's state (an object per
    /// transaction) is not kept: the booking frees each state once booked, and the rest goes
    /// with the caller's builder, so that the journal and the ledgers and reports built next
    /// reuse its memory instead of adding to the peak. `builder` must be its states' only holder.
    func finish(_ builder: inout JournalBuilder, index: RecordIndex, readInOneScan: Bool) -> Result {
        let journal = builder.finish(catalog: catalog, recordsRead: index.recordsRead)
        return Result(journal: journal, index: index, readInOneScan: readInOneScan)
    }

    func makeWorkers() -> ParsingWorkers {
        ParsingWorkers(reader: reader, threads: workers, maxInFlight: 4 * max(1, workers), parsing: parsing)
    }

    /// The context `JournalBuilder.add` needs for a parsed record merged at `rank`.
    static func context(_ parsed: ParsingWorkers.Parsed, rank: Int, users: UserTable) -> JournalBuilder.RecordContext {
        JournalBuilder.RecordContext(rank: rank, recordID: parsed.entry.id, verifiedAt: parsed.entry.verifiedAt,
                                     user: parsed.entry.user, users: users,
                                     claimedEnvironment: parsed.claimedEnvironment)
    }
}
