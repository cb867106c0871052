/// Distinct strings, compared by their exact bytes (`ExactString`) and numbered in order of
/// first appearance.
///
/// Open addressing on the fingerprint each `ExactString` carries: a `Dictionary` keyed by
/// `ExactString` hashes that fingerprint again with a seeded SipHash on every lookup, and
/// the run looks up the user of every record and the product of every transaction copy read.
struct ExactStringIndex: Sendable {
    /// The strings, by number.
    private(set) var strings: [String] = []
    private var fingerprints: [Int] = []
    /// Linear probing; each slot holds a number + 1, or 0. At most half of them are used.
    private var slots = [Int32](repeating: 0, count: 64)

    /// The number of `key`, and whether it was added now.
    mutating func insert(_ key: ExactString) -> (number: Int, inserted: Bool) {
        if (strings.count + 1) * 2 > slots.count { grow() }
        var slot = 0
        if let number = find(key, emptySlot: &slot) { return (number, false) }
        slots[slot] = Int32(strings.count + 1)
        strings.append(key.value)
        fingerprints.append(key.fingerprint)
        return (strings.count - 1, true)
    }

    /// The number of `key`, or nil when it was never inserted.
    func number(of key: ExactString) -> Int? {
        var slot = 0
        return find(key, emptySlot: &slot)
    }

    /// The number of the string whose UTF-8 is exactly `bytes`, or nil.
    func number(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let fingerprint = ExactString.fingerprint(bytes)
        let mask = slots.count - 1
        var slot = fingerprint & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if fingerprints[number] == fingerprint, strings[number].withUTF8Buffer({ $0.hasSameBytes(as: bytes) }) { return number }
            slot = (slot + 1) & mask
        }
        return nil
    }

    var count: Int { strings.count }

    private func find(_ key: ExactString, emptySlot: inout Int) -> Int? {
        let mask = slots.count - 1
        var slot = key.fingerprint & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if fingerprints[number] == key.fingerprint, strings[number].hasSameUTF8(as: key.value) { return number }
            slot = (slot + 1) & mask
        }
        emptySlot = slot
        return nil
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, fingerprint) in fingerprints.enumerated() {
            var slot = fingerprint & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
