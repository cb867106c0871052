import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stored results in a SQLite file: the `verification_results` table, or any `--query`
/// returning the columns `id, user_id, verified_at, claimed_environment, response`.
/// The database is opened read-only; the tool never writes to it.
///
/// Every read of the file, from `init` to `endReading()`, happens in one read transaction:
/// the passes over the records and the orders see one snapshot (in WAL mode a writer's later
/// commits stay invisible; in rollback mode the shared lock makes a writer wait), so a report
/// never mixes two states of the file. Each pass also reads the rows in the same order, which
/// the two-pass reading pairs by position: the table is scanned `NOT INDEXED`, in its b-tree's
/// order, whichever columns a pass asks for (a covering index would otherwise give the
/// keys-only pass another order). A `--query`, a view or a virtual table promises no order
/// between two statements (`ORDER BY random()`), so its rows are copied into a temporary table
/// during pass 1 (`scanKeys`), and the later passes read that copy in the order pass 1 read.
final class SQLiteRecordSource: RecordSource {
    /// The default reading as the manifest names it.
    static let defaultQuery = "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results"
    /// The default reading as run: the table's own order, whatever indexes it has.
    static let tableQuery = "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results NOT INDEXED"
    /// Pass 1 of the default reading: the response column, most of the table's bytes, is left unread.
    static let tableKeysQuery = "SELECT id, user_id, verified_at FROM verification_results NOT INDEXED"
    static let requiredColumns = ["id", "user_id", "verified_at", "claimed_environment", "response"]

    let database: SQLiteDatabase
    let path: String
    let query: String?
    let label: String
    /// Whether two statements over the rows give them in the same order: the plain table.
    let hasStableOrder: Bool
    /// Set when the file had to be read with `immutable=1` (see `mayReadImmutably`): what to tell the user.
    let note: String?
    private let columns: [String: Int32]
    /// The temporary table holding the rows pass 1 read, once `scanKeys` has copied them.
    private var copy: String?

    init(path: String, query: String?, readingAhead: Bool = true) throws {
        self.path = path
        self.query = query
        let (opened, kind) = try Self.beginSnapshot(path, query: query, readingAhead: readingAhead)
        database = opened
        note = database.isImmutable
            ? "\(path) is in WAL mode and its folder cannot be written (read-only media): read with immutable=1, without locking" : nil
        hasStableOrder = query == nil && kind == .table
        if query == nil, kind == .absent {
            throw SourceError(message: "\(path) has no table verification_results (use --query to read another schema)")
        }
        let statement: SQLiteStatement
        do {
            statement = try database.prepare(query ?? Self.defaultQuery)
        } catch let error where error.isFileFailure {
            throw SourceError(message: "cannot read \(path): \(error.message)", isFatal: true)
        } catch {
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

    /// What `verification_results` is in the main schema.
    enum TableKind {
        case absent
        case table
        /// A view or a virtual table: its rows come in whatever order it gives.
        case viewOrVirtual
    }

    /// Opens `path` read-only and begins the read transaction every later read shares; its first
    /// read (the schema) fixes the snapshot. A WAL database on a folder that cannot be written is
    /// opened again with `immutable=1` when the first attempt fails for that reason alone.
    private static func beginSnapshot(_ path: String, query: String?, readingAhead: Bool) throws -> (SQLiteDatabase, TableKind) {
        let database = try openDatabase(path, immutable: false, readingAhead: readingAhead)
        do {
            return (database, try startReading(database))
        } catch {
            database.close()
            guard mayReadImmutably(path, after: error) else { throw classified(error, path: path, query: query) }
        }
        let immutable = try openDatabase(path, immutable: true, readingAhead: readingAhead)
        do {
            return (immutable, try startReading(immutable))
        } catch {
            throw classified(error, path: path, query: query)
        }
    }

    private static func openDatabase(_ path: String, immutable: Bool, readingAhead: Bool) throws(SourceError) -> SQLiteDatabase {
        do {
            return try SQLiteDatabase(path: path, readOnly: true, readingAhead: readingAhead, immutable: immutable)
        } catch {
            throw SourceError(message: "cannot open \(path): \(error.message)", isFatal: true)
        }
    }

    /// `BEGIN`, then the schema: reading the schema first tells a file that cannot be read from
    /// a query that is wrong.
    private static func startReading(_ database: SQLiteDatabase) throws(SQLiteError) -> TableKind {
        try database.execute("BEGIN")
        let statement = try database.prepare(
            "SELECT type = 'table' AND coalesce(sql, '') NOT LIKE 'CREATE VIRTUAL%' FROM sqlite_master "
                + "WHERE type IN ('table', 'view') AND name = 'verification_results' COLLATE NOCASE")
        guard try statement.step() else { return .absent }
        return SQLiteRow(statement: statement.handle).int64(0) != 0 ? .table : .viewOrVirtual
    }

    /// The file's failures (exit 1) told from the SQL's (exit 64).
    private static func classified(_ error: SQLiteError, path: String, query: String?) -> SourceError {
        if error.isFileFailure { return SourceError(message: "cannot read \(path): \(error.message)", isFatal: true) }
        return SourceError(message: "\(query == nil ? "cannot read verification_results" : "--query failed"): \(error.message)")
    }

    /// Whether a read-only open that failed with `error` may be retried with `immutable=1`. Only
    /// when SQLite could not open the files its WAL mode needs (`SQLITE_CANTOPEN`) because it
    /// cannot create them: the header says WAL mode, the folder cannot be written, and no `-wal`
    /// file holds frames (the immutable reading would not see them). Nothing can then change
    /// the database, since a write in WAL mode needs the `-wal` and `-shm` files, so reading it
    /// without locks cannot see a write half done.
    static func mayReadImmutably(_ path: String, after error: SQLiteError) -> Bool {
        guard error.code == SQLITE_CANTOPEN, isInWALMode(path) else { return false }
        var status = stat()
        if stat(path + "-wal", &status) == 0, status.st_size > 0 { return false }
        return access(folder(of: path), W_OK) != 0
    }

    /// The folder holding `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// Bytes 18 and 19 of the header (the file format's write and read versions) are 2 in WAL
    /// mode (sqlite.org/fileformat.html). Read while no connection of this process holds the file.
    static func isInWALMode(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 20, 0) }
        return count == 20 && header[18] == 2 && header[19] == 2
    }

    private func column(_ name: String) -> Int32 { columns[name] ?? 0 }

    /// Ends the read transaction and closes the connection: SQLite's locks and descriptors on the
    /// file go with it (only then may another descriptor on it be closed: see `FileDigests`).
    /// Nothing can be read after; calling it again does nothing.
    func endReading() {
        guard database.isOpen else { return }
        try? database.execute("COMMIT")
        database.close()
    }

    func scanKeys(_ body: (RecordKeys) throws -> Void) throws {
        guard hasStableOrder else { return try copyRows(body) }
        let statement = try prepare(Self.tableKeysQuery)
        try reading {
            try statement.forEachRow { row in
                try body(RecordKeys(id: row.fieldValue(0), userID: row.fieldValue(1), verifiedAt: row.fieldValue(2)))
            }
        }
    }

    /// Pass 1 of rows whose order SQLite does not promise twice: the query runs once, and each
    /// row goes as it is (storage classes and bytes) into a temporary table, in SQLite's own
    /// temporary file (a read-only connection may write its temp schema; the input is never
    /// written), as its keys go to `body`. The later passes read that copy.
    private func copyRows(_ body: (RecordKeys) throws -> Void) throws {
        if let copy {
            try? database.execute("DROP TABLE IF EXISTS temp.\(copy)")
            self.copy = nil
        }
        let table = temporaryTableName()
        let insert: SQLiteStatement
        do {
            // No column types, so no affinity: every value is kept as the query gave it.
            try database.execute("CREATE TEMP TABLE \(table)(id, user_id, verified_at, claimed_environment, response)")
            insert = try database.prepare("INSERT INTO temp.\(table) VALUES (?1, ?2, ?3, ?4, ?5)")
        } catch {
            throw copyFailure(error)
        }
        let statement = try prepare(query ?? Self.defaultQuery)  // a view or a virtual table: as it is
        let order = Self.requiredColumns.map { column($0) }
        let (id, user, verified) = (order[0], order[1], order[2])
        try reading {
            try statement.forEachRow { row in
                do throws(SQLiteError) {
                    for (slot, column) in order.enumerated() { try insert.bind(valueIn: row, column: column, at: Int32(slot + 1)) }
                    _ = try insert.step()
                    try insert.reset()
                } catch {
                    throw copyFailure(error)
                }
                try body(RecordKeys(id: row.fieldValue(id), userID: row.fieldValue(user), verifiedAt: row.fieldValue(verified)))
            }
        }
        copy = table
    }

    /// A name for the copy that no table or view of the input has (the user's query, prepared
    /// again after the copy is created, must not find the copy under a name it means).
    private func temporaryTableName() -> String {
        var name = "receipt_ledger_rows"
        var suffix = 1
        while database.tableExists(name) {
            suffix += 1
            name = "receipt_ledger_rows_\(suffix)"
        }
        return name
    }

    private func copyFailure(_ error: SQLiteError) -> SourceError {
        SourceError(message: "cannot copy \(label) into a temporary table: \(error.message)", isFatal: true)
    }

    func scanRecords(_ body: (RecordKeys, FieldValue, UnsafeRawBufferPointer?) throws -> Bool) throws {
        if query == nil {
            // The table is read once, in order: SQLite needs its cache only for the few pages
            // from the root to the current leaf. At 64 KiB (not SQLite's default of 2 MB) the
            // pages it reads into stay in the core's cache, and so does what the merge keeps
            // there. A `--query` keeps the default: it may sort or join.
            // Figures: Benchmarks/EXPERIMENTS.md, "Kept" › SQLiteRecordSource.
            try? database.execute("PRAGMA cache_size = -64")
        }
        let sql: String
        let (id, user, verified, claimed, response): (Int32, Int32, Int32, Int32, Int32)
        if let copy {
            sql = "SELECT id, user_id, verified_at, claimed_environment, response FROM temp.\(copy) ORDER BY rowid"
            (id, user, verified, claimed, response) = (0, 1, 2, 3, 4)
        } else {
            sql = query ?? (hasStableOrder ? Self.tableQuery : Self.defaultQuery)
            (id, user, verified) = (column("id"), column("user_id"), column("verified_at"))
            (claimed, response) = (column("claimed_environment"), column("response"))
        }
        let statement = try prepare(sql)
        do {
            try reading {
                try statement.forEachRow { row in
                    let keys = RecordKeys(id: row.fieldValue(id), userID: row.fieldValue(user), verifiedAt: row.fieldValue(verified))
                    let claimedEnvironment = row.fieldValue(claimed)
                    guard try Self.withResponse(row, response, { try body(keys, claimedEnvironment, $0) }) else { throw StopScan() }
                }
            }
        } catch is StopScan {
            return
        }
    }

    /// Runs a pass, telling SQLite's failures of the file (exit 1) from those of the SQL, such
    /// as a `--query` calling `load_extension` or overflowing an integer as it runs (exit 64).
    private func reading(_ pass: () throws -> Void) throws {
        do { try pass() } catch let error as SQLiteError { throw Self.classified(error, path: path, query: query) }
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

}
