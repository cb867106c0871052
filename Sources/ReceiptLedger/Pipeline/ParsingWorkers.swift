import Foundation

/// Threads that read answers (`ResponseReader`) while the caller goes on reading the input and
/// merging: the stage of the pipeline that runs in parallel.
///
/// Batches go in with `submit` and come out with `next` in the order they were submitted,
/// whichever thread finished first, so the merge that consumes them sees the same sequence on
/// every run. Each batch names the thread that reads it. At most `maxInFlight` batches are
/// submitted and not yet taken, which bounds the memory held by bodies waiting to be read and
/// records waiting to be merged.
final class ParsingWorkers: @unchecked Sendable {
    /// Records to read, their bodies back to back in one buffer (one allocation per batch, not
    /// per record).
    struct Batch: Sendable {
        /// Each record's place in processing order, as far as the caller knows it when it
        /// submits (the two-pass pipeline knows the rank; the one-scan pipeline does not).
        private(set) var ranks: [Int] = []
        private(set) var entries: [RecordIndex.Entry] = []
        private(set) var claimedEnvironments: [String?] = []
        /// Each response's bytes in `bodies`; nil for a NULL response.
        private(set) var responses: [Range<Int>?] = []
        private(set) var bodies: [UInt8] = []

        /// An empty batch for `records` records; `bodies` is an empty buffer to fill again
        /// (`ParsingWorkers.spareBodies()`), else one is allocated.
        init(records: Int = 0, bodies: [UInt8]? = nil) {
            ranks.reserveCapacity(records)
            entries.reserveCapacity(records)
            claimedEnvironments.reserveCapacity(records)
            responses.reserveCapacity(records)
            if let bodies {
                self.bodies = bodies
                self.bodies.removeAll(keepingCapacity: true)
            }
            self.bodies.reserveCapacity(records * 4096)
        }

        /// The bodies' buffer, for another batch once this one is read.
        consuming func takeBodies() -> [UInt8] { bodies }

        var count: Int { ranks.count }

        mutating func append(_ entry: RecordIndex.Entry, rank: Int, claimedEnvironment: String?, response: UnsafeRawBufferPointer?) {
            ranks.append(rank)
            entries.append(entry)
            claimedEnvironments.append(claimedEnvironment)
            if let response {
                responses.append(bodies.count..<(bodies.count + response.count))
                bodies.append(contentsOf: response)
            } else {
                responses.append(nil)
            }
        }

        /// Calls `body` with each record's rank, entry, claimed environment and response bytes.
        func forEach(_ body: (_ rank: Int, _ entry: RecordIndex.Entry, _ claimedEnvironment: String?, _ response: UnsafeRawBufferPointer?) -> Void) {
            bodies.withUnsafeBytes { all in
                for index in ranks.indices {
                    body(ranks[index], entries[index], claimedEnvironments[index], responses[index].map { UnsafeRawBufferPointer(rebasing: all[$0]) })
                }
            }
        }
    }

    /// One record read.
    struct Parsed: Sendable {
        var rank: Int
        var entry: RecordIndex.Entry
        var record: ParsedRecord
        var claimedEnvironment: String?
        /// The body's size, which the reorder buffer's budget counts.
        var bodyBytes: Int
        /// The thread that read it, which frees it (`MergedRecords`).
        var readBy: Int
    }

    let maxInFlight: Int
    private let reader: ResponseReader
    private let condition = NSCondition()
    // Guarded by `condition`.
    /// Per thread: the batches it has yet to read.
    private var pending: [[(sequence: Int, batch: Batch)]]
    private var finished: [Int: [Parsed?]] = [:]
    /// Per thread: records merged, for it to free (`dispose`).
    private var disposals: [[[Parsed]]]
    /// Bodies' buffers of batches already read, for the next batches (`spareBodies()`).
    private var spares: [[UInt8]] = []
    /// Emptied lists of records read, for the next batches (`recycle(_:)`).
    private var spareLists: [[Parsed?]] = []
    private var submitted = 0
    private var taken = 0
    private var stopping = false
    /// Reading threads not yet ended.
    private var running: Int

    /// How many threads read; `submit` takes a thread number below this.
    let threadCount: Int

    /// Which parser each thread reads answers with (`ResponseReader.Scratch`).
    private let parsing: JSONParsing

    init(reader: ResponseReader, threads count: Int, maxInFlight: Int, parsing: JSONParsing = .tape) {
        self.reader = reader
        self.parsing = parsing
        self.maxInFlight = max(1, maxInFlight)
        threadCount = max(1, count)
        running = threadCount
        pending = Array(repeating: [], count: threadCount)
        disposals = Array(repeating: [], count: threadCount)
        // Each thread keeps `self` alive until `stop()` lets it end.
        for number in 0..<threadCount {
            let thread = Thread { self.work(number) }
            thread.name = "parse"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Queues a batch for reading by thread `thread`.
    func submit(_ batch: Batch, to thread: Int) {
        condition.lock()
        pending[thread].append((submitted, batch))
        submitted += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch in submission order; nil when it is not read yet and at most `limit`
    /// batches are out (submitted and not taken), or when every submitted batch was taken.
    /// With more out than `limit`, it waits: for the next `batchesPerWake` batches at once,
    /// so that the caller is woken once for them, not once per batch (each wake-up a switch
    /// across cores). Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ParsingWorkers.
    ///
    /// The caller takes each record out with `take()`, a move, rather than copy it out of the
    /// array: a copy retains every string and transaction the record holds, and the release
    /// of the array's own reference follows, often on another core.
    func next(waitingAbove limit: Int) -> [Parsed?]? {
        condition.lock()
        defer { condition.unlock() }
        while taken < submitted {
            if let batch = finished.removeValue(forKey: taken) {
                taken += 1
                return batch
            }
            guard submitted - taken > limit else { return nil }
            awaited = min(taken + Self.batchesPerWake - 1, submitted - 1)
            while !awaitedBatchesRead { condition.wait() }
            awaited = -1
        }
        return nil
    }

    /// How many batches a waiting `next` waits for.
    static let batchesPerWake = 2
    /// The last batch a waiting `next` waits for (-1: none): a reading thread wakes the
    /// caller only once it and every batch before it are read (with several reading threads,
    /// batches are read out of order).
    private var awaited = -1
    private var awaitedBatchesRead: Bool { awaited >= 0 && (taken...awaited).allSatisfy { finished[$0] != nil } }

    /// The buffer of a batch already read, emptied, for a new batch to copy bodies into; nil
    /// when none is free. Reused so that copying bodies does not fault in fresh pages, which a
    /// buffer allocated afresh often gets (the merge's small allocations take the freed ones).
    func spareBodies() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        return spares.popLast()
    }

    /// Takes back a list that `next` gave, its records all taken, for a later batch: a reading
    /// thread then fills the same memory again, so that this list (tens of KiB) is no large
    /// request to the allocator during the scan: glibc answers one by first merging the small
    /// blocks freed since the last (`malloc_consolidate`), after which small requests take its
    /// slow path; and a list freed by the merging thread goes into the reading thread's heap.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ParsingWorkers.
    func recycle(_ list: consuming [Parsed?]) {
        list.removeAll(keepingCapacity: true)
        condition.lock()
        if spareLists.count < maxInFlight + threadCount { spareLists.append(list) }
        condition.unlock()
    }

    /// Hands records the merge is done with to `thread`, the thread that read them, which
    /// frees them before it reads its next batch (see `MergedRecords`).
    func dispose(_ records: [Parsed], readBy thread: Int) {
        condition.lock()
        disposals[thread].append(records)
        condition.unlock()
    }

    /// Ends the threads once the queue is empty; call when done (also after an error).
    func stop() {
        condition.lock()
        stopping = true
        for thread in pending.indices { pending[thread].removeAll() }
        for thread in disposals.indices { disposals[thread].removeAll() }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every reading thread has ended and freed its scratch (after `stop()`).
    func waitUntilEnded() {
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func work(_ thread: Int) {
        readBatches(thread)  // returns having freed the thread's scratch
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func readBatches(_ thread: Int) {
        let scratch = ResponseReader.Scratch(parsing: parsing)
        while true {
            condition.lock()
            while pending[thread].isEmpty && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                PhaseTimer.threadCPU("reading thread \(thread)")
                return
            }
            let (sequence, batch) = pending[thread].removeFirst()
            var merged = disposals[thread]
            disposals[thread] = []
            var parsed = spareLists.popLast() ?? []
            condition.unlock()
            merged.removeAll()  // freed here, by the thread that allocated them

            parsed.reserveCapacity(batch.count)
            batch.forEach { rank, entry, claimedEnvironment, response in
                parsed.append(Parsed(rank: rank, entry: entry, record: reader.read(bytes: response, scratch: scratch),
                                     claimedEnvironment: claimedEnvironment, bodyBytes: (response?.count ?? 0) + 64, readBy: thread))
            }

            var bodies = batch.takeBodies()
            bodies.removeAll(keepingCapacity: true)
            condition.lock()
            finished[sequence] = parsed
            // As many as can be out at once; the rest are freed.
            if spares.count < maxInFlight + threadCount { spares.append(bodies) }
            if awaitedBatchesRead { condition.broadcast() }
            condition.unlock()
        }
    }
}
