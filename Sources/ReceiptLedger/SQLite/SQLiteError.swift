import CSQLite

/// A failed SQLite call: the result code, SQLite's own message and the SQL that was running.
///
/// `code` is the primary result code (`SQLITE_BUSY`, `SQLITE_CANTOPEN`, …) so callers can
/// compare it with the `SQLITE_*` constants; `extendedCode` keeps the finer one
/// (e.g. `SQLITE_READONLY_DBMOVED`) when SQLite gave one.
package struct SQLiteError: Error, CustomStringConvertible, Equatable {
    var code: Int32
    package var message: String
    var sql: String?
    var extendedCode: Int32

    init(code: Int32, message: String, sql: String? = nil, extendedCode: Int32? = nil) {
        self.code = code & 0xFF
        self.message = message
        self.sql = sql
        self.extendedCode = extendedCode ?? code
    }

    /// Reads the message of the connection's last failure, or the generic text of `code`
    /// when there is no connection (sqlite3.h: `sqlite3_errmsg`, `sqlite3_errstr`).
    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let text: String
        if let connection, let pointer = sqlite3_errmsg(connection) {
            text = String(cString: pointer)
        } else if let pointer = sqlite3_errstr(code) {
            text = String(cString: pointer)
        } else {
            text = "unknown error"
        }
        self.init(code: code, message: text, sql: sql)
    }

    package var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += "/\(extendedCode)" }
        text += ": \(message)"
        if let sql { text += " (SQL: \(SQLiteError.abbreviated(sql)))" }
        return text
    }

    /// Keeps a one-line error readable when the failing SQL is a long query.
    private static func abbreviated(_ sql: String) -> String {
        let oneLine = sql.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard oneLine.count > 200 else { return oneLine }
        return String(oneLine.prefix(200)) + "…"
    }
}
