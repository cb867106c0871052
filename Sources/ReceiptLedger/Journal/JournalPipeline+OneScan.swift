extension JournalPipeline {
    /// Reads the source once and merges records in processing order through a
    /// `ProcessingOrderWindow`; nil when the input is too far out of order for the window, after
    /// which nothing of this attempt is kept.
    func runInOneScan(source: RecordSource) throws -> Result? {
        var index = RecordIndex()
        var builder = JournalBuilder()
        var window = ProcessingOrderWindow(capacity: reorderWindow)
        var seenIDs = RecordIDSet()
        var rank = 0
        progress?.phase("reading answers")
        progress?.start(total: 0)
        let parsing = makeWorkers()
        defer { parsing.stop() }
        var feed = BatchFeed(parsing: parsing, batchSize: batchSize)
        var merged = MergedRecords(parsing: parsing, bundleSize: batchSize)

        /// Merges a record whose turn has come; a later record with an id merged already is a
        /// `duplicate_id` (SPEC §8), as the two-pass index would find.
        func release(_ parsed: consuming ParsingWorkers.Parsed) {
            guard seenIDs.insert(parsed.entry.id) else {
                index.rejectDuplicate(parsed.entry)
                return
            }
            merge(parsed)
            rank += 1
            merged.add(parsed)
        }
        /// Merges a record where it lies: `parsed.record` passed on from the consuming
        /// parameter of `release` was copied first, a retain of each of its arrays.
        func merge(_ parsed: borrowing ParsingWorkers.Parsed) {
            builder.add(parsed.record, context: Self.context(parsed, rank: rank, users: index.users))
        }
        /// Takes what the workers have finished; waits while too many batches are out.
        func drain(waitingAbove limit: Int) throws(ProcessingOrderWindow.OutOfOrder) {
            while var records = parsing.next(wait: parsing.inFlight > limit) {
                for slot in records.indices {
                    if let parsed = records[slot].take() { try window.accept(parsed, release: release) }
                }
                progress?.advance(by: records.count)
                parsing.noteTransactionsMerged(builder.states.count)
            }
        }

        do {
            try source.scanRecords { keys, claimedEnvironment, response in
                guard let entry = index.check(keys) else { return true }
                // The input position stands in for the rank, which is not known yet.
                if feed.add(entry, rank: entry.position, claimedEnvironment: claimedEnvironment.textValue, response: response) {
                    try drain(waitingAbove: parsing.maxInFlight)
                }
                return true
            }
            feed.submitAll()
            try drain(waitingAbove: 0)
        } catch is ProcessingOrderWindow.OutOfOrder {
            PhaseTimer.mark("one scan abandoned: input out of order")
            return nil
        }
        window.releaseAll(release)
        // The reading threads end now, not after the journal is built, and the journal waits
        // for them: their memos (up to 256 MiB each) are then freed before it is built, and
        // never add to the run's peak memory. (Left to end while the journal was built, they
        // did whenever building it was the quicker: 64 MiB more at 1,000,000 records.)
        parsing.stop()
        parsing.waitUntilEnded()
        progress?.finish()
        PhaseTimer.threadCPU("the reading and merging thread, so far")
        PhaseTimer.mark("records read and merged in one scan")

        index.finish()
        builder.reject(rows: index.rowRejections)
        builder.users = index.users
        return finish(builder, index: index, readInOneScan: true)
    }
}
