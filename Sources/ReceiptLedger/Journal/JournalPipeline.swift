/// Runs the two passes over a source and returns the finished journal.
///
/// Pass 1 (`RecordIndex`) reads only the key columns and decides the processing order.
/// Pass 2 streams the bodies: batches of records in input order go to `ParsingWorkers`, which
/// read them on the other cores while this thread goes on reading the input; the records come
/// back in input order and `RankOrder` merges them in processing order, so the output never
/// depends on thread timing. Records that arrive out of order wait in a bounded buffer; what
/// does not fit is picked up by a further pass, so memory stays bounded whatever the input
/// order.
struct JournalPipeline {
    var reader: ResponseReader
    var catalog: Catalog
    /// Bytes of out-of-order bodies held at most before another pass is planned.
    var reorderBudget = 64 << 20
    /// Records read together by one worker: large enough to keep the hand-over cheap, small
    /// enough to stream.
    var batchSize = 256
    /// Threads reading answers; the calling thread reads the input and merges meanwhile.
    var workers = ProcessInfoCores.count
    var progress: ProgressReporter?

    struct Result {
        var journal: Journal
        var index: RecordIndex
    }

    init(reader: ResponseReader, catalog: Catalog, progress: ProgressReporter? = nil) {
        self.reader = reader
        self.catalog = catalog
        self.progress = progress
    }

    func run(source: RecordSource) throws -> Result {
        progress?.phase("indexing records")
        var index = try RecordIndex(source: source)
        PhaseTimer.mark("pass 1: keys read and ordered")
        var builder = JournalBuilder(users: index.users)
        for rejection in index.rowRejections {
            builder.reject(RejectedRecord(recordID: rejection.recordID, user: rejection.userID, reason: rejection.reason, detail: rejection.detail))
        }
        progress?.phase("reading answers")
        progress?.start(total: index.entries.count)
        let parsing = ParsingWorkers(reader: reader, threads: workers, maxInFlight: 4 * max(1, workers))
        defer { parsing.stop() }
        var order = RankOrder(total: index.entries.count, budget: reorderBudget)
        let entries = index.entries
        func merge(_ records: [ParsingWorkers.Parsed]) {
            for parsed in records {
                order.accept(parsed) { parsed in
                    let entry = entries[parsed.rank]
                    builder.add(parsed.record, context: JournalBuilder.RecordContext(
                        rank: parsed.rank, recordID: entry.id, verifiedAt: entry.verifiedAt, user: entry.user,
                        claimedEnvironment: parsed.claimedEnvironment))
                }
            }
            progress?.advance(by: records.count)
        }
        /// Takes what the workers have finished; waits while too many batches are out.
        func drain(waitingAbove limit: Int) {
            while let records = parsing.next(wait: parsing.inFlight > limit) { merge(records) }
        }

        while !order.isComplete {
            // Ranks below `low` were merged by an earlier pass; `order.limit` only falls.
            let low = order.next
            var batch = ParsingWorkers.Batch(records: batchSize)
            let rankOfPosition = index.rankOfPosition
            try source.scanBodyBytes { position, claimedEnvironment, response in
                guard position < rankOfPosition.count else { throw SourceError(message: "\(source.label) changed while it was being read") }
                let rank = Int(rankOfPosition[position])
                guard rank >= low, rank < order.limit else { return true }
                batch.append(rank: rank, claimedEnvironment: claimedEnvironment.textValue, response: response)
                if batch.count >= batchSize {
                    parsing.submit(batch)
                    batch = ParsingWorkers.Batch(records: batchSize)
                    drain(waitingAbove: parsing.maxInFlight)
                }
                return !order.isPassComplete
            }
            if batch.count > 0 { parsing.submit(batch) }
            drain(waitingAbove: 0)
            guard order.endPass() else { throw SourceError(message: "\(source.label) changed while it was being read") }
        }
        progress?.finish()
        PhaseTimer.mark("pass 2: answers read and merged")
        index.releaseProcessingOrder()
        return Result(journal: builder.finish(catalog: catalog, recordsRead: index.recordsRead), index: index)
    }
}

/// Puts records that arrive in input order into processing (rank) order for the merge.
///
/// A record whose turn has come is merged at once, with any waiting successors; one that is
/// early waits. When the waiting bodies pass the byte budget, the later half is dropped and
/// `limit` lowered to it: this pass then ignores those ranks, and the next pass reads them again.
/// Every decision depends only on the order records arrive in, never on timing.
struct RankOrder {
    let total: Int
    let budget: Int
    /// The next rank to merge.
    private(set) var next = 0
    /// Ranks at or above this one are left to a later pass.
    private(set) var limit: Int
    private var waiting: [Int: ParsingWorkers.Parsed] = [:]
    private var waitingBytes = 0

    init(total: Int, budget: Int) {
        self.total = total
        self.budget = budget
        limit = total
    }

    var isComplete: Bool { next >= total }
    /// Everything this pass can merge was merged: the rest of the input can be skipped.
    var isPassComplete: Bool { next >= limit }

    mutating func accept(_ parsed: ParsingWorkers.Parsed, merge: (ParsingWorkers.Parsed) -> Void) {
        guard parsed.rank >= next, parsed.rank < limit else { return }
        guard parsed.rank == next else {
            waiting[parsed.rank] = parsed
            waitingBytes += parsed.bodyBytes
            if waitingBytes > budget {
                // Keep the lower half; the rest is read again by the next pass.
                let ranks = waiting.keys.sorted()
                for dropped in ranks[(ranks.count / 2)...] {
                    waitingBytes -= waiting.removeValue(forKey: dropped)?.bodyBytes ?? 0
                }
                limit = ranks[ranks.count / 2]
            }
            return
        }
        merge(parsed)
        next += 1
        while let successor = waiting.removeValue(forKey: next) {
            waitingBytes -= successor.bodyBytes
            merge(successor)
            next += 1
        }
    }

    /// Ends a pass and opens the next one; false when a record below the limit never came
    /// (the input changed between passes). Whatever waits here is then at or above the limit,
    /// and was dropped already: nothing is left to merge.
    mutating func endPass() -> Bool {
        guard next >= limit else { return false }
        limit = total
        return true
    }
}
