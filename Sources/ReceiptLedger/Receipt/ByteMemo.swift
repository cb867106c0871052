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
/// Memory is bounded: when the kept bytes pass `byteBudget` the memo starts over.
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

    /// The value read from an object with exactly these bytes, or `read()`'s result, which is
    /// kept when it is not nil.
    mutating func value(of bytes: UnsafeBufferPointer<UInt8>, read: () -> Value?) -> Value? {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, stored(entry, equals: bytes) { return values[entry] }
            slot = (slot + 1) & mask
        }
        guard let value = read() else { return nil }
        if arena.count + bytes.count > byteBudget || values.count >= slots.count / 2 {
            removeAll()
            slot = Int(truncatingIfNeeded: hash) & mask
        }
        guard bytes.count <= byteBudget else { return value }
        slots[slot] = Int32(values.count + 1)
        hashes.append(hash)
        ranges.append(arena.count..<(arena.count + bytes.count))
        arena.append(contentsOf: bytes)
        values.append(value)
        return value
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
