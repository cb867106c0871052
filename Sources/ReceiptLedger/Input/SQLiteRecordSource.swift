import CSQLite

/// Stored results in a SQLite file: the `verification_results` table, or any `--query`
/// returning the columns `id, user_id, verified_at, claimed_environment, response`.
/// The database is opened read-only; the tool never writes to it.
final class SQLiteRecordSource: RecordSource {
    static let defaultQuery = "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results"
    static let requiredColumns = ["id", "user_id", "verified_at", "claimed_environment", "response"]

    let database: SQLiteDatabase
    let path: String
    let query: String?
    let label: String
    private let columns: [String: Int32]

    init(path: String, query: String?) throws {
        self.path = path
        self.query = query
        do {
            database = try SQLiteDatabase(path: path, readOnly: true, readingAhead: true)
        } catch {
            throw SourceError(message: "cannot open \(path): \(error.message)", isFatal: true)
        }
        let sql = query ?? Self.defaultQuery
        let statement: SQLiteStatement
        do {
            // Reading the schema first tells a file that cannot be read from a query that is wrong.
            let hasTable = try database.hasTable("verification_results")
            if query == nil, !hasTable {
                throw SourceError(message: "\(path) has no table verification_results (use --query to read another schema)")
            }
            statement = try database.prepare(sql)
        } catch let error as SQLiteError where Self.isUnreadable(error) {
            throw SourceError(message: "cannot read \(path): \(error.message)", isFatal: true)
        } catch let error as SQLiteError {
            throw SourceError(message: "\(query == nil ? "cannot read verification_results" : "--query failed"): \(error.message)")
        }
        guard statement.isReadOnly else { throw SourceError(message: "--query must only read (a SELECT); it would write to \(path)") }
        var found: [String: Int32] = [:]
        for (index, name) in statement.columnNames.enumerated() where found[name.lowercased()] == nil {
            found[name.lowercased()] = Int32(index)
        }
        for column in Self.requiredColumns where found[column] == nil {
            throw SourceError(message: "\(query == nil ? "verification_results" : "--query") lacks the column \(column)")
        }
        columns = found
        label = query == nil ? "verification_results in \(path)" : "--query on \(path)"
    }

    private func column(_ name: String) -> Int32 { columns[name] ?? 0 }

    /// Failures of the file rather than of the SQL: locked, not a database, damaged, unreadable.
    static func isUnreadable(_ error: SQLiteError) -> Bool {
        [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH,
         SQLITE_NOMEM, SQLITE_READONLY].contains(error.code)
    }

    func scanKeys(_ body: (RecordKeys) throws -> Void) throws {
        // The default table is scanned without its response column, which is most of its bytes.
        let sql = query ?? "SELECT id, user_id, verified_at FROM verification_results"
        let statement = try prepare(sql)
        let (id, user, verified): (Int32, Int32, Int32) = query == nil ? (0, 1, 2) : (column("id"), column("user_id"), column("verified_at"))
        try statement.forEachRow { row in
            try body(RecordKeys(id: Self.value(row, id), userID: Self.value(row, user), verifiedAt: Self.value(row, verified)))
        }
    }

    func scanRecords(keysRead: (RecordKeys) -> Void, _ body: (RecordKeys, FieldValue, UnsafeRawBufferPointer?) throws -> Bool) throws {
        if query == nil {
            // The table is read once, in order: SQLite needs its cache only for the few pages
            // from the root to the current leaf. At 64 KiB (not 2 MB) the pages it reads into
            // stay in the core's cache, and so does what the merge keeps there (200,000
            // records: about 2 % less CPU time on the reading and merging thread, in turns). A
            // `--query` keeps the default: it may sort or join.
            try? database.execute("PRAGMA cache_size = -64")
        }
        let statement = try prepare(query ?? Self.defaultQuery)
        let (id, user, verified) = (column("id"), column("user_id"), column("verified_at"))
        let (claimed, response) = (column("claimed_environment"), column("response"))
        do {
            try statement.forEachRow { row in
                let keys = RecordKeys(id: Self.value(row, id), userID: Self.value(row, user), verifiedAt: Self.value(row, verified))
                keysRead(keys)
                let claimedEnvironment = Self.value(row, claimed)
                guard try Self.withResponse(row, response, { try body(keys, claimedEnvironment, $0) }) else { throw StopScan() }
            }
        } catch is StopScan {
            return
        }
    }

    /// The response column's bytes, lent to `body` without a copy where SQLite holds them as
    /// text or blob; nil for NULL; a number as its text.
    private static func withResponse<T>(_ row: SQLiteRow, _ column: Int32, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        switch row.type(column) {
        case .null: return try body(nil)
        case .integer, .real: return try Array((row.text(column) ?? "").utf8).withUnsafeBytes { try body($0) }
        case .text, .blob: return try row.withBytes(column) { try body($0) }
        }
    }

    private struct StopScan: Error {}

    private func prepare(_ sql: String) throws -> SQLiteStatement {
        do { return try database.prepare(sql) } catch { throw SourceError(message: "cannot read \(path): \(error.message)", isFatal: true) }
    }

    static func value(_ row: SQLiteRow, _ column: Int32) -> FieldValue {
        switch row.type(column) {
        case .null: return .null
        case .integer: return .integer(row.int64(column))
        case .real: return .real(row.double(column))
        case .text:
            // TEXT that is not UTF-8 is not text: repairing it (U+FFFD) could merge two users.
            return row.withBytes(column) { bytes in
                let utf8 = bytes.bindMemory(to: UInt8.self)
                return String(validatingUTF8: utf8).map { .text($0) } ?? .other(String(decoding: utf8, as: UTF8.self))
            }
        case .blob: return .other(row.withBytes(column) { String(decoding: $0.bindMemory(to: UInt8.self), as: UTF8.self) })
        }
    }
}
