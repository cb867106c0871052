import CSQLite

extension SQLiteError {
    /// Failures of the file rather than of the SQL: locked, not a database, damaged, unreadable,
    /// out of memory or of disk (for the temporary copy).
    var isFileFailure: Bool {
        [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH,
         SQLITE_NOMEM, SQLITE_READONLY, SQLITE_FULL, SQLITE_PROTOCOL, SQLITE_SCHEMA].contains(code)
    }
}

extension SQLiteRow {
    /// A column exactly as SQLite holds it, before any rule is applied.
    func fieldValue(_ column: Int32) -> FieldValue {
        switch type(column) {
        case .null: return .null
        case .integer: return .integer(int64(column))
        case .real: return .real(double(column))
        case .text:
            // TEXT that is not UTF-8 is not text: repairing it (U+FFFD) could merge two users.
            return withBytes(column) { bytes in
                let utf8 = bytes.bindMemory(to: UInt8.self)
                return String(validatingUTF8: utf8).map { .text($0) } ?? .other(String(decoding: utf8, as: UTF8.self))
            }
        case .blob: return .other(withBytes(column) { String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self) })
        }
    }
}
