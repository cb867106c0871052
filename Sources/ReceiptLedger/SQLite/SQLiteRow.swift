import CSQLite

/// The current row of a stepping statement. Valid only inside the `forEachRow` callback,
/// or until the next `step()`: its text and blob pointers belong to SQLite.
struct SQLiteRow {
    let statement: OpaquePointer

    var columnCount: Int32 { sqlite3_column_count(statement) }

    /// The value's storage class. Ask before reading: reading a number as text converts it
    /// in place, after which SQLite reports the new type.
    func type(_ column: Int32) -> SQLiteColumnType {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    /// The value as text with its full byte length (an embedded NUL stays); nil for NULL.
    /// Invalid UTF-8 is repaired with U+FFFD; use `withBytes` to see the raw bytes.
    func text(_ column: Int32) -> String? {
        guard type(column) != .null else { return nil }
        return withBytes(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of a TEXT value made only of ASCII (valid UTF-8 as it is, and read as
    /// `text` reads it), empty for NULL; nil for any other value. Valid as `withBytes`'s are.
    func asciiText(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return UnsafeBufferPointer(start: nil, count: 0)
        case SQLITE_TEXT: break
        default: return nil
        }
        let pointer = sqlite3_column_text(statement, column)
        let bytes = UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column)))
        return bytes.isASCII ? bytes : nil
    }

    /// The value's bytes without copying: a blob's bytes, or the UTF-8 text of anything else;
    /// an empty buffer for NULL. sqlite3.h: call `_blob`/`_text` first, then `_bytes`.
    func withBytes<R>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let pointer: UnsafeRawPointer?
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL:
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        case SQLITE_BLOB:
            pointer = sqlite3_column_blob(statement, column)
        default:
            pointer = sqlite3_column_text(statement, column).map { UnsafeRawPointer($0) }
        }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard let pointer, count > 0 else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
