/// The growable buffer of tape entries a document is read through.
///
/// A `final class` over a raw allocation rather than an `Array`, so the parser's hot loop pays
/// neither copy-on-write checks nor bounds checks on append, and so a `JSONParser` can hand the
/// same storage to the next document once the previous one is gone (see `isKnownUniquelyReferenced`
/// in `JSONParser`). Offsets are `UInt32`: the parser rejects inputs of 4 GiB or more.
final class JSONTape: @unchecked Sendable {
    private var base: UnsafeMutablePointer<JSONTapeEntry>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        // JSONTapeEntry is a trivial type: nothing to deinitialize.
        base.deallocate()
    }

    /// Forgets all entries, keeping the allocation.
    func removeAll() {
        count = 0
    }

    /// Appends an entry and returns its index.
    @inline(__always)
    @discardableResult
    func append(_ entry: JSONTapeEntry) -> Int {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count += 1
        return count - 1
    }

    subscript(index: Int) -> JSONTapeEntry {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "tape index out of range")
            return base[index]
        }
    }

    /// Calls `body` with the entries as a buffer, for loops that walk many of them.
    @inline(__always)
    func withEntries<R>(_ body: (UnsafeBufferPointer<JSONTapeEntry>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Completes a container's entry once its closing bracket is seen.
    @inline(__always)
    func close(_ index: Int, end: Int, count members: Int) {
        precondition(index >= 0 && index < count, "tape index out of range")
        base[index].end = UInt32(truncatingIfNeeded: end)
        base[index].next = UInt32(truncatingIfNeeded: count)
        base[index].count = UInt32(truncatingIfNeeded: members)
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<JSONTapeEntry>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
