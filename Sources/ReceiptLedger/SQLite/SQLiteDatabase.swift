import CSQLite
import CSQLiteReadAhead
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SQLite connection. Owns the `sqlite3*` handle and closes it when released.
///
/// Opened read-only, the connection can never change the file: SQLite refuses every write
/// with `SQLITE_READONLY`, takes only shared locks (which touch neither the bytes nor the
/// mtime) and creates no journal. The `immutable` URI flag is not used by default: it
/// turns off locking, so a database in the middle of a write by its own server could be
/// read half-written; instead a busy timeout waits for the writer and then reports
/// `SQLITE_BUSY` clearly. (`SQLiteRecordSource` asks for it only for a WAL database that
/// nothing can write, on a folder where SQLite cannot create its `-wal` and `-shm` files.)
package final class SQLiteDatabase {
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    static let defaultBusyTimeoutMilliseconds: Int32 = 5_000

    let path: String
    let isReadOnly: Bool
    let busyTimeoutMilliseconds: Int32
    /// Whether the file was opened with `immutable=1`: no locks, no `-wal` or `-shm`.
    let isImmutable: Bool
    let handle: OpaquePointer
    /// False once `close()` has run; the handle must not be used then.
    private(set) var isOpen = true

    /// Opens `path`. Read-only opening never creates a missing file: it fails with
    /// `SQLITE_CANTOPEN` and a message naming the path. Writable opening creates the file.
    /// With `readingAhead`, a read-only file is read 128 KiB at a time and SQLite's page reads
    /// are served from there (`Sources/CSQLiteReadAhead`): the same bytes with a fiftieth of
    /// the system calls, for the long scans of the input. Should that VFS be unavailable, the
    /// file is read the usual way. `immutable` (read-only only) opens the file as the URI
    /// `file:…?immutable=1` (sqlite.org/uri.html): SQLite then takes no lock and never looks
    /// for a `-wal` file, so it must be given only for a file nothing can change.
    init(
        path: String,
        readOnly: Bool,
        readingAhead: Bool = false,
        immutable: Bool = false,
        busyTimeoutMilliseconds: Int32 = SQLiteDatabase.defaultBusyTimeoutMilliseconds
    ) throws(SQLiteError) {
        var connection: OpaquePointer?
        var access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let isImmutable = readOnly && immutable
        var name = path
        if isImmutable {
            name = Self.immutableURI(path)
            access |= SQLITE_OPEN_URI
        }
        let vfs = readOnly && readingAhead ? read_ahead_vfs() : nil
        // NOMUTEX: the class is not Sendable, so one connection is never used by two threads at once.
        let code = sqlite3_open_v2(name, &connection, access | SQLITE_OPEN_NOMUTEX, vfs)
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
        self.isImmutable = isImmutable
        self.handle = connection
    }

    deinit {
        if isOpen { sqlite3_close_v2(handle) }
    }

    /// Closes the connection now, with its file descriptors and locks; later calls fail with
    /// `SQLITE_MISUSE`. Statements still alive (each keeps its connection) leave SQLite to
    /// close it when the last one is finalized: returns whether it was closed at once.
    @discardableResult
    func close() -> Bool {
        guard isOpen else { return true }
        isOpen = false
        if sqlite3_close(handle) == SQLITE_OK { return true }
        sqlite3_close_v2(handle)
        return false
    }

    /// `file:` and the path made absolute (`realpath`), every byte but unreserved ones and `/`
    /// percent-encoded, then `?immutable=1`: a `?`, `#` or `%` in a file name stays a name.
    static func immutableURI(_ path: String) -> String {
        var absolute = path
        if let resolved = realpath(path, nil) {
            absolute = String(cString: resolved)
            free(resolved)
        }
        var uri = "file:"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return uri + "?immutable=1"
    }

    private func checkOpen(_ sql: String) throws(SQLiteError) {
        guard isOpen else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection to \(path) is closed", sql: sql) }
    }

    /// Compiles exactly one statement. Trailing whitespace and comments are fine; a second
    /// statement is refused, so a `--query` cannot smuggle a write after its `SELECT`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try checkOpen(sql)
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
        try checkOpen(sql)
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

extension SQLiteDatabase {
    /// The integer in the first column of the last row `sql` returns from the file at `path`,
    /// opened read-only (0 when there is no row): `bench`'s plain read, through the same
    /// library and connection settings as `run`.
    package static func integer(path: String, sql: String) throws(SQLiteError) -> Int64 {
        let database = try SQLiteDatabase(path: path, readOnly: true)
        let statement = try database.prepare(sql)
        let row = SQLiteRow(statement: statement.handle)
        var value: Int64 = 0
        while try statement.step() { value = row.int64(0) }
        return value
    }
}
