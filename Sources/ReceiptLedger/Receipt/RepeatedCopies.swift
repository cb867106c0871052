/// Finds the copies of a record that the merge would skip: a copy that is the very object
/// appended last for its transaction in the same record. `latest_receipt_info` usually repeats
/// `in_app` byte for byte, and the reader's memo hands out one object for both, so a third of
/// all copies are such repeats.
///
/// The merge skips them exactly: the state's last merged copy is that object
/// (`TransactionState.mergedLast`) and its last record is this one, so nothing is counted,
/// noted or raised again. Dropping them where they are read saves handing them over (a
/// retain here, a release and a lookup in the merge).
///
/// Direct-mapped by the id's hash: a slot names the copy appended last among the ids that
/// map to it, so when it names this very copy, no other copy of the same id came after it. A
/// slot shared by two ids can only miss a repeat, never find a wrong one. Slots carry the
/// record's number, so nothing needs clearing between records; the objects named are held by
/// the record being read, so an identity is never reused within it.
struct RepeatedCopies {
    private var slots = [(record: Int, copy: ObjectIdentifier?)](repeating: (0, nil), count: 256)
    private var record = 0

    /// Starts a record: forgets the copies of the last one.
    mutating func beginRecord() { record += 1 }

    /// Whether `copy` is the copy appended last for its transaction in this record; when it
    /// is not, the caller appends it, and it is noted as such.
    mutating func isRepeat(_ copy: TransactionCopy) -> Bool {
        let slot = copy.id.fingerprint & (slots.count - 1)
        let identity = ObjectIdentifier(copy)
        if slots[slot].record == record, slots[slot].copy == identity { return true }
        slots[slot] = (record, identity)
        return false
    }
}
