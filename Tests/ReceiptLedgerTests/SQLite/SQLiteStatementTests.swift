import CSQLite
import Testing
@testable import ReceiptLedger

@Suite struct SQLiteStatementTests {
    @Test func everyStorageClassRoundTrips() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("types.sqlite"), readOnly: false)
        try db.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        try insert.bind(.integer(Int64.min), at: 1)
        try insert.bind(.real(2.5), at: 2)
        try insert.bind(.text("Zoë ✓"), at: 3)
        try insert.bind(.blob([0, 1, 254, 255]), at: 4)
        try insert.bind(.null, at: 5)
        #expect(try insert.step() == false)

        let select = try db.prepare("SELECT i, r, s, b, n FROM t")
        #expect(select.columnNames == ["i", "r", "s", "b", "n"])
        var rows = 0
        try select.forEachRow { row in
            rows += 1
            #expect(row.type(0) == .integer)
            #expect(row.type(1) == .real)
            #expect(row.type(2) == .text)
            #expect(row.type(3) == .blob)
            #expect(row.type(4) == .null)
            #expect(row.int64(0) == Int64.min)
            #expect(row.double(1) == 2.5)
            #expect(row.text(2) == "Zoë ✓")
            #expect(row.withBytes(3) { Array($0) } == [0, 1, 254, 255])
            #expect(row.text(4) == nil)
            #expect(row.withBytes(4) { $0.count } == 0)
        }
        #expect(rows == 1)
    }

    @Test func textWithEmbeddedNULKeepsItsFullLength() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("nul.sqlite"), readOnly: false)
        try db.execute("CREATE TABLE t(s TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        try insert.bind(.text("ab\u{0}cd"), at: 1)
        _ = try insert.step()

        let select = try db.prepare("SELECT s FROM t")
        try select.forEachRow { row in
            #expect(row.type(0) == .text)
            #expect(row.withBytes(0) { Array($0) } == [97, 98, 0, 99, 100])
            #expect(row.text(0) == "ab\u{0}cd")
            #expect(row.text(0)?.utf8.count == 5)
        }
    }

    @Test func emptyTextAndEmptyBlobAreNotNull() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("empty.sqlite"), readOnly: false)
        let select = try db.prepare("SELECT ?1, ?2")
        try select.bind(.text(""), at: 1)
        try select.bind(.blob([]), at: 2)
        try select.forEachRow { row in
            #expect(row.type(0) == .text)
            #expect(row.text(0) == "")
            #expect(row.type(1) == .blob)
            #expect(row.withBytes(1) { $0.count } == 0)
        }
    }

    @Test func resetRunsTheStatementAgainWithNewBindings() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("reuse.sqlite"), readOnly: false)
        let select = try db.prepare("SELECT ?1 * 2 AS doubled")
        #expect(select.columnNames == ["doubled"])
        var results: [Int64] = []
        for value in [Int64(3), 21] {
            try select.bind(.integer(value), at: 1)
            try select.forEachRow { results.append($0.int64(0)) }
        }
        try select.bind(.integer(5), at: 1)
        #expect(try select.step())
        results.append(SQLiteRow(statement: select.handle).int64(0))
        try select.reset()
        #expect(results == [6, 42, 10])
    }

    @Test func numbersReadAsTextAndBytes() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("numbers.sqlite"), readOnly: false)
        let select = try db.prepare("SELECT 1709632800000, 'x'")
        try select.forEachRow { row in
            #expect(row.text(0) == "1709632800000")
            #expect(row.withBytes(1) { Array($0) } == [120])
        }
    }

    @Test func readOnlyFlagFollowsTheStatement() throws {
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("flags.sqlite"), readOnly: false)
        try db.execute("CREATE TABLE t(x)")
        #expect(try db.prepare("SELECT x FROM t").isReadOnly)
        #expect(try db.prepare("INSERT INTO t VALUES (1)").isReadOnly == false)
        #expect(try db.prepare("DELETE FROM t").isReadOnly == false)
    }

    @Test func forEachRowPassesTheBodysErrorOn() throws {
        struct Stop: Error {}
        let folder = try SQLiteTestDirectory()
        let db = try SQLiteDatabase(path: folder.path("stop.sqlite"), readOnly: false)
        let select = try db.prepare("SELECT 1 UNION ALL SELECT 2")
        var seen = 0
        #expect(throws: Stop.self) {
            try select.forEachRow { _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
        var all = 0
        try select.forEachRow { _ in all += 1 }
        #expect(all == 2)
    }
}
