/// Fills one batch at a time and submits it, when full, to the reading threads in turn.
struct BatchFeed {
    let parsing: ParsingWorkers
    let batchSize: Int
    private var batch: ParsingWorkers.Batch
    private var nextThread = 0

    init(parsing: ParsingWorkers, batchSize: Int) {
        self.parsing = parsing
        self.batchSize = batchSize
        batch = ParsingWorkers.Batch(records: batchSize)
    }

    /// Adds a record; true when a batch was submitted, after which the caller should take what
    /// the workers finished.
    mutating func add(_ entry: RecordIndex.Entry, rank: Int, claimedEnvironment: String?, response: UnsafeRawBufferPointer?) -> Bool {
        batch.append(entry, rank: rank, claimedEnvironment: claimedEnvironment, response: response)
        guard batch.count >= batchSize else { return false }
        submit()
        return true
    }

    /// Submits the batch if it holds a record.
    mutating func submitAll() {
        if batch.count > 0 { submit() }
    }

    private mutating func submit() {
        parsing.submit(batch, to: nextThread)
        nextThread = (nextThread + 1) % parsing.threadCount
        batch = ParsingWorkers.Batch(records: batchSize, bodies: parsing.spareBodies())
    }
}
