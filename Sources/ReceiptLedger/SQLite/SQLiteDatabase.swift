import CSQLite
import CSQLiteReadAhead

/// One SQLite connection. Owns the `sqlite3*` handle and closes it when released.
///
/// Opened read-only, the connection can never change the file: SQLite refuses every write
/// with `SQLITE_READONLY`, takes only shared locks (which touch neither the bytes nor the
/// mtime) and creates no journal. The `immutable` URI flag is deliberately not used: it
/// turns off locking, so a database in the middle of a write by its own server could be
/// read half-written; instead a busy timeout waits for the writer and then reports
/// `SQLITE_BUSY` clearly.
final class SQLiteDatabase {
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    static let defaultBusyTimeoutMilliseconds: Int32 = 5_000

    let path: String
    let isReadOnly: Bool
    let busyTimeoutMilliseconds: Int32
    let handle: OpaquePointer

    /// Opens `path`. Read-only opening never creates a missing file: it fails with
    /// `SQLITE_CANTOPEN` and a message naming the path. Writable opening creates the file.
    /// With `readingAhead`, a read-only file is read 128 KiB at a time and SQLite's page reads
    /// are served from there (`Sources/CSQLiteReadAhead`): the same bytes with a fiftieth of
    /// the system calls, for the long scans of the input. Should that VFS be unavailable, the
    /// file is read the usual way.
    init(
        path: String,
        readOnly: Bool,
        readingAhead: Bool = false,
        busyTimeoutMilliseconds: Int32 = SQLiteDatabase.defaultBusyTimeoutMilliseconds
    ) throws(SQLiteError) {
        var connection: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let vfs = readOnly && readingAhead ? read_ahead_vfs() : nil
        // NOMUTEX: the class is not Sendable, so one connection is never used by two threads at once.
        let code = sqlite3_open_v2(path, &connection, access | SQLITE_OPEN_NOMUTEX, vfs)
        guard code == SQLITE_OK, let connection else {
            var error = SQLiteError(connection: connection, code: code)
            error.message += " (\(readOnly ? "read-only" : "read-write") open of \(path))"
            // sqlite3.h: a handle is returned even when opening fails and must still be closed.
            sqlite3_close_v2(connection)
            throw error
        }
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        self.path = path
        self.isReadOnly = readOnly
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.handle = connection
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Compiles exactly one statement. Trailing whitespace and comments are fine; a second
    /// statement is refused, so a `--query` cannot smuggle a write after its `SELECT`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let outcome: (code: Int32, hasSecondStatement: Bool) = sql.withCString { start in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, start, -1, &statement, &tail)
            guard code == SQLITE_OK, let tail, tail.pointee != 0 else { return (code, false) }
            var next: OpaquePointer?
            let nextCode = sqlite3_prepare_v2(handle, tail, -1, &next, nil)
            sqlite3_finalize(next)
            return (SQLITE_OK, nextCode != SQLITE_OK || next != nil)
        }
        guard outcome.code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw busyAware(SQLiteError(connection: handle, code: outcome.code, sql: sql))
        }
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement to run", sql: sql)
        }
        guard !outcome.hasSecondStatement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: SQLITE_MISUSE, message: "only one SQL statement is allowed", sql: sql)
        }
        return SQLiteStatement(handle: statement, database: self, sql: sql)
    }

    /// Runs one or more statements that return no rows (schema, pragmas, `BEGIN`/`COMMIT`).
    func execute(_ sql: String) throws(SQLiteError) {
        var errorText: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorText)
        guard code != SQLITE_OK else { return }
        var error = SQLiteError(connection: handle, code: code, sql: sql)
        if let errorText {
            error.message = String(cString: errorText)
            sqlite3_free(errorText)
        }
        throw busyAware(error)
    }

    /// Whether the main schema holds a table or view of that name (SQLite names ignore ASCII case);
    /// false also when the schema cannot be read (use `hasTable` to learn why).
    func tableExists(_ name: String) -> Bool {
        (try? hasTable(name)) ?? false
    }

    /// Whether the main schema holds a table or view of that name; throws when the schema cannot
    /// be read (`SQLITE_NOTADB` for a file that is not a database, `SQLITE_BUSY` when a writer
    /// held its lock past the busy timeout).
    func hasTable(_ name: String) throws(SQLiteError) -> Bool {
        let sql = "SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE"
        let statement = try prepare(sql)
        try statement.bind(.text(name), at: 1)
        return try statement.step()
    }

    /// Adds the wait to a `SQLITE_BUSY` message, so "database is locked" says how long was waited.
    func busyAware(_ error: SQLiteError) -> SQLiteError {
        guard error.code == SQLITE_BUSY else { return error }
        var error = error
        error.message += " (another connection held a lock for more than \(busyTimeoutMilliseconds) ms: \(path))"
        return error
    }
}
