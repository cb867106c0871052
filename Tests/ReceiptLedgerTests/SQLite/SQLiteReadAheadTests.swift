import CSQLite
import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// The read-ahead VFS (`Sources/CSQLiteReadAhead`): the same rows as SQLite's own reading, and
/// never a stale byte after another connection has changed the file.
@Suite struct SQLiteReadAheadTests {
    /// Every row's id and text, in id order, read through a fresh connection.
    static func rows(_ path: String, readingAhead: Bool) throws -> [(Int64, String)] {
        let db = try SQLiteDatabase(path: path, readOnly: true, readingAhead: readingAhead)
        return try rows(db)
    }

    static func rows(_ db: SQLiteDatabase) throws -> [(Int64, String)] {
        var rows: [(Int64, String)] = []
        try db.prepare("SELECT id, body FROM t ORDER BY id").forEachRow { rows.append(($0.int64(0), $0.text(1) ?? "")) }
        return rows
    }

    /// The name of the VFS a connection reads its main file through.
    static func vfsName(_ db: SQLiteDatabase) -> String? {
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        guard sqlite3_file_control(db.handle, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK,
              let name = vfs?.pointee.zName else { return nil }
        return String(cString: name)
    }

    @Test func onlyReadOnlyConnectionsThatAskReadAhead() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("any.sqlite")
        let writer = try SQLiteDatabase(path: path, readOnly: false, readingAhead: true)
        try writer.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT)")
        #expect(Self.vfsName(writer) == "unix")
        #expect(Self.vfsName(try SQLiteDatabase(path: path, readOnly: true)) == "unix")
        #expect(Self.vfsName(try SQLiteDatabase(path: path, readOnly: true, readingAhead: true)) == "receipt-ledger-read-ahead")
        #expect(Self.vfsName(try SQLiteRecordSource(path: path, query: "SELECT id, id AS user_id, id AS verified_at, NULL AS claimed_environment, body AS response FROM t").database) == "receipt-ledger-read-ahead")
    }

    static func same(_ a: [(Int64, String)], _ b: [(Int64, String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// Rows from a few bytes to several pages (overflow chains), a file of about 15 windows whose
    /// size is no multiple of one (with the smaller pages); with pages of 1 KiB (many reads per window), SQLite's usual
    /// 4 KiB, and 64 KiB (reads larger than a quarter window, which go straight to the file).
    @Test(arguments: [1_024, 4_096, 65_536]) func readsWhatSQLiteReads(pageSize: Int) throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("large.sqlite")
        do {
            let writer = try SQLiteDatabase(path: path, readOnly: false)
            try writer.execute("PRAGMA page_size = \(pageSize); CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT)")
            try writer.execute("BEGIN")
            var random = DemoRandom(seed: 11)
            for id in 1...900 {
                let length = random.int(0...6_000)
                let letter = Character(UnicodeScalar(UInt8(97 + id % 26)))
                try writer.execute("INSERT INTO t VALUES (\(id), '\(String(repeating: letter, count: length))\(id)')")
            }
            try writer.execute("COMMIT")
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 14 * 128 * 1024 && (pageSize == 65_536 || size % (128 * 1024) != 0))  // 64 KiB pages may fill windows exactly
        var pageSizeRead: Int64 = 0
        try SQLiteDatabase(path: path, readOnly: true).prepare("PRAGMA page_size").forEachRow { pageSizeRead = $0.int64(0) }
        #expect(pageSizeRead == Int64(pageSize))
        let plain = try Self.rows(path, readingAhead: false), ahead = try Self.rows(path, readingAhead: true)
        #expect(plain.count == 900)
        #expect(Self.same(plain, ahead))
        // Rows one by one in a shuffled order, in one transaction: reads jump back and forth
        // between the two windows and refill them at every distance.
        var order = Array(1...900)
        var random = DemoRandom(seed: 5)
        for index in order.indices.reversed() { order.swapAt(index, random.int(0...index)) }
        let reader = try SQLiteDatabase(path: path, readOnly: true, readingAhead: true)
        let statement = try reader.prepare("SELECT id, body FROM t WHERE id = ?1")
        try reader.execute("BEGIN")
        var shuffled: [(Int64, String)] = []
        for id in order {
            try statement.bind(.integer(Int64(id)), at: 1)
            try statement.forEachRow { shuffled.append(($0.int64(0), $0.text(1) ?? "")) }
        }
        try reader.execute("COMMIT")
        #expect(Self.same(order.map { plain[$0 - 1] }, shuffled))
    }

    /// A connection that keeps its window between two transactions must still see what another
    /// connection committed in between: in rollback mode, and in WAL mode once a checkpoint has
    /// written the change into the main file. The file fits in one window, so a window kept
    /// across the transactions would show the old bytes.
    @Test(arguments: ["DELETE", "WAL"]) func seesAnotherConnectionsCommit(journalMode: String) throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("changing.sqlite")
        let writer = try SQLiteDatabase(path: path, readOnly: false)
        try writer.execute("PRAGMA journal_mode = \(journalMode); CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT)")
        for id in 1...20 { try writer.execute("INSERT INTO t VALUES (\(id), 'before \(id) \(String(repeating: "b", count: 900))')") }

        let reader = try SQLiteDatabase(path: path, readOnly: true, readingAhead: true)
        let first = try Self.rows(reader)
        #expect(first.count == 20 && first[0].1.hasPrefix("before 1 "))

        try writer.execute("UPDATE t SET body = replace(body, 'before', 'after!')")
        if journalMode == "WAL" { try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        let second = try Self.rows(reader)
        #expect(second.count == 20 && second.allSatisfy { $0.1.hasPrefix("after! \($0.0) ") })
        #expect(Self.same(second, try Self.rows(path, readingAhead: false)))
    }

    @Test func readingAheadLeavesTheFileUnchanged() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("user.sqlite")
        do {
            let writer = try SQLiteDatabase(path: path, readOnly: false)
            try writer.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO t VALUES (1, '{}')")
        }
        try SQLiteDatabaseTests.expectUnchanged(path) {
            let db = try SQLiteDatabase(path: path, readOnly: true, readingAhead: true)
            #expect(try Self.rows(db).count == 1)
            #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (2, 'x')") }
        }
        #expect(FileManager.default.fileExists(atPath: path + "-journal") == false)
    }
}
