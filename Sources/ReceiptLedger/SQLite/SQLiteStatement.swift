import CSQLite

/// One compiled statement. Finalized when released; keeps its connection open meanwhile.
final class SQLiteStatement {
    let handle: OpaquePointer
    let database: SQLiteDatabase
    let sql: String
    /// Result column names in order, as SQLite reports them (the `AS` alias when there is one).
    let columnNames: [String]

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
        let count = sqlite3_column_count(handle)
        self.columnNames = (0..<count).map { column in
            sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
        }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// True when the statement cannot change the database (sqlite3.h: `sqlite3_stmt_readonly`);
    /// the pipeline refuses a `--query` for which this is false.
    var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// Binds a value to the 1-based parameter `index`. Text and blobs are copied by SQLite
    /// (`SQLITE_TRANSIENT`) and bound with their byte count.
    func bind(_ value: SQLiteBindValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .integer(let number):
            code = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            var text = text
            code = text.withUTF8 { bytes in bindText(UnsafeRawBufferPointer(bytes), at: index) }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, !buffer.isEmpty else {
                    // A NULL pointer would bind NULL; an empty blob is still a blob.
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), SQLiteStatement.transient)
            }
        case .null:
            code = sqlite3_bind_null(handle, index)
        }
        try check(code)
    }

    /// Binds the value in `column` of another statement's current row exactly as it is: its
    /// storage class and bytes (text that is not UTF-8 included). SQLite copies it.
    func bind(valueIn row: SQLiteRow, column: Int32, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_value(handle, index, sqlite3_column_value(row.statement, column)))
    }

    /// Binds UTF-8 bytes as text without building a `String` first (the demo generator's
    /// answers, through `SQLiteFileWriter`).
    func bindUTF8(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws(SQLiteError) {
        try check(bindText(bytes, at: index))
    }

    /// Returns to the first row; bindings stay. Throws the error of a failed last step.
    func reset() throws(SQLiteError) {
        try check(sqlite3_reset(handle))
    }

    /// Advances to the next row: true when one is available, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.busyAware(SQLiteError(connection: database.handle, code: code, sql: sql))
        }
    }

    /// Calls `body` for each remaining row, then resets the statement so it can run again.
    /// The row's memory is valid only inside `body`.
    func forEachRow(_ body: (SQLiteRow) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        let row = SQLiteRow(statement: handle)
        while try step() {
            try body(row)
        }
    }

    private func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            // A NULL pointer would bind NULL; empty text must stay text.
            return sqlite3_bind_text(handle, index, "", 0, SQLiteStatement.transient)
        }
        return sqlite3_bind_text64(
            handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
            SQLiteStatement.transient, UInt8(SQLITE_UTF8))
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code != SQLITE_OK else { return }
        throw database.busyAware(SQLiteError(connection: database.handle, code: code, sql: sql))
    }

    /// sqlite3.h: `SQLITE_TRANSIENT` is the destructor value -1, telling SQLite to copy the bytes.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
