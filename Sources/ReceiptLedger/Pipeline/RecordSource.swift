/// Where stored verification results come from. A source is usually read once, keys and
/// bodies together (`scanRecords`), and records are put in `verified_at` order as they stream
/// past; input too far out of order is read twice instead, in the same order: first only the
/// keys (to decide the order without holding bodies), then the bodies. Every pass streams,
/// and every pass gives the records of the first in the same order (the two-pass reading
/// pairs them by position, and checks each record's keys against the first pass's).
protocol RecordSource {
    /// What to print and record in the manifest (`verification_results in receipts.sqlite`).
    var label: String { get }

    /// One pass over whole records, in input order: each record's keys, claimed environment and
    /// response bytes (nil for NULL, lent for the call only) go to `body`; return `false` to stop
    /// early.
    func scanRecords(_ body: (_ keys: RecordKeys, _ claimedEnvironment: FieldValue, _ response: UnsafeRawBufferPointer?) throws -> Bool) throws

    /// Pass 1 of the two-pass reading: the keys of every record, in input order. By default
    /// `scanRecords` without the bodies; a source that can skip reading them does so.
    func scanKeys(_ body: (RecordKeys) throws -> Void) throws

    /// Pass 2 of the two-pass reading: every record's keys (read again, for the check that the
    /// pass reads what pass 1 did), claimed environment and response bytes (lent for the call
    /// only), in the same order; `position` counts from 0. Return `false` to stop early. By
    /// default `scanRecords`.
    func scanBodyBytes(_ body: (_ position: Int, _ keys: RecordKeys, _ claimedEnvironment: FieldValue,
                                _ response: UnsafeRawBufferPointer?) throws -> Bool) throws

    /// Ends the reading: a source holding the input's snapshot and locks (SQLite) releases them.
    /// Nothing is read after. By default nothing to do.
    func endReading()
}

extension RecordSource {
    func scanKeys(_ body: (RecordKeys) throws -> Void) throws {
        try scanRecords { keys, _, _ in
            try body(keys)
            return true
        }
    }

    func scanBodyBytes(_ body: (_ position: Int, _ keys: RecordKeys, _ claimedEnvironment: FieldValue,
                                _ response: UnsafeRawBufferPointer?) throws -> Bool) throws {
        var position = 0
        try scanRecords { keys, claimedEnvironment, response in
            guard try body(position, keys, claimedEnvironment, response) else { return false }
            position += 1
            return true
        }
    }

    func endReading() {}
}

/// A source that cannot be read at all (not a bad record: a bad input).
struct SourceError: Error, CustomStringConvertible {
    var message: String
    /// The input could not be read (locked, not a database, an I/O error): exit 1. Otherwise the
    /// user's wording is at fault (a failing `--query`, a missing table): a usage error, exit 64.
    var isFatal = false
    var description: String { message }
}

extension RecordIndex {
    /// The index of every record of `source` (pass 1 of the two-pass reading).
    init(source: RecordSource) throws {
        try self.init(scanningKeys: source.scanKeys)
    }
}
