/// Fills one batch per reading thread, so that a user's records always go to the same thread
/// (whose memo then sees that user's repeated history), and submits a batch when it is full.
struct BatchFeed {
    let parsing: ParsingWorkers
    let batchSize: Int
    private var batches: [ParsingWorkers.Batch]

    init(parsing: ParsingWorkers, batchSize: Int) {
        self.parsing = parsing
        self.batchSize = batchSize
        batches = Array(repeating: ParsingWorkers.Batch(records: batchSize), count: parsing.threadCount)
    }

    /// Adds a record; true when a batch was submitted, after which the caller should take what
    /// the workers finished.
    mutating func add(_ entry: RecordIndex.Entry, rank: Int, claimedEnvironment: String?, response: UnsafeRawBufferPointer?) -> Bool {
        let thread = Int(entry.user.index) % batches.count
        batches[thread].append(entry, rank: rank, claimedEnvironment: claimedEnvironment, response: response)
        guard batches[thread].count >= batchSize else { return false }
        submit(thread)
        // A thread whose users are rare must not hold its records back for long: the merge
        // waits for them, holding everything read after them.
        for other in batches.indices where batches[other].count > 0 && entry.position - batches[other].firstPosition > 2 * batchSize {
            submit(other)
        }
        return true
    }

    /// Submits every batch that holds a record.
    mutating func submitAll() {
        for thread in batches.indices where batches[thread].count > 0 { submit(thread) }
    }

    private mutating func submit(_ thread: Int) {
        parsing.submit(batches[thread], to: thread)
        batches[thread] = ParsingWorkers.Batch(records: batchSize, bodies: parsing.spareBodies())
    }
}
