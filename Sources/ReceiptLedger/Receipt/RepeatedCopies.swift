/// The reader's table for `RepeatedCopyShortcut.readerMayDrop`: finds a copy read from the
/// same bytes as the copy appended last for its transaction in the record being read.
/// `latest_receipt_info` usually repeats `in_app` byte for byte, so such repeats are common;
/// dropping them where they are read saves handing them over and a lookup in the merge.
///
/// An open-addressed table from the id's fingerprint to the position, in the record's list,
/// of the copy appended last with it. A repeat needs the same id (compared in full) and the
/// same `CopyFingerprint`, so two ids that share a fingerprint can only make a repeat be missed
/// (and merged, as without this table), never another transaction's copy dropped. Slots carry
/// the record's number, so nothing needs clearing between records.
struct RepeatedCopies {
    private struct Slot {
        var record = 0
        var fingerprint = 0
        var position = 0
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

    /// Whether `copy` repeats the copy appended last for its transaction to `appended` (the
    /// record's list); when it does not, the caller appends it, and it is noted as such.
    mutating func isRepeat(_ copy: TransactionCopy, appended: [ParsedRecord.Copy]) -> Bool {
        let fingerprint = copy.id.fingerprint
        let mask = slots.count - 1
        var index = fingerprint & mask
        while slots[index].record == record {
            if slots[index].fingerprint == fingerprint {
                let last = appended[slots[index].position].copy
                if last.id == copy.id && last.fingerprint.isSame(as: copy.fingerprint) { return true }
                slots[index].position = appended.count
                return false
            }
            index = (index + 1) & mask
        }
        if used >= slots.count / 2 {
            grow()
            return isRepeat(copy, appended: appended)
        }
        slots[index] = Slot(record: record, fingerprint: fingerprint, position: appended.count)
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
