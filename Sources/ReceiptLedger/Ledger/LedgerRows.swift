/// The rows of one ledger being summed, for `LedgerTally`: each key's amounts, found through an
/// open-addressing table of row numbers; the rows themselves lie in two arrays in first-seen
/// order.
///
/// A key's four numbers are mixed with one multiplication, the table holds 4-byte row numbers,
/// and the rows are appended in order, so that summing hashes cheaply and touches memory in
/// order, where a `Dictionary` would SipHash every key into a bucket array sized for the most
/// rows a run can have, each page of it first touched at random.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › LedgerRows.
struct LedgerRows {
    /// Row `r`'s key and amounts.
    private(set) var keys: [LedgerTally.Key] = []
    private(set) var amounts = LedgerAmountColumn()
    /// Linear probing; each slot holds a row number + 1, or 0. At most half the slots are used.
    private var slots: [Int32]
    /// 64 − log2(slot count): a key's slot is the top bits of its mixed numbers.
    private var shift: Int

    /// Room for `expectedRows` before the table grows. The rows' arrays are given that room
    /// at once: pages of it no row reaches are never touched (a large block is a mapping of
    /// its own, `FreedMemory.mapLargeBlocks`), and no doubling holds the rows twice while they
    /// are copied (issue 26).
    init(expectedRows: Int = 0) {
        var bits = 6
        while 1 << bits < 2 * expectedRows { bits += 1 }
        slots = [Int32](repeating: 0, count: 1 << bits)
        shift = 64 - bits
        keys.reserveCapacity(expectedRows)
        amounts = LedgerAmountColumn(reservingRows: expectedRows)
    }

    var count: Int { keys.count }

    /// Adds `value` to the row of `key`, starting the row at zero when there is none yet.
    mutating func add(_ value: LedgerAmounts, at key: LedgerTally.Key) {
        let mask = slots.count - 1
        var slot = Self.home(of: key, shift: shift)
        while true {
            let row = Int(slots[slot]) - 1
            if row < 0 { break }
            if keys[row] == key {
                amounts.add(value, at: row)
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(keys.count + 1)
        keys.append(key)
        amounts.append(value)
        if 2 * keys.count > slots.count { grow() }
    }

    /// The slot a key's probe starts at (Fibonacci hashing of its numbers folded into a word;
    /// keys that fold alike only share a probe, they are compared in full).
    private static func home(of key: LedgerTally.Key, shift: Int) -> Int {
        let low = UInt64(UInt32(bitPattern: key.period)) << 9 | UInt64(UInt8(truncatingIfNeeded: key.currency)) << 1
            | (key.isSandbox ? 1 : 0)
        let folded = UInt64(UInt32(bitPattern: key.item)) << 32 ^ low
        return Int(truncatingIfNeeded: (folded &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Doubles the table and puts every row back.
    private mutating func grow() {
        shift -= 1
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for row in keys.indices {
            var slot = Self.home(of: keys[row], shift: shift)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(row + 1)
        }
    }
}
