#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values already read from JSON objects, by the objects' exact bytes: a reader thread's memo
/// of transaction copies (`TransactionCopy.read`).
///
/// Every stored answer repeats the subscriber's history, and `in_app` usually repeats
/// `latest_receipt_info`, so most of the objects a run reads are byte-for-byte repeats of one
/// read moments before. What is read depends only on the bytes of the object, so a repeat can
/// take the earlier result: the bytes are compared in full (the hash only finds the
/// candidate), so the result is exactly what reading would give, whichever thread read which
/// answer first.
///
/// The memo also lets the parser skip objects it holds (`knownObject(in:)`): the numbers it
/// gives them stay valid until the next `beginDocument()`, which is the only place entries are
/// forgotten.
///
/// Memory is bounded, and what is used often is kept: entries live in two generations of half
/// the budget each. New entries go into the current one; once it is full, the next document
/// starts a new current generation and the old current one becomes the previous one, whose
/// entries are still found, and move into the current generation when they are. What no
/// document asked for in a whole generation is forgotten, so that a full memo keeps the
/// busiest subscribers' history instead of throwing it away with the rest.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ByteMemo.
struct ByteMemo<Value> {
    private var current: Generation
    private var previous: Generation
    /// The bytes both generations may keep; a change applies from the next new generation.
    var byteBudget: Int

    /// The default keeps about 32,000 transaction objects per reader thread. Each generation
    /// reserves room for `largestBudget` at once (only what is written is ever touched): a
    /// budget that grows in steps then reuses the same memory instead of taking fresh pages
    /// at every step, which the system must map and clear one by one.
    init(byteBudget: Int = 16 << 20, largestBudget: Int = 0) {
        self.byteBudget = byteBudget
        let reserved = max(byteBudget, largestBudget) / 2
        current = Generation(byteBudget: byteBudget / 2, reserving: reserved)
        previous = Generation(byteBudget: byteBudget / 2, reserving: reserved)
    }

    /// The array element after the last object `knownObject(in:)` was asked about, measured and
    /// hashed already, its slots asked for (`lookAhead`); nil when there was none. Valid within
    /// one document only.
    private var ahead: (start: UnsafePointer<UInt8>, length: Int, hash: UInt64)?

    /// Starts a document: opens a new generation if the current one is full. Entry numbers
    /// given out before are invalid afterwards.
    mutating func beginDocument() {
        ahead = nil
        guard current.isFull else { return }
        swap(&current, &previous)
        if !current.reset(byteBudget: byteBudget / 2) {
            current = Generation(byteBudget: byteBudget / 2, reserving: byteBudget / 2)
        }
    }

    /// The value read from an object with exactly these bytes, or `read()`'s result, which is
    /// kept when it is not nil, `keep` allows it and the memo has room.
    mutating func value(of bytes: UnsafeBufferPointer<UInt8>, keep: Bool = true, read: () -> Value?) -> Value? {
        let hash = Self.hash(bytes)
        var slot = 0
        if let entry = current.find(bytes, hash: hash, emptySlot: &slot) { return current.value(entry) }
        if let entry = previous.find(bytes, hash: hash) {
            let value = previous.value(entry)
            current.insert(value, bytes: bytes, hash: hash, at: slot)
            return value
        }
        guard let value = read() else { return nil }
        if keep, !current.isFull { current.insert(value, bytes: bytes, hash: hash, at: slot) }
        return value
    }

    /// The value of entry `number` (from `knownObject(in:)` since the last `beginDocument()`).
    func value(number: Int) -> Value? {
        if number >= 0 { return current.entries.indices.contains(number) ? current.value(number) : nil }
        return previous.entries.indices.contains(~number) ? previous.value(~number) : nil
    }

    /// Whether `bytes` (from an object's `{` to the end of the input) start with an object the
    /// memo holds: its length and entry number. Only an object without nested objects can be
    /// found, since its end is taken to be the first `}`; a string holding a `}` just makes a
    /// miss, as the bytes up to it are then not an object the memo holds.
    mutating func knownObject(in bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, number: Int)? {
        guard !(current.entries.isEmpty && previous.entries.isEmpty), let start = bytes.baseAddress else { return nil }
        let object: UnsafeBufferPointer<UInt8>
        let hash: UInt64
        if let ahead, ahead.start == start, ahead.length <= bytes.count {
            object = UnsafeBufferPointer(start: start, count: ahead.length)
            hash = ahead.hash
        } else {
            guard let measured = Self.firstObject(in: bytes) else { return nil }
            object = measured
            hash = Self.hash(object)
        }
        lookAhead(after: object, in: bytes)
        var slot = 0
        if let entry = current.find(object, hash: hash, emptySlot: &slot) { return (object.count, entry) }
        guard let entry = previous.find(object, hash: hash) else { return nil }
        // Moved into the current generation, it outlives the previous one (a full current
        // generation still takes moved entries: see `Generation.insert`); else it is entry
        // `~entry` of the previous generation, valid until the next document.
        let moved = current.insert(previous.value(entry), bytes: object, hash: hash, at: slot)
        return (object.count, moved ?? ~entry)
    }

    /// The bytes up to the first `}`, the end of the object they start with if it has no
    /// nested object (else no object the memo holds: see `knownObject(in:)`).
    private static func firstObject(in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let start = bytes.baseAddress, let close = memchr(start, Int32(UInt8(ascii: "}")), bytes.count) else { return nil }
        return UnsafeBufferPointer(start: start, count: UnsafeRawPointer(close) - UnsafeRawPointer(start) + 1)
    }

    /// Measures and hashes the object that follows `object` in its array, if one does, and asks
    /// for its slots in both generations: the parser asks about it next, and its slots' cache
    /// misses then overlap the lookup of `object` instead of following it. (Each lookup waits
    /// on two or three misses in a row, a slot and then the entry it names; the slot is the
    /// larger part.) A hint only: it changes no result.
    private mutating func lookAhead(after object: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) {
        ahead = nil
        guard let base = bytes.baseAddress else { return }
        var next = object.count
        func skipWhitespace() {
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x09 { next += 1 }
        }
        skipWhitespace()
        guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else { return }
        next += 1
        skipWhitespace()
        guard next < bytes.count, bytes[next] == UInt8(ascii: "{"),
              let following = Self.firstObject(in: UnsafeBufferPointer(start: base + next, count: bytes.count - next))
        else { return }
        let hash = Self.hash(following)
        current.prefetchSlot(hash: hash)
        previous.prefetchSlot(hash: hash)
        ahead = (base + next, following.count, hash)
    }

    /// One generation: objects' bytes back to back in an arena, found by open addressing.
    private struct Generation {
        private(set) var byteBudget = 0
        /// Linear probing; each slot holds an entry index + 1, or 0. Allocated for the largest
        /// budget reserved, but only the first `mask + 1` slots, as many as the current budget
        /// needs, are used: spread over the whole allocation, a small memo's lookups missed
        /// the caches more often.
        private var slots: [Int32]
        private var mask = 0
        /// An entry: its hash, where its bytes lie in `arena` and its value, side by side, so
        /// that a lookup's candidate costs one cache miss, not one per array.
        struct Entry {
            var hash: UInt64
            var start: UInt32
            var count: UInt32
            var value: Value
        }
        private(set) var entries: [Entry] = []
        func value(_ entry: Int) -> Value { entries[entry].value }

        private var arena: [UInt8] = []
        /// Entries and arena bytes for `byteBudget`: new reads are kept up to `entryLimit`,
        /// entries moved in from the previous generation up to `moveLimit` and `byteLimit`.
        private var entryLimit = 0, moveLimit = 0, byteLimit = 0

        /// Slots for about one object per 256 bytes of the budget, at most half of them used
        /// by new reads (transaction objects are about 500 bytes), three quarters with moved
        /// entries; the arena takes a quarter more than the budget for those.
        private static func slotCount(_ byteBudget: Int) -> Int {
            var count = 1 << 6
            while count < byteBudget / 256 { count <<= 1 }
            return count
        }

        private static func arenaBytes(_ byteBudget: Int) -> Int { byteBudget + byteBudget / 4 }

        init(byteBudget: Int, reserving reserved: Int) {
            let room = max(byteBudget, reserved)
            slots = [Int32](repeating: 0, count: Self.slotCount(room))
            arena.reserveCapacity(Self.arenaBytes(room))
            setBudget(byteBudget)
        }

        /// Empties the generation and gives it `byteBudget`; false (and unchanged) when that
        /// needs more room than it has.
        mutating func reset(byteBudget: Int) -> Bool {
            guard Self.slotCount(byteBudget) <= slots.count, Self.arenaBytes(byteBudget) <= arena.capacity else { return false }
            removeAll()
            setBudget(byteBudget)
            return true
        }

        private mutating func setBudget(_ budget: Int) {
            byteBudget = budget
            let slotsForBudget = Self.slotCount(budget)
            mask = slotsForBudget - 1
            entryLimit = slotsForBudget / 2
            moveLimit = slotsForBudget / 4 * 3
            byteLimit = min(Self.arenaBytes(budget), Int(UInt32.max))  // entries note offsets in 32 bits
        }

        /// Full: no new reads are kept, and the next document starts a new generation.
        var isFull: Bool { arena.count >= byteBudget || entries.count >= entryLimit }

        /// The entry holding exactly `bytes`, or nil with `emptySlot` set to where it would go.
        func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, emptySlot: inout Int) -> Int? {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                let entry = Int(slots[slot]) - 1
                if entries[entry].hash == hash, stored(entry, equals: bytes) { return entry }
                slot = (slot + 1) & mask
            }
            emptySlot = slot
            return nil
        }

        /// Asks for the cache line of the slot where `hash` starts its probe.
        func prefetchSlot(hash: UInt64) {
            CacheHints.prefetch(slots, at: Int(truncatingIfNeeded: hash) & mask)
        }

        func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            guard !entries.isEmpty else { return nil }
            var slot = 0
            return find(bytes, hash: hash, emptySlot: &slot)
        }

        /// Keeps `value` for `bytes` in `slot`, the empty slot `find` gave; returns its entry
        /// number, or nil when there is no room. Room is left past `isFull` for entries moved
        /// from the previous generation (`moveLimit`, `byteLimit`); linear probing always ends
        /// at an empty slot, since at most three quarters of the slots are ever used.
        @discardableResult
        mutating func insert(_ value: Value, bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, at slot: Int) -> Int? {
            guard entries.count < moveLimit, arena.count + bytes.count <= byteLimit else { return nil }
            slots[slot] = Int32(entries.count + 1)
            entries.append(Entry(hash: hash, start: UInt32(arena.count), count: UInt32(bytes.count), value: value))
            arena.append(contentsOf: bytes)
            return entries.count - 1
        }

        private func stored(_ entry: Int, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let start = Int(entries[entry].start)
            let range = start..<(start + Int(entries[entry].count))
            guard range.count == bytes.count else { return false }
            return arena.withUnsafeBufferPointer { arena in
                guard let stored = arena.baseAddress, let given = bytes.baseAddress else { return range.isEmpty }
                return memcmp(stored + range.lowerBound, given, range.count) == 0
            }
        }

        mutating func removeAll() {
            let used = mask + 1  // no slot past it was written
            slots.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[..<used]).update(repeating: 0) }
            entries.removeAll(keepingCapacity: true)
            arena.removeAll(keepingCapacity: true)
        }
    }

    /// A fast 64-bit hash of an object's length and its first and last bytes (multiply and
    /// fold, eight bytes at a time): enough to spread the table, since candidates are compared
    /// in full anyway. Two copies of one transaction that differ in the middle (a field added)
    /// also differ in length, and different transactions differ in their first bytes.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let sampled = 128
        guard bytes.count > 2 * sampled else { return hash(bytes, seed: UInt64(bytes.count)) }
        let head = hash(UnsafeBufferPointer(rebasing: bytes[..<sampled]), seed: UInt64(bytes.count))
        return hash(UnsafeBufferPointer(rebasing: bytes[(bytes.count - sampled)...]), seed: head)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        ByteHash.hash(bytes, seed: seed)
    }
}
