/// The ids of the records merged so far, for `duplicate_id` (SPEC §8).
///
/// The ids are the server's own row ids: mostly consecutive, and arriving nearly in order. So
/// the ids from the first one on are kept as bits (`dense`, one bit per id, grown while it
/// takes at most a byte per id held), and any other id in a hash set (`HashedIDs`), so that
/// the thread reading the input checks a typical id by a bit read in order, not by a cache miss
/// in a large hash set.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › RecordIDSet.
struct RecordIDSet {
    /// The id of bit 0 of `dense`: the first id inserted.
    private var base: Int64?
    /// Bit `id - base` is set when `id` is held.
    private var dense: [UInt64] = []
    /// The ids that `dense` did not cover when they came.
    private var hashed = HashedIDs()
    private(set) var count = 0

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: Int64) -> Bool {
        let base = self.base ?? id
        self.base = base
        let (offset, overflow) = id.subtractingReportingOverflow(base)
        guard !overflow, offset >= 0, covers(offset) else {
            guard hashed.insert(id) else { return false }
            count += 1
            return true
        }
        let word = Int(offset >> 6), bit: UInt64 = 1 << UInt64(offset & 63)
        // An id stored before `dense` grew over it is in `hashed`.
        if dense[word] & bit != 0 || (hashed.count > 0 && hashed.contains(id)) { return false }
        dense[word] |= bit
        count += 1
        return true
    }

    /// Whether bit `offset` is in `dense`, after growing it when that keeps it within a byte
    /// per id held (and 64 Kibit at least).
    private mutating func covers(_ offset: Int64) -> Bool {
        if offset < Int64(dense.count) * 64 { return true }
        let limit = max(Int64(1) << 16, 8 * Int64(count + 1))
        guard offset < limit else { return false }
        let words = Int(min(max(offset + 1, Int64(dense.count) * 128), limit) + 63) / 64
        dense.append(contentsOf: repeatElement(0, count: words - dense.count))
        return true
    }
}

/// A set of integers by open addressing. Swift's `Set<Int64>` hashes every id with seeded
/// SipHash; the ids are never chosen by Apple or a user, so a multiplicative hash spreads them
/// as well.
private struct HashedIDs {
    private var ids: [Int64]
    private var used: [Bool]
    private var shift: UInt64
    private(set) var count = 0

    init() {
        ids = [Int64](repeating: 0, count: 1 << 10)
        used = [Bool](repeating: false, count: 1 << 10)
        shift = 64 - 10
    }

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: Int64) -> Bool {
        if (count + 1) * 2 > ids.count { grow() }
        var slot = slot(of: id)
        while used[slot] {
            if ids[slot] == id { return false }
            slot = (slot + 1) & (ids.count - 1)
        }
        used[slot] = true
        ids[slot] = id
        count += 1
        return true
    }

    func contains(_ id: Int64) -> Bool {
        var slot = slot(of: id)
        while used[slot] {
            if ids[slot] == id { return true }
            slot = (slot + 1) & (ids.count - 1)
        }
        return false
    }

    /// Fibonacci hashing: the top bits of the id times 2⁶⁴ ÷ φ.
    private func slot(of id: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let (oldIDs, oldUsed) = (ids, used)
        ids = [Int64](repeating: 0, count: oldIDs.count * 2)
        used = [Bool](repeating: false, count: oldIDs.count * 2)
        shift -= 1
        count = 0
        for index in oldIDs.indices where oldUsed[index] { _ = insert(oldIDs[index]) }
    }
}
