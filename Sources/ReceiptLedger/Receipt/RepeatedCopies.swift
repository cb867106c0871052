/// The reader's table for `RepeatedCopyShortcut.readerMayDrop`: finds a copy that is the very
/// object appended last for its transaction in the record being read. `latest_receipt_info`
/// usually repeats `in_app` byte for byte, and the reader's memo hands out one object for both,
/// so such repeats are common. Dropping them where they are read saves handing them over (a
/// retain here, a release and a lookup in the merge). Figures: Benchmarks/EXPERIMENTS.md,
/// "Kept" › RepeatedCopies.
///
/// An open-addressed table from the id's fingerprint to the copy appended last with it. Only
/// the very same object counts as a repeat, so two ids that share a fingerprint can only
/// make a repeat be missed (and merged, as without this table), never a wrong copy dropped.
/// Slots carry the record's number, so nothing needs clearing between records; the objects
/// named are held by the record being read, so an identity is never reused within it.
struct RepeatedCopies {
    private struct Slot {
        var record = 0
        var fingerprint = 0
        var copy: ObjectIdentifier?
    }
    private var slots = [Slot](repeating: Slot(), count: 256)
    private var record = 0
    /// Ids noted in this record; the table doubles before it is half full.
    private var used = 0

    /// Starts a record: forgets the copies of the last one.
    mutating func beginRecord() {
        record += 1
        used = 0
    }

    /// Whether `copy` is the copy appended last for its transaction in this record; when it
    /// is not, the caller appends it, and it is noted as such.
    mutating func isRepeat(_ copy: TransactionCopy) -> Bool {
        let fingerprint = copy.id.fingerprint
        let identity = ObjectIdentifier(copy)
        let mask = slots.count - 1
        var index = fingerprint & mask
        while slots[index].record == record {
            if slots[index].fingerprint == fingerprint {
                if slots[index].copy == identity { return true }
                slots[index].copy = identity
                return false
            }
            index = (index + 1) & mask
        }
        if used >= slots.count / 2 {
            grow()
            return isRepeat(copy)
        }
        slots[index] = Slot(record: record, fingerprint: fingerprint, copy: identity)
        used += 1
        return false
    }

    /// Moves this record's slots into a table twice the size (a record with over 128
    /// transactions is rare, and the table stays grown for the records after it).
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.record == record {
            var index = slot.fingerprint & mask
            while slots[index].record == record { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
