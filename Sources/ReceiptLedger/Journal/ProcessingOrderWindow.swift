/// Puts parsed records, arriving in input order, into processing order (`verified_at`, `id`,
/// then input position) when the input is nearly in that order already, as stored results
/// usually are: a record is released once `capacity` later records have arrived. A record
/// that would have to go before one already released means the input is further out of order
/// than that: `accept` throws, and the caller reads the input another way. Every decision
/// depends only on the order records arrive in, never on timing.
struct ProcessingOrderWindow {
    struct OutOfOrder: Error {}

    let capacity: Int
    /// A binary min-heap in processing order of the waiting records' entries and slots: a few
    /// plain words each, cheap to move, where the records themselves are not.
    private var heap: [(entry: RecordIndex.Entry, slot: Int)] = []
    /// The waiting records, each in a slot of its own until it is released.
    private var slots: [ParsingWorkers.Parsed?] = []
    private var freeSlots: [Int] = []
    private var lastReleased: RecordIndex.Entry?

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        heap.reserveCapacity(self.capacity + 1)
    }

    mutating func accept(_ parsed: consuming ParsingWorkers.Parsed, release: (ParsingWorkers.Parsed) -> Void) throws(OutOfOrder) {
        let entry = parsed.entry
        if let lastReleased, entry.precedes(lastReleased) { throw OutOfOrder() }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = consume parsed
        } else {
            slot = slots.count
            slots.append(consume parsed)
        }
        push((entry, slot))
        while heap.count > capacity { releaseFirst(release) }
    }

    /// Releases everything held, in order: the input has ended.
    mutating func releaseAll(_ release: (ParsingWorkers.Parsed) -> Void) {
        while !heap.isEmpty { releaseFirst(release) }
    }

    private mutating func releaseFirst(_ release: (ParsingWorkers.Parsed) -> Void) {
        let first = popFirst()
        lastReleased = first.entry
        freeSlots.append(first.slot)
        guard let parsed = slots[first.slot].take() else { return }
        release(parsed)
    }

    private mutating func push(_ waiting: (entry: RecordIndex.Entry, slot: Int)) {
        heap.append(waiting)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].entry.precedes(heap[parent].entry) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> (entry: RecordIndex.Entry, slot: Int) {
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].entry.precedes(heap[smallest].entry) { smallest = left }
            if right < heap.count, heap[right].entry.precedes(heap[smallest].entry) { smallest = right }
            guard smallest != parent else { return first }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
