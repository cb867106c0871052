import Dispatch

/// Runs the two passes over a source and returns the finished journal.
///
/// Pass 1 (`RecordIndex`) reads only the key columns and decides the processing order.
/// Pass 2 streams the bodies; records arriving in order are parsed in parallel batches and
/// merged in order, so the output never depends on thread timing. Records that arrive out of
/// order wait in a bounded buffer; what does not fit is picked up by a further pass, so
/// memory stays bounded whatever the input order.
struct JournalPipeline {
    var reader: ResponseReader
    var catalog: Catalog
    /// Bytes of out-of-order bodies held at most before another pass is planned.
    var reorderBudget = 64 << 20
    /// Records parsed together; large enough to keep both cores busy, small enough to stream.
    var batchSize = 256
    var progress: ProgressReporter?

    struct Result {
        var journal: Journal
        var index: RecordIndex
    }

    func run(source: RecordSource) throws -> Result {
        progress?.phase("indexing records")
        let index = try RecordIndex(source: source)
        var builder = JournalBuilder(users: index.users)
        for rejection in index.rowRejections {
            builder.reject(RejectedRecord(recordID: rejection.recordID, user: rejection.userID, reason: rejection.reason, detail: rejection.detail))
        }
        progress?.phase("reading answers")
        progress?.start(total: index.entries.count)
        var batch = Batch(index: index, reader: reader, size: batchSize)
        var next = 0
        let total = index.entries.count
        while next < total {
            var waiting: [Int: RecordBody] = [:]
            var waitingBytes = 0
            var limit = total
            try source.scanBodies { position, body in
                guard position < index.rankOfPosition.count else { throw SourceError(message: "\(source.label) changed while it was being read") }
                let rank = Int(index.rankOfPosition[position])
                guard rank >= next, rank < limit else { return true }
                if rank == next {
                    batch.append(body, rank: rank, into: &builder, progress: progress)
                    next += 1
                    while let body = waiting.removeValue(forKey: next) {
                        waitingBytes -= body.byteCount
                        batch.append(body, rank: next, into: &builder, progress: progress)
                        next += 1
                    }
                    return next < limit
                }
                waiting[rank] = body
                waitingBytes += body.byteCount
                if waitingBytes > reorderBudget {
                    // Keep the lower half; the rest is read again by the next pass.
                    let ranks = waiting.keys.sorted()
                    for dropped in ranks[(ranks.count / 2)...] {
                        waitingBytes -= waiting.removeValue(forKey: dropped)?.byteCount ?? 0
                    }
                    limit = ranks[ranks.count / 2]
                }
                return true
            }
            while let body = waiting.removeValue(forKey: next) {
                batch.append(body, rank: next, into: &builder, progress: progress)
                next += 1
            }
            guard next >= limit else { throw SourceError(message: "\(source.label) changed while it was being read") }
        }
        batch.flush(into: &builder, progress: progress)
        progress?.finish()
        return Result(journal: builder.finish(catalog: catalog, recordsRead: index.recordsRead), index: index)
    }
}

extension RecordBody {
    var byteCount: Int {
        if case .bytes(let bytes) = response { return bytes.count + 64 }
        return 64
    }
}

/// Records waiting to be parsed together, then merged in rank order.
private struct Batch {
    let index: RecordIndex
    let reader: ResponseReader
    let size: Int
    private var bodies: [(rank: Int, body: RecordBody)] = []

    init(index: RecordIndex, reader: ResponseReader, size: Int) {
        self.index = index
        self.reader = reader
        self.size = size
        bodies.reserveCapacity(size)
    }

    mutating func append(_ body: RecordBody, rank: Int, into builder: inout JournalBuilder, progress: ProgressReporter?) {
        bodies.append((rank, body))
        if bodies.count >= size { flush(into: &builder, progress: progress) }
    }

    mutating func flush(into builder: inout JournalBuilder, progress: ProgressReporter?) {
        guard !bodies.isEmpty else { return }
        let parsed = ParallelMap.map(bodies) { [reader] item in reader.read(item.body.response) }
        for (item, record) in zip(bodies, parsed) {
            let entry = index.entries[item.rank]
            let context = JournalBuilder.RecordContext(rank: item.rank, recordID: entry.id, verifiedAt: entry.verifiedAt,
                                                       user: entry.user, claimedEnvironment: item.body.claimedEnvironment.textValue)
            builder.add(record, context: context)
        }
        progress?.advance(by: bodies.count)
        bodies.removeAll(keepingCapacity: true)
    }
}

/// `map` over an array on all cores, results in input order.
enum ParallelMap {
    static let workers = max(1, min(8, ProcessInfoCores.count))

    static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard workers > 1, items.count > 1 else { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let output = UnsafeSendableBuffer(buffer)
            let chunks = min(workers, items.count)
            withoutActuallyEscaping(transform) { transform in
                let work = UnsafeSendableClosure(transform)
                let input = UnsafeSendableValue(items)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    var i = chunk
                    while i < input.value.count {
                        output.buffer[i] = work.closure(input.value[i])
                        i += chunks
                    }
                }
            }
        }
        return results.map { result in
            guard let result else { preconditionFailure("a parallel slot was not filled") }
            return result
        }
    }
}

/// Wrappers that let a worker write disjoint slots of one buffer; safe because each index is
/// written by exactly one iteration and read only after `concurrentPerform` returns.
private struct UnsafeSendableBuffer<R>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<R?>
    init(_ buffer: UnsafeMutableBufferPointer<R?>) { self.buffer = buffer }
}

private struct UnsafeSendableValue<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

private struct UnsafeSendableClosure<T, R>: @unchecked Sendable {
    let closure: (T) -> R
    init(_ closure: @escaping (T) -> R) { self.closure = closure }
}
