extension JournalPipeline {
    /// Reads the source once and merges records in processing order through a
    /// `ProcessingOrderWindow`; nil when the input is too far out of order for the window, after
    /// which nothing of this attempt is kept.
    func runInOneScan(source: RecordSource) throws -> Result? {
        // The scan's readers, batches and records are gone once `scan` returns, before the
        // journal is booked: only the index and the merge are kept.
        guard var (index, builder) = try scan(source) else { return nil }
        builder.reject(rows: index.rowRejections)
        builder.users = index.users
        var result = finish(&builder, index: index, readInOneScan: true)
        // The visits are grouped by user once the journal is booked: grouping takes them twice
        // over, and the merge's states are freed by then.
        index = RecordIndex()
        result.index.finish()
        return result
    }

    /// The record index and the merge of every record, read in one scan; nil when the input is
    /// too far out of order.
    private func scan(_ source: RecordSource) throws -> (RecordIndex, JournalBuilder)? {
        progress?.phase("reading answers")
        progress?.start(total: 0)
        let parsing = makeWorkers()
        defer { parsing.stop() }
        var feed = BatchFeed(parsing: parsing, batchSize: batchSize)
        var merge = OneScanMerge(merged: MergedRecords(parsing: parsing, bundleSize: batchSize))
        var window = ProcessingOrderWindow(capacity: reorderWindow)

        // The loop's state lives in plain local variables and one struct, not in variables
        // captured by local functions: those are boxed on the heap, and every use of them is
        // checked for overlapping access at run time.
        do {
            try source.scanRecords { keys, claimedEnvironment, response in
                guard let entry = merge.index.check(keys) else { return true }
                // The input position stands in for the rank, which is not known yet.
                if feed.add(entry, rank: entry.position, claimedEnvironment: claimedEnvironment.textValue, response: response) {
                    try merge.drain(parsing, into: &window, waitingAbove: parsing.maxInFlight, progress: progress)
                }
                return true
            }
            feed.submitAll()
            try merge.drain(parsing, into: &window, waitingAbove: 0, progress: progress)
        } catch is ProcessingOrderWindow.OutOfOrder {
            PhaseTimer.mark("one scan abandoned: input out of order")
            return nil
        }
        window.releaseAll { merge.release($0) }
        // The reading threads end now, not after the journal is built, and the journal waits
        // for them: what they hold (tapes, scratch) is freed before it is built.
        parsing.stop()
        parsing.waitUntilEnded()
        progress?.finish()
        PhaseTimer.threadCPU("the reading and merging thread, so far")
        PhaseTimer.mark("records read and merged in one scan")
        return (merge.index, merge.builder)
    }
}

/// What the one scan merges into: the record index, the journal being built, the ids merged so
/// far and the count of merged records (the next record's rank).
private struct OneScanMerge {
    var index = RecordIndex()
    var builder: JournalBuilder
    var seenIDs = RecordIDSet()
    var rank = 0
    /// Merged records go back to the thread that read them, which frees them.
    var merged: MergedRecords

    init(merged: MergedRecords) {
        self.merged = merged
        builder = JournalBuilder()
    }

    /// Merges a record whose turn has come; a later record with an id merged already is a
    /// `duplicate_id` (SPEC §8), as the two-pass index would find.
    mutating func release(_ parsed: consuming ParsingWorkers.Parsed) {
        guard seenIDs.insert(parsed.entry.id) else {
            index.rejectDuplicate(parsed.entry)
            return
        }
        merge(parsed)
        rank += 1
        merged.add(parsed)
    }

    /// Merges a record where it lies: `parsed.record` passed on from the consuming parameter of
    /// `release` would be copied first, a retain of each of its arrays.
    private mutating func merge(_ parsed: borrowing ParsingWorkers.Parsed) {
        builder.add(parsed.record, context: JournalPipeline.context(parsed, rank: rank, users: index.users))
    }

    /// Takes what the workers have finished into `window`; waits while more than `limit`
    /// batches are out.
    mutating func drain(_ parsing: ParsingWorkers, into window: inout ProcessingOrderWindow, waitingAbove limit: Int,
                        progress: (any RunObserver)?) throws(ProcessingOrderWindow.OutOfOrder) {
        while var records = parsing.next(waitingAbove: limit) {
            for slot in records.indices {
                if let parsed = records[slot].take() { try window.accept(parsed) { release($0) } }
            }
            progress?.advance(by: records.count)
            parsing.recycle(records)
        }
    }
}
