#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers ids within an environment in order of first appearance: where each transaction's
/// state is, by (environment, `transaction_id`), the merge's lookup once for every transaction
/// copy of every record (and `RenewalTable`'s, by `original_transaction_id`).
///
/// The id's hash, computed once by the reader thread (`ExactString.fingerprint`), picks the slot
/// directly, and a candidate's bytes are compared only when its hash and environment match,
/// against a copy kept in one flat buffer, so that the merge neither hashes a key again nor
/// copies a stored key's string per comparison, as a `Dictionary` keyed by `TransactionKey`
/// would.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › TransactionIndex.
struct TransactionIndex: Sendable {
    /// One probe reads one slot: the hash's high half, the environment and the number side by
    /// side, in 8 bytes (the table holds four thirds to eight thirds slots per transaction: issue 26).
    private struct Slot: Sendable {
        /// The fingerprint's high 32 bits (the low bits chose the slot).
        var tag: UInt32 = 0
        /// The transaction's number + 1 in the low 31 bits (0 for an empty slot), and the top
        /// bit set in Sandbox.
        var numberAndEnvironment: UInt32 = 0

        init() {}

        init(fingerprint: Int, numberPlusOne: Int, isSandbox: Bool) {
            tag = Slot.tag(fingerprint)
            numberAndEnvironment = UInt32(numberPlusOne) | (isSandbox ? 1 << 31 : 0)
        }

        var numberPlusOne: Int { Int(numberAndEnvironment & 0x7FFF_FFFF) }
        var isSandbox: Bool { numberAndEnvironment >> 31 == 1 }

        static func tag(_ fingerprint: Int) -> UInt32 { UInt32(truncatingIfNeeded: UInt64(bitPattern: Int64(fingerprint)) >> 32) }
    }

    /// Open addressing with linear probing, at most three quarters full: a probe reads 8 bytes,
    /// eight slots to a cache line, and the table lasts as long as the run (issue 26).
    private var slots = [Slot](repeating: Slot(), count: 1 << 10)
    /// Each id by number: one in plain decimal digits (as Apple's are) as its value
    /// (`DecimalID`), else `textFlag` with its position among the other ids: Apple's 16-digit
    /// ids take 8 bytes here instead of 16 of text and 8 of offset (issue 26).
    private var ids: [UInt64] = []
    /// The ids not in plain digits: each one's UTF-8 in `textBytes`, by its position.
    private var textOffsets: [Int] = [0]
    private var textBytes: [UInt8] = []
    /// Bit `number % 64` of word `number / 64` set for a Sandbox transaction (for `key`).
    private var sandboxBits: [UInt64] = []

    /// How many transactions are indexed; they are numbered 0 ..< count in insertion order.
    var count: Int { ids.count }

    /// Drops the room its ids' buffers grew for and no transaction took, once every
    /// transaction is indexed (the journal keeps the index to the end of the run).
    mutating func dropSpareCapacity() {
        ids = ids.withoutSpareCapacity()
        textOffsets = textOffsets.withoutSpareCapacity()
        textBytes = textBytes.withoutSpareCapacity()
    }

    /// The number of the transaction, or nil if it is not indexed.
    func find(_ environment: Environment, _ id: ExactString) -> Int? {
        let isSandbox = environment == .sandbox
        let tag = Slot.tag(id.fingerprint)
        let value = DecimalID.value(of: id.text)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.slot(isSandbox, id.fingerprint) & mask
            while slots[slot].numberPlusOne != 0 {
                let candidate = slots[slot]
                if candidate.tag == tag, candidate.isSandbox == isSandbox,
                   storedID(candidate.numberPlusOne - 1, equals: id, value: value) {
                    return candidate.numberPlusOne - 1
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Indexes a transaction that `find` does not know; returns its number.
    mutating func insert(_ environment: Environment, _ id: ExactString) -> Int {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let number = count
        precondition(number < 0x7FFF_FFFF, "more transactions than a slot numbers")
        if let value = DecimalID.value(of: id.text) {
            ids.append(value)
        } else {
            ids.append(Self.textFlag | UInt64(textOffsets.count - 1))
            id.text.withUTF8 { textBytes.append(contentsOf: $0) }
            textOffsets.append(textBytes.count)
        }
        if number % 64 == 0 { sandboxBits.append(0) }
        if environment == .sandbox { sandboxBits[number / 64] |= 1 << UInt64(number % 64) }
        place(Slot(fingerprint: id.fingerprint, numberPlusOne: number + 1, isSandbox: environment == .sandbox), at: Self.slot(environment == .sandbox, id.fingerprint))
        return number
    }

    /// The key of transaction `number` (0 ..< count): the merge's states do not keep their own.
    func key(_ number: Int) -> TransactionKey {
        let isSandbox = sandboxBits[number / 64] >> UInt64(number % 64) & 1 == 1
        return TransactionKey(isSandbox ? .sandbox : .production, withStoredUTF8(number) { ExactString(utf8: $0) })
    }

    /// Marks an id kept as text in `ids`; a plain decimal one is below it.
    private static let textFlag = DecimalID.limit

    /// Calls `body` with the UTF-8 of the id stored for `number`.
    private func withStoredUTF8<R>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let stored = ids[number]
        guard stored & Self.textFlag != 0 else { return DecimalID.withDigits(stored, body) }
        let position = Int(stored & ~Self.textFlag)
        let start = textOffsets[position], end = textOffsets[position + 1]
        return textBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Whether the id stored for `number` is `id`, whose `DecimalID` value is `value`.
    private func storedID(_ number: Int, equals id: ExactString, value: UInt64?) -> Bool {
        let stored = ids[number]
        if stored & Self.textFlag == 0 { return stored == value }
        guard value == nil else { return false }
        return withStoredUTF8(number) { kept in
            id.text.withUTF8 { given in
                guard given.count == kept.count else { return false }
                guard let keptBase = kept.baseAddress, let givenBase = given.baseAddress else { return true }
                return memcmp(keptBase, givenBase, given.count) == 0
            }
        }
    }

    /// Puts `entry` at the first free slot from `start` (its hash: `Self.slot`) on.
    private mutating func place(_ entry: Slot, at start: Int) {
        let mask = slots.count - 1
        var slot = start & mask
        while slots[slot].numberPlusOne != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }

    /// Doubles the table. A slot keeps only the fingerprint's high half, so each entry's start
    /// is computed again from its stored id.
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        for entry in old where entry.numberPlusOne != 0 {
            let fingerprint = storedFingerprint(entry.numberPlusOne - 1)
            place(entry, at: Self.slot(entry.isSandbox, fingerprint))
        }
    }

    /// `ExactString.fingerprint` of the id stored for `number`.
    private func storedFingerprint(_ number: Int) -> Int {
        withStoredUTF8(number, ExactString.fingerprint)
    }

    /// The two environments' copies of one id land apart.
    private static func slot(_ isSandbox: Bool, _ fingerprint: Int) -> Int {
        isSandbox ? fingerprint ^ 0x5bd1_e995 : fingerprint
    }
}

/// Every transaction id held by an accepted record, in either environment (booked or not): the
/// journal's index, asked by id alone.
struct HeldTransactionIDs: Sendable {
    let index: TransactionIndex

    func contains(_ id: ExactString) -> Bool {
        index.find(.production, id) != nil || index.find(.sandbox, id) != nil
    }
}
