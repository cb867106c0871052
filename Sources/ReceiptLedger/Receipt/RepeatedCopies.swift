/// The reader's table for `RepeatedCopyShortcut.readerMayDrop`: finds, before it is read, an
/// entry with exactly the bytes of the copy appended last for its transaction in the record
/// being read. `latest_receipt_info` usually repeats `in_app` byte for byte, so such repeats are
/// common; dropping them unread saves reading them, handing them over and a lookup in the merge.
///
/// Two open-addressed tables of positions in the record's list: by the hash of an appended
/// copy's bytes, and by its id's fingerprint (the copy appended last with it). A repeat needs
/// the same bytes (compared in full, in the answer being read) and its twin to be the copy
/// appended last for its id, so two entries or ids that share a hash can only make a repeat be
/// missed (and merged, as without this table), never another copy dropped. Slots carry the
/// record's number, so nothing needs clearing between records.
struct RepeatedCopies {
    private var byBytes = PositionTable()
    private var byID = PositionTable()
    /// Each appended copy's bytes, by position: valid while its answer is read.
    private var spans: [UnsafeBufferPointer<UInt8>] = []
    private var record = 0

    /// Starts a record: forgets the copies of the last one.
    mutating func beginRecord() {
        record += 1
        byBytes.begin(record)
        byID.begin(record)
        spans.removeAll(keepingCapacity: true)
    }

    /// Whether the entry with `bytes` (fingerprint `fingerprint`) repeats the copy appended
    /// last for its transaction to `appended` (the record's list).
    func isRepeat(_ bytes: UnsafeBufferPointer<UInt8>, _ fingerprint: CopyFingerprint, appended: [ParsedRecord.Copy]) -> Bool {
        guard let twin = byBytes.position(of: Int(truncatingIfNeeded: fingerprint.hash)),
              ByteRuns.equal(spans[twin], bytes) else { return false }
        return byID.position(of: appended[twin].copy.id.fingerprint) == twin
    }

    /// Notes `copy`, read from `bytes`, as appended at the end of `appended`.
    mutating func noteAppended(_ copy: TransactionCopy, bytes: UnsafeBufferPointer<UInt8>, appended: [ParsedRecord.Copy]) {
        assert(spans.count == appended.count - 1, "one span per appended copy")
        let position = appended.count - 1
        spans.append(bytes)
        byBytes.set(Int(truncatingIfNeeded: copy.fingerprint.hash), to: position)
        byID.set(copy.id.fingerprint, to: position)
    }

    /// Positions by key, for one record at a time; a key set again keeps the latest position.
    private struct PositionTable {
        private struct Slot {
            var record = 0
            var key = 0
            var position = 0
        }
        private var slots = [Slot](repeating: Slot(), count: 256)
        private var record = 0
        /// Keys set in this record; the table doubles before it is half full.
        private var used = 0

        mutating func begin(_ record: Int) {
            self.record = record
            used = 0
        }

        func position(of key: Int) -> Int? {
            let mask = slots.count - 1
            var index = key & mask
            while slots[index].record == record {
                if slots[index].key == key { return slots[index].position }
                index = (index + 1) & mask
            }
            return nil
        }

        mutating func set(_ key: Int, to position: Int) {
            let mask = slots.count - 1
            var index = key & mask
            while slots[index].record == record {
                if slots[index].key == key {
                    slots[index].position = position
                    return
                }
                index = (index + 1) & mask
            }
            if used >= slots.count / 2 {
                grow()
                return set(key, to: position)
            }
            slots[index] = Slot(record: record, key: key, position: position)
            used += 1
        }

        /// Moves this record's slots into a table twice the size (a record with over 128
        /// transactions is rare, and the table stays grown for the records after it).
        private mutating func grow() {
            let old = slots
            slots = [Slot](repeating: Slot(), count: old.count * 2)
            let mask = slots.count - 1
            for slot in old where slot.record == record {
                var index = slot.key & mask
                while slots[index].record == record { index = (index + 1) & mask }
                slots[index] = slot
            }
        }
    }
}
