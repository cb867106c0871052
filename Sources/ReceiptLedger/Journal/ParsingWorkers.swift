import Foundation

/// Threads that read answers (`ResponseReader`) while the caller goes on reading the input and
/// merging: the stage of the pipeline that runs in parallel.
///
/// Batches go in with `submit` and come out with `next` in the order they were submitted,
/// whichever thread finished first, so the merge that consumes them sees the same sequence on
/// every run. At most `maxInFlight` batches are submitted and not yet taken, which bounds the
/// memory held by bodies waiting to be read and records waiting to be merged.
final class ParsingWorkers: @unchecked Sendable {
    /// One record to read: its rank in processing order and its body.
    struct Item: Sendable {
        var rank: Int
        var body: RecordBody
    }

    /// One record read.
    struct Parsed: Sendable {
        var rank: Int
        var record: ParsedRecord
        var claimedEnvironment: String?
        /// The body's size, which the reorder buffer's budget counts.
        var bodyBytes: Int
    }

    let maxInFlight: Int
    private let reader: ResponseReader
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var pending: [(sequence: Int, items: [Item])] = []
    private var finished: [Int: [Parsed]] = [:]
    private var submitted = 0
    private var taken = 0
    private var stopping = false

    init(reader: ResponseReader, threads count: Int, maxInFlight: Int) {
        self.reader = reader
        self.maxInFlight = max(1, maxInFlight)
        // Each thread keeps `self` alive until `stop()` lets it end.
        for _ in 0..<max(1, count) {
            let thread = Thread { self.work() }
            thread.name = "parse"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Batches submitted and not yet taken.
    var inFlight: Int {
        condition.lock()
        defer { condition.unlock() }
        return submitted - taken
    }

    /// Queues a batch for reading.
    func submit(_ items: [Item]) {
        condition.lock()
        pending.append((submitted, items))
        submitted += 1
        condition.signal()
        condition.unlock()
    }

    /// The next batch in submission order: waits for it when `wait`, else nil when it is not
    /// read yet. nil when every submitted batch was taken.
    func next(wait: Bool) -> [Parsed]? {
        condition.lock()
        defer { condition.unlock() }
        while taken < submitted {
            if let batch = finished.removeValue(forKey: taken) {
                taken += 1
                return batch
            }
            guard wait else { return nil }
            condition.wait()
        }
        return nil
    }

    /// Ends the threads once the queue is empty; call when done (also after an error).
    func stop() {
        condition.lock()
        stopping = true
        pending.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        let scratch = ResponseReader.Scratch()
        while true {
            condition.lock()
            while pending.isEmpty && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let (sequence, items) = pending.removeFirst()
            condition.unlock()

            let parsed = items.map { item in
                Parsed(rank: item.rank, record: reader.read(item.body.response, scratch: scratch),
                       claimedEnvironment: item.body.claimedEnvironment.textValue, bodyBytes: item.body.byteCount)
            }

            condition.lock()
            finished[sequence] = parsed
            condition.broadcast()
            condition.unlock()
        }
    }
}
