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
            parsing.noteTransactionsMerged(builder.states.count)
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
            let entries = index.entries
            try source.scanBodyBytes { position, claimedEnvironment, response in
                guard position < rankOfPosition.count else { throw SourceError(message: "\(source.label) changed while it was being read") }
                let rank = Int(rankOfPosition[position])
                guard rank >= low, rank < order.limit else { return true }
                if feed.add(entries[rank], rank: rank, claimedEnvironment: claimedEnvironment.textValue, response: response) {
                    drain(waitingAbove: parsing.maxInFlight)
                }
                return !order.isPassComplete
            }
            feed.submitAll()
            drain(waitingAbove: 0)
            guard order.endPass() else { throw SourceError(message: "\(source.label) changed while it was being read") }
        }
        parsing.stop()  // frees the memos before the journal is built (see `runInOneScan`)
        parsing.waitUntilEnded()
        progress?.finish()
        PhaseTimer.mark("pass 2: answers read and merged")
        index.releaseProcessingOrder()
        return finish(builder, index: index, readInOneScan: false)
    }
}
