/// The transaction of each copy the merge has met, by the copy's serial.
///
/// A record repeating its history hands the merge the very copies it met before (the reading
/// thread's memo shares them), and the record carries each copy's serial
/// (`ParsedRecord.Copy`). Here the merge finds a repeat's transaction by that serial, in a flat
/// array the caches keep, without touching the copy or hashing its id, so that a repeat never
/// waits on the copy, which was last in the other core's cache.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › CopyStates.
///
/// Serials are handed out to the whole process, so the table starts at the first serial
/// after its creation; a copy made before (none, in a pipeline) is simply never found here
/// and is looked up by its id.
struct CopyStates {
    /// Serials up to this one are not kept.
    private let base: UInt64
    /// By serial − `base`: the transaction's number × 2, + 1 in Sandbox; -1 when not met.
    private var numbers: [Int32] = []

    init() { base = TransactionCopy.serialsHandedOut }

    /// The number of the transaction noted for the copy with `serial` in `environment`.
    func state(ofSerial serial: UInt64, in environment: Environment) -> Int? {
        guard serial > base else { return nil }
        let slot = Int(serial - base)
        guard slot < numbers.count else { return nil }
        let noted = Int(numbers[slot])
        guard noted >= 0, (noted & 1 == 1) == (environment == .sandbox) else { return nil }
        return noted >> 1
    }

    /// Notes that the copy with `serial` is of transaction `number` in `environment` (a copy
    /// met in both environments keeps the latest).
    mutating func note(_ number: Int, serial: UInt64, in environment: Environment) {
        guard serial > base, number < Int(Int32.max) >> 1 else { return }
        let slot = Int(serial - base)
        if slot >= numbers.count {
            numbers.append(contentsOf: repeatElement(-1, count: max(slot + 1 - numbers.count, numbers.count / 2)))
        }
        numbers[slot] = Int32(number << 1 | (environment == .sandbox ? 1 : 0))
    }
}
