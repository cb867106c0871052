import CSQLite
import Foundation
import Testing
@testable import ReceiptLedger

/// Issue 21, items 1, 2 and two of 8: every read of a SQLite input in one snapshot, each later
/// pass checked against the first, SQLite's lock never dropped by another descriptor's close,
/// a WAL database on read-only media readable, and the user's SQL failing with exit 64.
@Suite struct InputSnapshotTests {
    typealias S = InputSnapshotSupport

    // MARK: One snapshot, the same rows in every pass

    /// `ORDER BY random()` gives the rows in another order to every statement; the report is
    /// still that of the table, byte for byte, read in one scan or in two passes.
    @Test func shuffledQueryGivesTheTablesReportByteForByte() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-shuffle")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, catalog) = try S.demoInput(in: folder)
        #expect(S.run(["--db", database, "--catalog", catalog, "--out", folder + "/table"]) == (0, nil))
        let table = try S.csvFiles(folder + "/table")
        #expect(table.count == 12)
        let contents = try S.RecordContents(database: database)
        #expect(contents.misattributed(try S.transactions(in: folder + "/table")).isEmpty)
        for extra in [[], ["--reference"]] {
            let out = folder + "/shuffled\(extra.count)"
            #expect(S.run(["--db", database, "--catalog", catalog, "--query", S.allColumns + " ORDER BY random()", "--out", out] + extra)
                    == (0, nil))
            let shuffled = try S.csvFiles(out)
            #expect(shuffled.keys.sorted() == table.keys.sorted())
            for (name, bytes) in table { #expect(shuffled[name] == bytes, "\(name) \(extra)") }
            let booked = try S.transactions(in: out)
            #expect(booked.count > 1_000)
            #expect(contents.misattributed(booked).map(\.transactionID) == [], "\(extra)")
        }
    }

    /// The one scan of a shuffled `--query` abandoned (a small window), then two passes over the
    /// temporary copy: the journal of the table's own reading.
    @Test func abandonedOneScanOfAShuffledQueryReadsTheSameRecordsInTwoPasses() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-window")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, catalogPath) = try S.demoInput(in: folder)
        let catalog = try CatalogReader.read(path: catalogPath)
        let table = try JournalPipeline(reader: ResponseReader(), catalog: catalog).run(source: SQLiteRecordSource(path: database, query: nil))
        #expect(table.readInOneScan)
        var pipeline = JournalPipeline(reader: ResponseReader(), catalog: catalog)
        pipeline.reorderWindow = 16
        let source = try SQLiteRecordSource(path: database, query: S.allColumns + " ORDER BY random()")
        #expect(!source.hasStableOrder)
        let shuffled = try pipeline.run(source: source)
        #expect(!shuffled.readInOneScan)
        #expect(shuffled.journal.transactions.count == table.journal.transactions.count)
        // Rejections and users are listed in input order, which the shuffle changes: compared as sets.
        func lines(_ result: JournalPipeline.Result) -> [String] { OneScanEquivalenceTests.describe(result).sorted() }
        #expect(lines(shuffled) == lines(table))
        // Read again from the same source (the copy is made afresh): the same again.
        #expect(lines(try pipeline.run(source: source)) == lines(table))
    }

    /// A view named `verification_results` may give its rows in another order to each
    /// statement too: read through the copy, it gives the table's report.
    @Test func aShuffledViewIsReadAsTheTableIs() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-view")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, catalog) = try S.demoInput(in: folder)
        #expect(S.run(["--db", database, "--catalog", catalog, "--out", folder + "/table"]) == (0, nil))
        try SQLiteDatabase(path: database, readOnly: false).execute(
            "ALTER TABLE verification_results RENAME TO stored; "
                + "CREATE VIEW verification_results AS SELECT * FROM stored ORDER BY random()")
        #expect(try !SQLiteRecordSource(path: database, query: nil).hasStableOrder)
        #expect(S.run(["--db", database, "--catalog", catalog, "--out", folder + "/view", "--reference"]) == (0, nil))
        #expect(try S.csvFiles(folder + "/view") == S.csvFiles(folder + "/table"))
    }

    /// An index holding the key columns made SQLite read the keys-only pass from the index, in
    /// its order, and the body pass from the table: every answer booked to another record.
    @Test func coveringIndexDoesNotReorderTheKeysPass() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-index")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, catalog) = try S.demoInput(in: folder)
        #expect(S.run(["--db", database, "--catalog", catalog, "--out", folder + "/table"]) == (0, nil))
        try SQLiteDatabase(path: database, readOnly: false).execute("CREATE INDEX keys ON verification_results(verified_at, id, user_id)")
        #expect(try S.runProcess(["sqlite3", database, "EXPLAIN QUERY PLAN SELECT id, user_id, verified_at FROM verification_results"])
            .output.contains("COVERING INDEX keys"))
        #expect(S.run(["--db", database, "--catalog", catalog, "--out", folder + "/indexed", "--reference"]) == (0, nil))
        #expect(try S.csvFiles(folder + "/indexed") == S.csvFiles(folder + "/table"))
    }

    /// A source whose later pass gives other records than its first (what a reading without one
    /// snapshot did while a writer worked): one line, exit 1, naming the input.
    final class ShiftingSource: RecordSource {
        let first: ArrayRecordSource
        let later: ArrayRecordSource
        var label: String { "shifting input" }
        init(first: [ArrayRecordSource.Row], later: [ArrayRecordSource.Row]) {
            self.first = ArrayRecordSource(first)
            self.later = ArrayRecordSource(later)
        }
        func scanKeys(_ body: (RecordKeys) throws -> Void) throws { try first.scanKeys(body) }
        func scanRecords(_ body: (RecordKeys, FieldValue, UnsafeRawBufferPointer?) throws -> Bool) throws {
            try later.scanRecords(body)
        }
    }

    @Test func aPassThatReadsOtherRecordsThanTheFirstIsRefused() throws {
        typealias A = AnswerBuilder
        let t0: Int64 = 1_704_067_200_000
        let rows = (1...4).map { A.row(Int64($0), user: "u\($0)", at: t0 + Int64($0), A.answer(inApp: [A.transaction("\(100 + $0)", purchaseMs: t0)])) }
        let pipeline = JournalPipeline.reference(reader: ResponseReader(), catalog: A.catalog)
        #expect(try pipeline.run(source: ShiftingSource(first: rows, later: rows)).journal.transactions.count == 4)
        let cases: [([ArrayRecordSource.Row], String)] = [
            ([rows[1], rows[0], rows[2], rows[3]], "record 1 is not the one the first pass read there"),
            ([rows[0], rows[1], rows[2]], "it holds fewer records than the first pass read"),
            (rows + [A.row(5, user: "u5", at: t0 + 5, A.answer(inApp: []))], "it holds more records than the first pass read"),
            // The same ids in the same places, another user: still not the record pass 1 read.
            ([rows[0], rows[1], A.row(3, user: "someone else", at: t0 + 3, A.answer(inApp: [])), rows[3]],
             "record 3 is not the one the first pass read there"),
        ]
        for (later, detail) in cases {
            do {
                _ = try pipeline.run(source: ShiftingSource(first: rows, later: later))
                Issue.record("no error for \(detail)")
            } catch let error as SourceError {
                #expect(error.isFatal)
                #expect(error.message == "shifting input changed while it was being read (\(detail)); nothing was written")
            }
        }
    }

    /// Pass 1 of a SQLite source, then `between()`, then the later passes.
    final class PausingSource: RecordSource {
        let source: SQLiteRecordSource
        let between: () -> Void
        var label: String { source.label }
        init(_ source: SQLiteRecordSource, between: @escaping () -> Void) {
            self.source = source
            self.between = between
        }
        func scanKeys(_ body: (RecordKeys) throws -> Void) throws {
            try source.scanKeys(body)
            between()
        }
        func scanRecords(_ body: (RecordKeys, FieldValue, UnsafeRawBufferPointer?) throws -> Bool) throws {
            try source.scanRecords(body)
        }
    }

    /// The demo rows shuffled into a table without an integer primary key, in `journalMode`.
    static func shuffledInput(in folder: String, journalMode: String) throws -> (database: String, catalog: String) {
        let (database, catalog) = try S.demoInput(in: folder)
        let writer = try SQLiteDatabase(path: database, readOnly: false)
        try writer.execute("""
            ALTER TABLE verification_results RENAME TO original;
            CREATE TABLE verification_results(id INTEGER, user_id TEXT, verified_at, claimed_environment TEXT, response TEXT);
            INSERT INTO verification_results SELECT * FROM original ORDER BY random();
            DROP TABLE original;
            VACUUM;
            PRAGMA journal_mode = \(journalMode);
            """)
        return (database, catalog)
    }

    /// A writer in another process deletes 1,000 rows and appends 1,000 in a loop while the
    /// input is read. In WAL mode it commits between the passes, which read the snapshot of the
    /// first read all the same; in rollback mode it cannot commit until the reading ends. Either
    /// way no transaction goes to a record that does not hold it, and a whole run meanwhile gives
    /// a report of one snapshot or refuses with one clear line.
    @Test(arguments: ["wal", "delete"])
    func aWriterInAnotherProcessNeverTearsTheReading(journalMode: String) throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-writer-\(journalMode)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, catalogPath) = try Self.shuffledInput(in: folder, journalMode: journalMode)
        let contents = try S.RecordContents(database: database)
        let catalog = try CatalogReader.read(path: catalogPath)
        let writer = try S.Writer(database: database, folder: folder)
        defer { writer.finish() }
        try #require(writer.waitForCommits(above: 0))

        // The header's file change counter, which every commit in rollback mode raises, read
        // through a descriptor closed only once the reading ended (its close would drop the lock).
        let header = open(database, O_RDONLY | O_CLOEXEC)
        try #require(header >= 0)
        defer { close(header) }
        func changeCounter() -> UInt32 {
            var bytes = [UInt8](repeating: 0, count: 4)
            _ = bytes.withUnsafeMutableBytes { pread(header, $0.baseAddress, 4, 24) }
            return bytes.reduce(0) { $0 << 8 | UInt32($1) }
        }

        let source = try SQLiteRecordSource(path: database, query: nil)
        let digests = FileDigests(paths: [database])
        let atStart = (commits: writer.commits, counter: changeCounter())
        var betweenPasses = 0
        let pausing = PausingSource(source) {
            if journalMode == "wal" {
                // Commits between the passes, which the later passes must not see.
                _ = writer.waitForCommits(above: atStart.commits + 1)
            } else {
                // The manifest's digest done (its descriptor closed, before the fix) and time
                // for the writer: the shared lock must still stop it.
                _ = try? digests.hexDigest(ofFileAt: database)
                usleep(600_000)
            }
            betweenPasses = writer.commits
        }
        let result = try JournalPipeline.reference(reader: ResponseReader(), catalog: catalog).run(source: pausing)
        let counterAtEnd = changeCounter()
        source.endReading()
        digests.releaseDescriptors()
        if journalMode == "wal" {
            #expect(betweenPasses > atStart.commits + 1)
        } else {
            #expect(counterAtEnd == atStart.counter)
            let commits = writer.commits
            #expect(writer.waitForCommits(above: commits))  // free to write once the reading ended
            #expect(changeCounter() != atStart.counter)
        }
        #expect(result.journal.counts.read == DemoSample.size)
        let booked = result.journal.transactions.map {
            S.BookedTransaction(transactionID: $0.transactionID, userID: $0.userName, firstRecordID: $0.firstRecordID)
        }
        #expect(booked.count > 1_000)
        #expect(contents.misattributed(booked, sourceID: S.writerSource).map(\.transactionID) == [])

        // Whole runs while the writer goes on: two passes (--reference), then one scan.
        for extra in [["--reference"], []] {
            let out = folder + "/out\(extra.count)"
            let outcome = S.run(["--db", database, "--catalog", catalogPath, "--out", out] + extra)
            if outcome.code == 0 {
                let booked = try S.transactions(in: out)
                #expect(booked.count > 1_000)
                #expect(contents.misattributed(booked, sourceID: S.writerSource).map(\.transactionID) == [], "\(extra)")
                let manifest = try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))))
                #expect(manifest.root["counts"]?["records_read"]?.int64 == Int64(DemoSample.size))
            } else {
                #expect(outcome.code == 1)
                #expect(outcome.message?.contains(database) == true, "\(outcome.message ?? "")")
            }
        }
    }

    // MARK: The lock is SQLite's until its connection closes

    /// The manifest's hash of the input used to close its own descriptor when done, and POSIX
    /// `close` drops every lock the process holds on the file: SQLite's shared lock went, and a
    /// writer could commit in the middle of the reading. Rollback journal, writer in another process.
    @Test func theInputStaysLockedAfterItsDigestIsDone() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-lock")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, _) = try S.demoInput(in: folder)
        #expect(try S.writeOnce(database, timeout: 0.2) == "written")
        let digest = try SHA256.hexDigest(ofFileAt: database)  // not later: its close would drop the lock

        let source = try SQLiteRecordSource(path: database, query: nil)
        let digests = FileDigests(paths: [database])
        #expect(try digests.hexDigest(ofFileAt: database) == digest)
        #expect(try S.writeOnce(database, timeout: 0.2) == "locked")
        var keys = 0
        try source.scanKeys { _ in keys += 1 }
        #expect(keys == DemoSample.size)
        #expect(try S.writeOnce(database, timeout: 0.2) == "locked")

        source.endReading()
        digests.releaseDescriptors()
        #expect(try S.writeOnce(database, timeout: 0.2) == "written")
        source.endReading()  // again: nothing to do
    }

    /// A run ends its reading (and its lock) before it writes the report, and the connection is closed.
    @Test func endReadingClosesTheConnection() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-end")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, _) = try S.demoInput(in: folder)
        let source = try SQLiteRecordSource(path: database, query: nil)
        source.endReading()
        #expect(!source.database.isOpen)
        #expect(throws: SourceError.self) { try source.scanKeys { _ in } }
        #expect(try S.writeOnce(database, timeout: 0.2) == "written")
    }

    // MARK: WAL on read-only media

    /// A WAL database with its `-wal` and `-shm` files gone (closed cleanly), and, when
    /// `walFrames`, a `-wal` file holding a commit the main file lacks.
    static func walDatabase(in folder: String, walFrames: Bool) throws -> String {
        let path = folder + "/results.sqlite"
        let database = try SQLiteDatabase(path: path, readOnly: false)
        try database.execute("""
            PRAGMA journal_mode = WAL;
            CREATE TABLE verification_results(id, user_id, verified_at, claimed_environment, response);
            INSERT INTO verification_results VALUES (1, 'u1', 1704067200000, NULL, '{"status": 21007}');
            """)
        guard walFrames else { return path }
        try database.execute("PRAGMA wal_autocheckpoint = 0; INSERT INTO verification_results VALUES (2, 'u2', 1704067200001, NULL, '{\"status\": 21007}')")
        // Copies of the main file and of its -wal as they are now, without the -shm.
        let copy = folder + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: copy + "/results.sqlite")
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "/results.sqlite-wal")
        return copy + "/results.sqlite"
    }

    /// No `-wal` or `-shm` and a folder that cannot be written (`chattr +i`, which stops root
    /// too; the test says so and checks only the rest where it is not available): SQLite cannot
    /// create the files its WAL mode needs, and the read-only open fails. It is opened again
    /// with `immutable=1`, and a note on stderr says so. Not when a `-wal` holds frames.
    @Test func walDatabaseOnAFolderThatCannotBeWrittenIsReadImmutably() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-wal-ro")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let media = folder + "/media"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        let path = try Self.walDatabase(in: media, walFrames: false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: media) == ["results.sqlite"])
        #expect(SQLiteRecordSource.isInWALMode(path))
        // A folder that can be written: SQLite opens it as usual, and no retry would be made.
        #expect(try SQLiteRecordSource(path: path, query: nil).note == nil)
        #expect(!SQLiteRecordSource.mayReadImmutably(path, after: SQLiteError(code: SQLITE_CANTOPEN, message: "")))
        try? FileManager.default.removeItem(atPath: path + "-shm")
        try? FileManager.default.removeItem(atPath: path + "-wal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: media) == ["results.sqlite"])

        guard ReadOnlyOutputTests.chattr("+i", media) else {
            print("InputSnapshotTests: chattr +i is not available here; the read-only folder is not tested")
            return
        }
        defer { ReadOnlyOutputTests.chattr("-i", media) }
        #expect(!FileManager.default.createFile(atPath: media + "/probe", contents: nil))
        #expect(throws: SQLiteError.self) { _ = try SQLiteDatabase(path: path, readOnly: true).hasTable("verification_results") }
        #expect(SQLiteRecordSource.mayReadImmutably(path, after: SQLiteError(code: SQLITE_CANTOPEN, message: "")))
        #expect(!SQLiteRecordSource.mayReadImmutably(path, after: SQLiteError(code: SQLITE_BUSY, message: "")))
        let source = try SQLiteRecordSource(path: path, query: nil)
        #expect(source.database.isImmutable)
        #expect(source.note == "\(path) is in WAL mode and its folder cannot be written (read-only media): read with immutable=1, without locking")
        source.endReading()
        #expect(S.run(["--db", path, "--out", folder + "/out"]) == (0, nil))
        #expect(try FileManager.default.contentsOfDirectory(atPath: media) == ["results.sqlite"])

        // A -wal holding a commit: read without it, the report would miss it; refused instead.
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        let stale = try Self.walDatabase(in: folder + "/other", walFrames: true)
        let staleFolder = SQLiteRecordSource.folder(of: stale)
        guard ReadOnlyOutputTests.chattr("+i", staleFolder) else { return }
        defer { ReadOnlyOutputTests.chattr("-i", staleFolder) }
        #expect(!SQLiteRecordSource.mayReadImmutably(stale, after: SQLiteError(code: SQLITE_CANTOPEN, message: "")))
        #expect(S.run(["--db", stale, "--out", folder + "/out"]) == (1, "cannot read \(stale): unable to open database file"))
    }

    /// The immutable URI keeps a file name's `?`, `#`, `%` and spaces as a name.
    @Test func immutableURIKeepsEveryByteOfThePath() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-uri")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/odd ?name#1%41é.sqlite"
        try SQLiteDatabase(path: path, readOnly: false).execute("CREATE TABLE t(x); INSERT INTO t VALUES (42)")
        #expect(SQLiteDatabase.immutableURI(path) == "file:" + folder + "/odd%20%3Fname%231%2541%C3%A9.sqlite?immutable=1")
        let database = try SQLiteDatabase(path: path, readOnly: true, immutable: true)
        #expect(database.isImmutable)
        let statement = try database.prepare("SELECT x FROM t")
        #expect(try statement.step())
        #expect(SQLiteRow(statement: statement.handle).int64(0) == 42)
        #expect(SQLiteRecordSource.folder(of: "results.sqlite") == ".")
        #expect(SQLiteRecordSource.folder(of: "/results.sqlite") == "/")
        #expect(SQLiteRecordSource.folder(of: "a/b/results.sqlite") == "a/b")
    }

    // MARK: The user's SQL: exit 64; the file: exit 1

    @Test func errorsOfTheUsersSQLAsItRunsAreUsageErrors() throws {
        let folder = try HostileSupport.temporaryFolder("snapshot-sql")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (database, _) = try S.demoInput(in: folder)
        let out = ["--out", folder + "/out"]
        let loading = "SELECT id, user_id, verified_at, claimed_environment, load_extension('x') AS response FROM verification_results"
        #expect(S.run(["--db", database, "--query", loading] + out) == (64, "--query failed: not authorized"))
        #expect(S.run(["--db", database, "--query", loading, "--reference"] + out) == (64, "--query failed: not authorized"))
        let overflow = "SELECT id, user_id, verified_at, claimed_environment, "
            + "CASE WHEN id > 500 THEN abs(-9223372036854775807 - 1) ELSE response END AS response FROM verification_results"
        #expect(S.run(["--db", database, "--query", overflow] + out) == (64, "--query failed: integer overflow"))
        let orders = "SELECT order_id, user_id, product_id, transaction_id, delivered_at, load_extension('x') AS revoked_at FROM orders"
        #expect(S.run(["--db", database, "--orders-query", orders] + out) == (64, "--orders-query failed: not authorized"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))

        // A file cut short is the file's failure: exit 1.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        let cut = folder + "/cut.sqlite"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let outcome = S.run(["--db", cut] + out)
        #expect(outcome.code == 1)
        #expect(outcome.message?.hasPrefix("cannot read \(cut): ") == true, "\(outcome.message ?? "")")
    }
}
