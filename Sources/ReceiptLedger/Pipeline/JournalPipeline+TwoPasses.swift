extension JournalPipeline {
    /// Pass 1 (`RecordIndex`) reads only the key columns and decides every record's rank.
    /// Pass 2 streams the bodies in input order to the workers; what comes back is merged in
    /// rank order by `RankOrder`. Records that arrive early wait in a bounded buffer; what does
    /// not fit is picked up by a further pass, so memory stays bounded whatever the input order.
    func runInTwoPasses(source: RecordSource) throws -> Result {
        progress?.phase("indexing records")
        var index = try RecordIndex(source: source)
        PhaseTimer.mark("pass 1: keys read and ordered")
        var builder = JournalBuilder(users: index.users)
        builder.reject(rows: index.rowRejections)
        progress?.phase("reading answers")
        progress?.start(total: index.entries.count)
        let parsing = makeWorkers()
        defer { parsing.stop() }
        var order = RankOrder(total: index.entries.count, budget: reorderBudget)
        let users = index.users
        var merged = MergedRecords(parsing: parsing, bundleSize: batchSize)
        func merge(_ records: consuming [ParsingWorkers.Parsed?]) {
            for slot in records.indices {
                guard let parsed = records[slot].take() else { continue }
                order.accept(parsed) { parsed in
                    builder.add(parsed.record, context: Self.context(parsed, rank: parsed.rank, users: users))
                    merged.add(parsed)
                }
            }
            progress?.advance(by: records.count)
        }
        /// Takes what the workers have finished; waits while too many batches are out.
        func drain(waitingAbove limit: Int) {
            while let records = parsing.next(waitingAbove: limit) { merge(records) }
        }

        while !order.isComplete {
            // Ranks below `low` were merged by an earlier pass; `order.limit` only falls.
            let low = order.next
            var feed = BatchFeed(parsing: parsing, batchSize: batchSize)
            let rankOfPosition = index.rankOfPosition
            let keyDigests = index.keyDigests
            let entries = index.entries
            try source.scanBodyBytes { position, keys, claimedEnvironment, response in
                // Each pass must read, at each position, the record pass 1 read there: its body
                // is booked under the keys pass 1 gave that position.
                guard position < keyDigests.count else { throw Self.changed(source, "it holds more records than the first pass read") }
                guard keys.digest == keyDigests[position] else {
                    throw Self.changed(source, "record \(position + 1) is not the one the first pass read there")
                }
                let rank = Int(rankOfPosition[position])
                guard rank >= low, rank < order.limit else { return true }
                if feed.add(entries[rank], rank: rank, claimedEnvironment: claimedEnvironment.textValue, response: response) {
                    drain(waitingAbove: parsing.maxInFlight)
                }
                return !order.isPassComplete
            }
            feed.submitAll()
            drain(waitingAbove: 0)
            guard order.endPass() else { throw Self.changed(source, "it holds fewer records than the first pass read") }
        }
        parsing.stop()  // frees the threads' scratch before the journal is built (see `runInOneScan`)
        parsing.waitUntilEnded()
        progress?.finish()
        PhaseTimer.mark("pass 2: answers read and merged")
        index.releaseProcessingOrder()
        return finish(&builder, index: index, readInOneScan: false)
    }

    /// A later pass did not read what pass 1 read: the input changed between them (a source
    /// that cannot hold one snapshot), or its rows came in another order. Exit 1, not a report.
    static func changed(_ source: RecordSource, _ detail: String) -> SourceError {
        SourceError(message: "\(source.label) changed while it was being read (\(detail)); nothing was written", isFatal: true)
    }
}
