#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values already read from JSON objects, by the objects' exact bytes: a reader thread's memo
/// for transaction copies (`TransactionCopy.read`) and renewal entries (`RenewalInfo`).
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
/// Memory is bounded: once the kept bytes pass `byteBudget` nothing more is kept, and the
/// memo starts over at the next document.
struct ByteMemo<Value> {
    private let byteBudget: Int
    /// Open addressing with linear probing; each slot holds an entry index + 1, or 0.
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var ranges: [Range<Int>] = []
    private var values: [Value] = []
    /// The objects' bytes back to back.
    private var arena: [UInt8] = []

    /// The default keeps about 18,000 transaction objects per reader thread: with each user's
    /// records going to one thread, 70% of the lookups on the demo data find their object
    /// (8 MiB: 54%). The bytes live in one large allocation, returned when the reader ends.
    init(byteBudget: Int = 16 << 20, slots: Int = 1 << 16) {
        self.byteBudget = byteBudget
        self.slots = [Int32](repeating: 0, count: slots)
        arena.reserveCapacity(byteBudget)
    }

    /// Starts a document: forgets everything if the memo is full. Entry numbers given out
    /// before are invalid afterwards.
    mutating func beginDocument() {
        if isFull { removeAll() }
    }

    private var isFull: Bool { arena.count >= byteBudget || values.count >= slots.count / 2 }

    /// The value read from an object with exactly these bytes, or `read()`'s result, which is
    /// kept when it is not nil, `keep` allows it and the memo has room.
    mutating func value(of bytes: UnsafeBufferPointer<UInt8>, keep: Bool = true, read: () -> Value?) -> Value? {
        let hash = Self.hash(bytes)
        var slot = 0
        if let entry = find(bytes, hash: hash, emptySlot: &slot) { return values[entry] }
        guard let value = read() else { return nil }
        guard keep, !isFull, bytes.count <= byteBudget else { return value }
        slots[slot] = Int32(values.count + 1)
        hashes.append(hash)
        ranges.append(arena.count..<(arena.count + bytes.count))
        arena.append(contentsOf: bytes)
        values.append(value)
        return value
    }

    /// The value of entry `number` (from `knownObject(in:)` since the last `beginDocument()`).
    func value(number: Int) -> Value? {
        values.indices.contains(number) ? values[number] : nil
    }

    /// Whether `bytes` (from an object's `{` to the end of the input) start with an object the
    /// memo holds: its length and entry number. Only an object without nested objects can be
    /// found, since its end is taken to be the first `}`; a string holding a `}` just makes a
    /// miss, as the bytes up to it are then not an object the memo holds.
    func knownObject(in bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, number: Int)? {
        guard !values.isEmpty, let start = bytes.baseAddress,
              let close = memchr(start, Int32(UInt8(ascii: "}")), bytes.count) else { return nil }
        let object = UnsafeBufferPointer(start: start, count: UnsafeRawPointer(close) - UnsafeRawPointer(start) + 1)
        var slot = 0
        return find(object, hash: Self.hash(object), emptySlot: &slot).map { (object.count, $0) }
    }

    /// The entry holding exactly `bytes`, or nil with `emptySlot` set to where it would go.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, emptySlot: inout Int) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, stored(entry, equals: bytes) { return entry }
            slot = (slot + 1) & mask
        }
        emptySlot = slot
        return nil
    }

    private func stored(_ entry: Int, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = ranges[entry]
        guard range.count == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            guard let stored = arena.baseAddress, let given = bytes.baseAddress else { return range.isEmpty }
            return memcmp(stored + range.lowerBound, given, range.count) == 0
        }
    }

    private mutating func removeAll() {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        hashes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
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
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed &* multiplier
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* multiplier
        return hash ^ hash >> 29
    }
}
