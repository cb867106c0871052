/// The columns of a stored record that decide whether and when it is processed
/// (SPEC §8 "Records": row checks come before the body).
struct RecordKeys: Sendable {
    var id: FieldValue
    var userID: FieldValue
    var verifiedAt: FieldValue
    /// Set for an NDJSON line that is not a JSON object: whether it is JSON at all, and its
    /// line number (`RecordIndex` rejects it as `invalid_json` or `not_an_object`).
    var unreadableLine: (isJSON: Bool, line: Int)?

    /// A 64-bit digest of every field, equal for equal keys within one process: what a later
    /// pass compares with pass 1's at each position, in 8 bytes a record (two different keys
    /// agree by chance once in 2^64).
    var digest: Int {
        var hasher = Hasher()
        hasher.combine(id)
        hasher.combine(userID)
        hasher.combine(verifiedAt)
        hasher.combine(unreadableLine?.isJSON)
        hasher.combine(unreadableLine?.line)
        return hasher.finalize()
    }
}
