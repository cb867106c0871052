/// Distinct strings, compared by their exact bytes (`ExactString`) and numbered in order of
/// first appearance.
///
/// Open addressing on the fingerprint each `ExactString` carries: a `Dictionary` keyed by
/// `ExactString` hashes that fingerprint again with a seeded SipHash on every lookup, and
/// the run looks up the user of every record and the product of every transaction copy read.
struct ExactStringIndex: Sendable {
    /// The strings, by number.
    private(set) var strings: [String] = []
    /// Linear probing; each slot holds the high half of a string's fingerprint and its number
    /// + 1, or 0: a probe passes other strings by the slot alone, and a hit reads the string
    /// next (the users' table outgrows the caches, so each array read is a miss). At most three
    /// quarters of the slots are used (a run keeps the users' table to its end: issue 26).
    private var slots = [UInt64](repeating: 0, count: 64)

    /// The number of `key`, and whether it was added now.
    mutating func insert(_ key: ExactString) -> (number: Int, inserted: Bool) {
        if (strings.count + 1) * 4 > slots.count * 3 { grow() }
        var slot = 0
        if let number = key.text.withUTF8({ find(key.fingerprint, bytes: $0, emptySlot: &slot) }) { return (number, false) }
        slots[slot] = Self.slot(fingerprint: key.fingerprint, number: strings.count)
        strings.append(key.value)
        return (strings.count - 1, true)
    }

    /// The number of `key`, or nil when it was never inserted.
    func number(of key: ExactString) -> Int? {
        var slot = 0
        return key.text.withUTF8 { find(key.fingerprint, bytes: $0, emptySlot: &slot) }
    }

    /// The number of the string whose UTF-8 is exactly `bytes`, or nil.
    func number(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = 0
        return find(ExactString.fingerprint(bytes), bytes: bytes, emptySlot: &slot)
    }

    var count: Int { strings.count }

    /// The number of the string with this fingerprint whose UTF-8 is `bytes`, or nil with
    /// `emptySlot` set to where it would go.
    @inline(__always)
    private func find(_ fingerprint: Int, bytes: UnsafeBufferPointer<UInt8>, emptySlot: inout Int) -> Int? {
        let mask = slots.count - 1
        let tag = Self.tag(fingerprint)
        var slot = fingerprint & mask
        while slots[slot] != 0 {
            if slots[slot] & Self.tagMask == tag {
                let number = Int(truncatingIfNeeded: slots[slot] & ~Self.tagMask) - 1
                if strings[number].withUTF8Buffer({ ByteRuns.equal($0, bytes) }) { return number }
            }
            slot = (slot + 1) & mask
        }
        emptySlot = slot
        return nil
    }

    /// Doubles the table; each string's fingerprint is computed again from its bytes (a slot
    /// keeps only its high half), rather than kept beside it for the whole run.
    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, string) in strings.enumerated() {
            let fingerprint = string.utf8.withContiguousStorageIfAvailable(ExactString.fingerprint)
                ?? Array(string.utf8).withUnsafeBufferPointer(ExactString.fingerprint)
            var slot = fingerprint & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.slot(fingerprint: fingerprint, number: number)
        }
    }

    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000
    private static func tag(_ fingerprint: Int) -> UInt64 { UInt64(bitPattern: Int64(fingerprint)) & tagMask }
    private static func slot(fingerprint: Int, number: Int) -> UInt64 { tag(fingerprint) | UInt64(number + 1) }
}
