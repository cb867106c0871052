#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies already read, by the exact bytes of their JSON object: a thread's memo for
/// `TransactionCopy(_:_:found:)`.
///
/// Every stored answer repeats the subscriber's history, and `in_app` usually repeats
/// `latest_receipt_info`, so two thirds of the transaction objects a run reads are
/// byte-for-byte repeats of one read moments before. A copy depends only on the bytes of its
/// object, so a repeat can take the earlier result: the bytes are compared in full (the hash
/// only finds the candidate), so the result is exactly what reading would give, whichever
/// thread read which answer first.
///
/// Memory is bounded: when the kept bytes pass `byteBudget` the memo starts over.
struct TransactionCopyCache {
    private let byteBudget: Int
    /// Open addressing with linear probing; each slot holds an entry index + 1, or 0.
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var ranges: [Range<Int>] = []
    private var copies: [TransactionCopy] = []
    /// The objects' bytes back to back.
    private var arena: [UInt8] = []

    init(byteBudget: Int = 8 << 20, slots: Int = 1 << 15) {
        self.byteBudget = byteBudget
        self.slots = [Int32](repeating: 0, count: slots)
        arena.reserveCapacity(byteBudget)
    }

    /// The copy read from an object with exactly these bytes, or `read()`'s result, which is
    /// kept when it is a copy.
    mutating func copy(of bytes: UnsafeBufferPointer<UInt8>, read: () -> TransactionCopy?) -> TransactionCopy? {
        let hash = Self.hash(bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, stored(entry, equals: bytes) { return copies[entry] }
            slot = (slot + 1) & mask
        }
        guard let copy = read() else { return nil }
        if arena.count + bytes.count > byteBudget || copies.count >= slots.count / 2 {
            removeAll()
            slot = Int(truncatingIfNeeded: hash) & mask
        }
        guard bytes.count <= byteBudget else { return copy }
        slots[slot] = Int32(copies.count + 1)
        hashes.append(hash)
        ranges.append(arena.count..<(arena.count + bytes.count))
        arena.append(contentsOf: bytes)
        copies.append(copy)
        return copy
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
        copies.removeAll(keepingCapacity: true)
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
