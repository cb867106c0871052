import CSQLite
import Foundation
import Testing
@testable import ReceiptLedger

@Suite struct SQLiteDatabaseTests {
    @Test func readOnlyOpenLeavesBytesAndModificationTimeUnchanged() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("user.sqlite")
        do {
            let writer = try SQLiteDatabase(path: path, readOnly: false)
            try writer.execute("CREATE TABLE verification_results(id INTEGER PRIMARY KEY, response TEXT); INSERT INTO verification_results VALUES (1, '{}')")
        }
        try Self.expectUnchanged(path) {
            let db = try SQLiteDatabase(path: path, readOnly: true)
            var count: Int64 = 0
            try db.prepare("SELECT count(*) FROM verification_results").forEachRow { count = $0.int64(0) }
            #expect(count == 1)

            let insert = try db.prepare("INSERT INTO verification_results VALUES (2, 'x')")
            #expect(insert.isReadOnly == false)
            let refused = #expect(throws: SQLiteError.self) { try insert.step() }
            #expect(refused?.code == SQLITE_READONLY)
            #expect(throws: SQLiteError.self) { try db.execute("CREATE TABLE other(x)") }
        }
        #expect(FileManager.default.fileExists(atPath: path + "-journal") == false)
        #expect(FileManager.default.fileExists(atPath: path + "-wal") == false)
    }

    @Test func readOnlyOpenOfAWALDatabaseLeavesTheMainFileUnchanged() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("wal.sqlite")
        do {
            let writer = try SQLiteDatabase(path: path, readOnly: false)
            try writer.execute("PRAGMA journal_mode = WAL; CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        }
        try Self.expectUnchanged(path) {
            let db = try SQLiteDatabase(path: path, readOnly: true)
            var count: Int64 = 0
            try db.prepare("SELECT count(*) FROM t").forEachRow { count = $0.int64(0) }
            #expect(count == 1)
            #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (2)") }
        }
    }

    /// Back-dates the file, runs `body` (whose connections close when it returns) and expects
    /// the file's bytes and modification time as they were.
    static func expectUnchanged(_ path: String, while body: () throws -> Void) throws {
        let past = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: path))
        try body()
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.modificationDate] as? Date == past)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytesBefore)
    }

    @Test func fileThatIsNotADatabaseFailsAtTheFirstRead() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let db = try SQLiteDatabase(path: path, readOnly: true)
        let error = #expect(throws: SQLiteError.self) { _ = try db.prepare("SELECT 1 FROM verification_results") }
        #expect(error?.code == SQLITE_NOTADB)
    }

    @Test func missingFileOpenedReadOnlyFailsAndIsNotCreated() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("missing.sqlite")
        let error = #expect(throws: SQLiteError.self) {
            _ = try SQLiteDatabase(path: path, readOnly: true)
        }
        #expect(error?.code == SQLITE_CANTOPEN)
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("unable to open database file") == true)
        #expect(FileManager.default.fileExists(atPath: path) == false)
    }

    @Test func lockedDatabaseFailsWithBusyAfterTheTimeout() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("locked.sqlite")
        let writer = try SQLiteDatabase(path: path, readOnly: false)
        try writer.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO t VALUES (2)")

        let reader = try SQLiteDatabase(path: path, readOnly: true, busyTimeoutMilliseconds: 150)
        let started = ContinuousClock.now
        let error = #expect(throws: SQLiteError.self) {
            try reader.prepare("SELECT count(*) FROM t").forEachRow { _ in }
        }
        let waited = ContinuousClock.now - started
        #expect(error?.code == SQLITE_BUSY)
        #expect(error?.description.contains("150 ms") == true)
        #expect(waited >= .milliseconds(100))

        try writer.execute("COMMIT")
        var count: Int64 = 0
        try reader.prepare("SELECT count(*) FROM t").forEachRow { count = $0.int64(0) }
        #expect(count == 2)
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("errors.sqlite"), readOnly: false)
        let error = #expect(throws: SQLiteError.self) { _ = try db.prepare("SELEC id FROM t") }
        #expect(error?.code == SQLITE_ERROR)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.sql == "SELEC id FROM t")

        let missing = #expect(throws: SQLiteError.self) { _ = try db.prepare("SELECT * FROM nowhere") }
        #expect(missing?.message.contains("no such table: nowhere") == true)
    }

    @Test func onlyOneStatementIsPrepared() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("one.sqlite"), readOnly: false)
        try db.execute("CREATE TABLE t(x)")
        #expect(throws: SQLiteError.self) { _ = try db.prepare("SELECT x FROM t; DELETE FROM t") }
        #expect(throws: SQLiteError.self) { _ = try db.prepare("  -- nothing here\n") }
        _ = try db.prepare("SELECT x FROM t; -- trailing note\n")
    }

    @Test func tableExistsFindsTablesAndViewsIgnoringCase() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("schema.sqlite"), readOnly: false)
        try db.execute("CREATE TABLE orders(order_id INTEGER PRIMARY KEY); CREATE VIEW recent AS SELECT * FROM orders")
        #expect(db.tableExists("orders"))
        #expect(db.tableExists("ORDERS"))
        #expect(db.tableExists("recent"))
        #expect(db.tableExists("verification_results") == false)
        #expect(db.tableExists("orders' OR '1'='1") == false)
    }
}
