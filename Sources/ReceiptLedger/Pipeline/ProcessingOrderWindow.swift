/// Puts parsed records, arriving in input order, into processing order (`verified_at`, `id`,
/// then input position) when the input is nearly in that order already, as stored results
/// usually are: a record is released once `capacity` later records have arrived. A record
/// that would have to go before one already released means the input is further out of order
/// than that: `accept` throws, and the caller reads the input another way. Every decision
/// depends only on the order records arrive in, never on timing.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ProcessingOrderWindow.
struct ProcessingOrderWindow {
    struct OutOfOrder: Error {}

    /// A waiting record: its entry and its slot.
    private typealias Waiting = (entry: RecordIndex.Entry, slot: Int)

    let capacity: Int
    /// The waiting records' entries and slots in processing order, from `first` on: a few
    /// plain words each, cheap to move, where the records themselves are not. A record that
    /// arrives in order goes at the end; one that arrives early moves the few after it along
    /// (nearly sorted input makes this cheaper than a heap, which makes about log₂ `capacity`
    /// comparisons a record).
    private var waiting: [Waiting] = []
    private var first = 0
    /// The waiting records, each in a slot of its own until it is released.
    private var slots: [ParsingWorkers.Parsed?] = []
    private var freeSlots: [Int] = []
    private var lastReleased: RecordIndex.Entry?

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        waiting.reserveCapacity(2 * (self.capacity + 1))
    }

    private var waitingCount: Int { waiting.count - first }

    mutating func accept(_ parsed: consuming ParsingWorkers.Parsed, release: (consuming ParsingWorkers.Parsed) -> Void) throws(OutOfOrder) {
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
        insert((entry, slot))
        while waitingCount > capacity { releaseFirst(release) }
    }

    /// Releases everything held, in order: the input has ended.
    mutating func releaseAll(_ release: (consuming ParsingWorkers.Parsed) -> Void) {
        while waitingCount > 0 { releaseFirst(release) }
    }

    private mutating func releaseFirst(_ release: (consuming ParsingWorkers.Parsed) -> Void) {
        let next = waiting[first]
        first += 1
        // The released prefix is dropped once it is as long as the rest, so moving what is
        // left costs at most as much as the releases did.
        if first >= waiting.count - first {
            waiting.removeFirst(first)
            first = 0
        }
        lastReleased = next.entry
        freeSlots.append(next.slot)
        guard let parsed = slots[next.slot].take() else { return }
        release(parsed)
    }

    /// Inserts after every waiting entry that does not follow it (entries are never equal:
    /// positions differ).
    private mutating func insert(_ new: Waiting) {
        var index = waiting.count
        waiting.append(new)
        while index > first, new.entry.precedes(waiting[index - 1].entry) {
            waiting[index] = waiting[index - 1]
            index -= 1
        }
        waiting[index] = new
    }
}
