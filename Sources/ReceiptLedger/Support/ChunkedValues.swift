/// Values appended one at a time into fixed chunks, updated where they lie, and taken back
/// chunk by chunk in order, each chunk's memory freed once its values are taken: what a run
/// holds one of per transaction while it reads, then consumes once (issue 26). A value takes
/// its stride and nothing more: no object header, allocator block or pointer per value, as a
/// class instance would, and no copy while growing, as an array's doubling would.
///
/// Copies share the chunks (they are objects): one owner appends and updates, as the merge
/// does. `Chunk` is `@unchecked Sendable` so that a chunk taken by `takeChunk` can be consumed
/// on another thread, which then is its only user.
struct ChunkedValues<Element> {
    /// log2 of the values a chunk holds.
    let chunkShift: Int
    private var chunks: [Chunk?] = []
    private(set) var count = 0

    /// Chunks of `1 << chunkShift` values: memory is taken a chunk at a time, and a chunk of a
    /// megabyte or more is its own mapping (`FreedMemory.mapLargeBlocks`), pages touched as
    /// values are appended and returned to the system as soon as the chunk is freed.
    init(chunkShift: Int = 14) {
        precondition(chunkShift > 0 && chunkShift < 31, "chunks of 2 to 2^30 values")
        self.chunkShift = chunkShift
    }

    var chunkSize: Int { 1 << chunkShift }
    /// How many chunks hold values (the last may be partly filled).
    var chunkCount: Int { chunks.count }

    /// Appends `value` at position `count`.
    mutating func append(_ value: consuming Element) {
        let slot = count & (chunkSize - 1)
        if slot == 0 { chunks.append(Chunk(capacity: chunkSize)) }
        guard let chunk = chunks[chunks.count - 1] else { preconditionFailure("appending after a chunk was taken") }
        (chunk.base + slot).initialize(to: value)
        chunk.end = slot + 1
        count += 1
    }

    /// The value at `position` (0 ..< count), read or updated where it lies; the chunk holding
    /// it must not have been taken.
    subscript(position: Int) -> Element {
        _read {
            let chunk = chunk(holding: position)
            yield chunk.base[position & (chunkSize - 1)]
        }
        _modify {
            let chunk = chunk(holding: position)
            yield &chunk.base[position & (chunkSize - 1)]
        }
    }

    private func chunk(holding position: Int) -> Chunk {
        precondition(position >= 0 && position < count, "position \(position) out of 0..<\(count)")
        guard let chunk = chunks[position >> chunkShift] else { preconditionFailure("reading a value whose chunk was taken") }
        return chunk
    }

    /// Hands chunk `index` over, leaving none there: values `index << chunkShift` on, in order.
    mutating func takeChunk(_ index: Int) -> Chunk? {
        defer { chunks[index] = nil }
        return chunks[index]
    }

    /// One chunk's values. `take()` moves them out in order; whatever is left is freed with
    /// the chunk.
    final class Chunk: @unchecked Sendable {
        fileprivate let base: UnsafeMutablePointer<Element>
        /// Values `start ..< end` are held.
        fileprivate var start = 0
        fileprivate var end = 0

        fileprivate init(capacity: Int) {
            base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }

        /// How many values are left.
        var remaining: Int { end - start }

        /// Moves the next value out; nil once all were taken.
        func take() -> Element? {
            guard start < end else { return nil }
            defer { start += 1 }
            return (base + start).move()
        }

        deinit {
            (base + start).deinitialize(count: end - start)
            base.deallocate()
        }
    }
}
