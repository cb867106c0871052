import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// ISSUE "hostile input", part 4: the source is never touched, and a locked or damaged database
/// is reported clearly. Also the SQLite-only record shapes of part 1 (a BLOB response, a NULL or
/// non-UTF-8 user).
@Suite struct SQLiteSourceSafetyTests {
    static let t0: Int64 = 1_704_067_200_000

    /// A database with a `verification_results` table holding `rows`.
    func database(_ rows: [FuzzCase.Row], in folder: String) throws -> String {
        let path = folder + "/results.sqlite"
        try FuzzCase(rows: rows).writeSQLite(to: path, responsesAsBlobs: false)
        return path
    }

    func row(_ id: Int64, _ user: FuzzCase.Field = .text("u1"), response: String? = HostileSupport.answer()) -> FuzzCase.Row {
        FuzzCase.Row(id: .integer(id), user: user, verifiedAt: .integer(Self.t0 + id), claimed: .null, response: response.map { Data($0.utf8) })
    }

    /// The file's bytes and modification time.
    func fingerprint(_ path: String) throws -> (Data, Date?) {
        (try Data(contentsOf: URL(fileURLWithPath: path)), try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Runs the command line, into a folder of its own unless `arguments` name one: this
    /// suite's tests run side by side, and two runs reporting into the default `reports` folder
    /// at once find it locked by the other (a failure that depends on timing, not on the input).
    func run(_ arguments: [String]) -> (code: Int32, message: String?) {
        guard !arguments.contains("--out") else { return CommandLineTool.outcome(arguments + ["--templates", HostileSupport.templatesPath]) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-ledger-sqlite-safety-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        return CommandLineTool.outcome(arguments + ["--out", out, "--templates", HostileSupport.templatesPath])
    }

    @Test func blobResponsesNullUsersAndNonUTF8UsersAreReadAsTheyAre() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-shapes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/results.sqlite"
        do {
            let db = try SQLiteDatabase(path: path, readOnly: false)
            try db.execute("CREATE TABLE verification_results(id, user_id, verified_at, claimed_environment, response)")
            let insert = try db.prepare("INSERT INTO verification_results VALUES (?1, ?2, ?3, NULL, ?4)")
            let answer = Array(HostileSupport.answer("1000").utf8)
            let users: [SQLiteBindValue] = [.text("u1"), .null, .blob(Array("u1".utf8)), .text("u1")]
            for (index, user) in users.enumerated() {
                try insert.bind(.integer(Int64(index + 1)), at: 1)
                try insert.bind(user, at: 2)
                try insert.bind(.integer(Self.t0 + Int64(index)), at: 3)
                try insert.bind(index == 3 ? .blob([0x7B, 0x22, 0xFF]) : .blob(answer), at: 4)
                _ = try insert.step()
                try insert.reset()
            }
            // Two users that differ only in bytes that are not UTF-8 must not become one.
            for (id, bytes) in [(5, [0x75, 0xFF]), (6, [0x75, 0xFE])] as [(Int64, [UInt8])] {
                try insert.bind(.integer(id), at: 1)
                try bytes.withUnsafeBytes { try insert.bindUTF8($0, at: 2) }
                try insert.bind(.integer(Self.t0 + id), at: 3)
                try insert.bind(.blob(answer), at: 4)
                _ = try insert.step()
                try insert.reset()
            }
        }
        let journal = try JournalPipeline(reader: ResponseReader(), catalog: HostileSupport.catalog)
            .run(source: SQLiteRecordSource(path: path, query: nil)).journal
        #expect(journal.counts == RecordCounts(read: 6, accepted: 1, redirected: 0, rejected: 5, statusCounts: [0: 1]))
        #expect(journal.transactions.map(\.userName) == ["u1"])
        // Row checks come first (in input order), then the bodies.
        #expect(journal.rejected.map(\.reason.code) == ["bad_user_id", "bad_user_id", "bad_user_id", "bad_user_id", "invalid_json"])
        #expect(journal.rejected.map(\.detail) == [
            "user_id is missing", "user_id is not text: u1", "user_id is not text: u\u{FFFD}", "user_id is not text: u\u{FFFD}",
            "invalid UTF-8 in string at byte 2",
        ])
    }

    @Test func runsNeverChangeTheDatabaseEvenWhenTheQueryTriesToWrite() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-readonly")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try database([row(1), row(2)], in: folder)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
        let before = try fingerprint(path)
        let out = folder + "/out"

        #expect(run(["run", "--db", path, "--out", out]) == (0, nil))
        let writes = [
            "DELETE FROM verification_results",
            "INSERT INTO verification_results VALUES (3, 'u', 1, NULL, '{}')",
            "UPDATE verification_results SET user_id = 'x'",
            "DROP TABLE verification_results",
            "CREATE TABLE x(y)",
            "PRAGMA user_version = 7",
            "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results; DELETE FROM verification_results",
            "WITH d AS (SELECT 1) DELETE FROM verification_results",
            "REPLACE INTO verification_results SELECT * FROM verification_results",
        ]
        for sql in writes {
            let result = run(["run", "--db", path, "--query", sql, "--out", out])
            #expect(result.code == 64, "\(sql)")
            #expect(result.message?.hasPrefix("--query ") == true, "\(sql): \(result.message ?? "")")
        }
        #expect(run(["run", "--db", path, "--query", writes[0], "--out", out]).message
                == "--query must only read (a SELECT); it would write to \(path)")
        let after = try fingerprint(path)
        #expect(after.0 == before.0)
        #expect(after.1 == before.1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out", "results.sqlite"])
    }

    /// A WAL database: SQLite makes every reader create `-wal`/`-shm` beside it when absent (its
    /// locking protocol); the database file itself keeps its bytes and modification time.
    @Test func walDatabaseFileIsNotChangedEither() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-wal")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/results.sqlite"
        do {
            let db = try SQLiteDatabase(path: path, readOnly: false)
            try db.execute("PRAGMA journal_mode = WAL")
            try db.execute("CREATE TABLE verification_results(id, user_id, verified_at, claimed_environment, response)")
            try db.execute("INSERT INTO verification_results VALUES (1, 'u', \(Self.t0), NULL, '{\"status\": 21007}')")
        }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
        let before = try fingerprint(path)
        #expect(run(["run", "--db", path, "--out", folder + "/out"]) == (0, nil))
        #expect(run(["run", "--db", path, "--query", "DELETE FROM verification_results", "--out", folder + "/out"]).code == 64)
        let after = try fingerprint(path)
        #expect(after.0 == before.0)
        #expect(after.1 == before.1)
    }

    @Test func queryErrorsNameTheProblem() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-query")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try database([row(1)], in: folder)
        #expect(run(["run", "--db", path, "--query", "SELECT id, user_id, verified_at, response FROM verification_results"])
                == (64, "--query lacks the column claimed_environment"))
        #expect(run(["run", "--db", path, "--query", "SELECT id AS record, user_id, verified_at, claimed_environment, response FROM verification_results"])
                == (64, "--query lacks the column id"))
        #expect(run(["run", "--db", path, "--query", "SELEKT 1"]) == (64, "--query failed: near \"SELEKT\": syntax error"))
        #expect(run(["run", "--db", path, "--query", "SELECT * FROM nowhere"]) == (64, "--query failed: no such table: nowhere"))
        #expect(run(["run", "--db", path, "--query", ""]) == (64, "--query failed: no SQL statement to run"))
        #expect(run(["run", "--db", path, "--query", "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results WHERE 0",
                     "--out", folder + "/out"]) == (64, "--query on \(path) holds no records"))
        #expect(run(["run", "--db", path, "--orders-query", "SELECT 1"]) == (64, "--orders-query lacks the column order_id"))
    }

    @Test func aFileThatIsNotADatabaseCannotBeReadWithExit1() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-notadb")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/results.sqlite"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(run(["run", "--db", path]) == (1, "cannot read \(path): file is not a database"))
        #expect(run(["run", "--db", path, "--query", "SELECT 1"]) == (1, "cannot read \(path): file is not a database"))
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(run(["run", "--db", path]) == (64, "\(path) has no table verification_results (use --query to read another schema)"))
    }

    /// A writer's exclusive lock: the run waits (SQLite's busy timeout, 5 s), then says so.
    @Test func databaseLockedByAWriterIsWaitedForThenReportedWithExit1() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-locked")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try database([row(1)], in: folder)
        let writer = try SQLiteDatabase(path: path, readOnly: false)
        try writer.execute("BEGIN EXCLUSIVE; INSERT INTO verification_results VALUES (2, 'u', 1, NULL, '{}')")
        let started = ContinuousClock.now
        let result = run(["run", "--db", path, "--out", folder + "/out"])
        let waited = ContinuousClock.now - started
        #expect(result.code == 1)
        #expect(result.message == "cannot read \(path): database is locked (another connection held a lock for more than 5000 ms: \(path))")
        #expect(waited >= .milliseconds(4_900))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        try writer.execute("ROLLBACK")
    }

    @Test func lockReleasedWithinTheWaitLetsTheRunFinish() throws {
        let folder = try HostileSupport.temporaryFolder("sqlite-released")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try database([row(1)], in: folder)
        let writer = LockHolder(try SQLiteDatabase(path: path, readOnly: false))
        try writer.database.execute("BEGIN EXCLUSIVE; INSERT INTO verification_results VALUES (2, 'u2', \(Self.t0), NULL, '{\"status\": 21007}')")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { try? writer.database.execute("COMMIT") }
        #expect(run(["run", "--db", path, "--out", folder + "/out"]) == (0, nil))
        let manifest = try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/out/manifest.json"))))
        #expect(manifest.root["counts"]?["records_read"]?.int64 == 2)
    }

    /// Hands the writer's connection to the thread that commits (used by one thread at a time).
    final class LockHolder: @unchecked Sendable {
        let database: SQLiteDatabase
        init(_ database: SQLiteDatabase) { self.database = database }
    }
}
