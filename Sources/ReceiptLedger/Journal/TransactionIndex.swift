#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each transaction's state is, by (environment, `transaction_id`): the merge's lookup,
/// once for every transaction copy of every record.
///
/// A `Dictionary` keyed by `TransactionKey` hashes each key again with `Hasher` and copies the
/// stored key's string for every comparison; with half a million copies per 200,000 records
/// that was a third of the merge. Here the id's hash, computed once by the reader thread
/// (`ExactString.fingerprint`), picks the slot directly, and a candidate's bytes are compared
/// only when its hash and environment match, against a copy kept in one flat buffer.
struct TransactionIndex: Sendable {
    /// Open addressing with linear probing; each slot holds a state number + 1, or 0.
    private var slots = [Int32](repeating: 0, count: 1 << 10)
    private var fingerprints: [Int] = []
    private var environments: [Environment] = []
    /// Each id's UTF-8 in `idBytes`.
    private var idRanges: [Range<Int>] = []
    private var idBytes: [UInt8] = []

    /// How many transactions are indexed; they are numbered 0 ..< count in insertion order.
    var count: Int { fingerprints.count }

    /// The number of the transaction, or nil if it is not indexed.
    func find(_ environment: Environment, _ id: ExactString) -> Int? {
        let mask = slots.count - 1
        var slot = Self.slot(environment, id.fingerprint) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if fingerprints[number] == id.fingerprint, environments[number] == environment, storedID(number, equals: id) {
                return number
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Indexes a transaction that `find` does not know; returns its number.
    mutating func insert(_ environment: Environment, _ id: ExactString) -> Int {
        if (count + 1) * 2 > slots.count { grow() }
        let number = count
        fingerprints.append(id.fingerprint)
        environments.append(environment)
        id.value.withUTF8Buffer { bytes in
            idRanges.append(idBytes.count..<(idBytes.count + bytes.count))
            idBytes.append(contentsOf: bytes)
        }
        place(number)
        return number
    }

    private func storedID(_ number: Int, equals id: ExactString) -> Bool {
        let range = idRanges[number]
        return idBytes.withUnsafeBufferPointer { stored in
            id.value.withUTF8Buffer { given in
                guard given.count == range.count else { return false }
                guard let storedBase = stored.baseAddress, let givenBase = given.baseAddress else { return true }
                return memcmp(storedBase + range.lowerBound, givenBase, range.count) == 0
            }
        }
    }

    private mutating func place(_ number: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(environments[number], fingerprints[number]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(number + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for number in 0..<count { place(number) }
    }

    /// The two environments' copies of one id land apart.
    private static func slot(_ environment: Environment, _ fingerprint: Int) -> Int {
        environment == .production ? fingerprint : fingerprint ^ 0x5bd1_e995
    }
}

/// Every transaction id held by an accepted record, in either environment (booked or not): the
/// journal's index, asked by id alone.
struct HeldTransactionIDs: Sendable {
    let index: TransactionIndex

    func contains(_ id: ExactString) -> Bool {
        index.find(.production, id) != nil || index.find(.sandbox, id) != nil
    }

    /// The environment an order naming `id` means: Production when an accepted production
    /// record holds it (booked or not), else Sandbox (SPEC §8 "Orders").
    func namedEnvironment(_ id: ExactString) -> Environment {
        index.find(.production, id) != nil ? .production : .sandbox
    }
}
