/// The ids of the records merged so far, for `duplicate_id` (SPEC §8): a set of integers by
/// open addressing. Swift's `Set<Int64>` hashes every id with seeded SipHash, about 5 % of the
/// merge thread's own work. The ids are the server's own row ids (mostly consecutive, never
/// chosen by Apple or a user), which a multiplicative hash spreads as well.
struct RecordIDSet {
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
        let mask = ids.count - 1
        var slot = slot(of: id)
        while used[slot] {
            if ids[slot] == id { return false }
            slot = (slot + 1) & mask
        }
        used[slot] = true
        ids[slot] = id
        count += 1
        return true
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
