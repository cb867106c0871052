/// The columns of a stored record that decide whether and when it is processed
/// (SPEC §8 "Records": row checks come before the body).
struct RecordKeys: Sendable {
    var id: FieldValue
    var userID: FieldValue
    var verifiedAt: FieldValue
    /// Set for an NDJSON line that is not a JSON object: the reason and its line number.
    var unreadableLine: (reason: String, line: Int)?
}

/// The rest of a stored record, read in the second pass.
struct RecordBody: Sendable {
    var claimedEnvironment: FieldValue
    var response: ResponseColumn
}

/// Where stored verification results come from. A source is usually read once, keys and
/// bodies together (`scanRecords`), and records are put in `verified_at` order as they stream
/// past; input too far out of order is read twice instead, in the same order: first only the
/// keys (to decide the order without holding bodies), then the bodies. Every pass streams.
protocol RecordSource {
    /// What to print and record in the manifest (`verification_results in receipts.sqlite`).
    var label: String { get }
    /// Pass 1: the keys of every record, in input order.
    func scanKeys(_ body: (RecordKeys) throws -> Void) throws
    /// Pass 2: every record's body, in the same order; `position` counts from 0.
    /// Return `false` from `body` to stop early.
    func scanBodies(_ body: (_ position: Int, _ record: RecordBody) throws -> Bool) throws

    /// One pass over whole records, in input order: each record's keys, claimed environment and
    /// response bytes (nil for NULL, lent for the call only). Return `false` to stop early.
    func scanRecords(_ body: (_ keys: RecordKeys, _ claimedEnvironment: FieldValue, _ response: UnsafeRawBufferPointer?) throws -> Bool) throws

    /// Pass 2 as `scanBodies`, but the response's bytes (nil for NULL) are lent to `body`
    /// without a copy: they are valid only inside the call.
    func scanBodyBytes(_ body: (_ position: Int, _ claimedEnvironment: FieldValue, _ response: UnsafeRawBufferPointer?) throws -> Bool) throws
}

extension RecordSource {
    func scanBodyBytes(_ body: (_ position: Int, _ claimedEnvironment: FieldValue, _ response: UnsafeRawBufferPointer?) throws -> Bool) throws {
        try scanBodies { position, record in
            switch record.response {
            case .null: return try body(position, record.claimedEnvironment, nil)
            case .bytes(let bytes): return try bytes.withUnsafeBytes { try body(position, record.claimedEnvironment, $0) }
            }
        }
    }
}

/// A source that cannot be read at all (not a bad record: a bad input).
struct SourceError: Error, CustomStringConvertible {
    var message: String
    /// The input could not be read (locked, not a database, an I/O error): exit 1. Otherwise the
    /// user's wording is at fault (a failing `--query`, a missing table): a usage error, exit 64.
    var isFatal = false
    var description: String { message }
}
