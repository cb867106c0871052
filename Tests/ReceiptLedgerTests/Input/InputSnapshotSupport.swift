import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// What the snapshot tests need: demo inputs, the records' own word on what they hold, a
/// writer in another process, and a report's transactions.
enum InputSnapshotSupport {
    static let allColumns = "SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results"

    /// The demo sample (3,000 records with every pitfall, an orders table) as a SQLite file and
    /// its catalog in `folder`.
    static func demoInput(in folder: String) throws -> (database: String, catalog: String) {
        let database = folder + "/receipts.sqlite", catalog = folder + "/catalog.csv"
        try DemoSample.generator.writeSQLite(to: database)
        try DemoSample.generator.writeCatalog(to: catalog)
        return (database, catalog)
    }

    static func run(_ arguments: [String]) -> (code: Int32, message: String?) {
        CommandLineTool.outcome(["run"] + arguments + ["--templates", HostileSupport.templatesPath])
    }

    /// Every CSV file of a report folder with its bytes, by name.
    static func csvFiles(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".csv") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    /// One row of `transactions.csv`: what the tests check against the records.
    struct BookedTransaction {
        var transactionID: String
        var userID: String
        var firstRecordID: Int64
    }

    static func transactions(in folder: String) throws -> [BookedTransaction] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/transactions.csv")))
        var header: [String]?
        var rows: [BookedTransaction] = []
        try bytes.withUnsafeBufferPointer { buffer in
            try CSVReader.forEachRow(in: buffer) { row in
                let cells = row.strings
                guard let names = header else {
                    header = cells
                    return
                }
                func cell(_ name: String) -> String { names.firstIndex(of: name).map { cells[$0] } ?? "" }
                rows.append(BookedTransaction(transactionID: cell("transaction_id"), userID: cell("user_id"),
                                              firstRecordID: Int64(cell("first_record_id")) ?? -1))
            }
        }
        return rows
    }

    /// What each record id's rows hold, read from the records themselves: the transaction ids
    /// the response reader finds in their answers, and their users.
    struct RecordContents {
        var transactionIDs: [Int64: Set<String>] = [:]
        var users: [Int64: Set<String>] = [:]

        init(database path: String) throws {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            let scratch = ResponseReader.Scratch()
            let reader = ResponseReader()
            try database.prepare("SELECT id, user_id, response FROM verification_results").forEachRow { row in
                guard row.type(0) == .integer else { return }
                let id = row.int64(0)
                if let user = row.text(1) { users[id, default: []].insert(user) }
                let parsed = row.type(2) == .null ? reader.read(bytes: nil, scratch: scratch)
                    : row.withBytes(2) { reader.read(bytes: $0, scratch: scratch) }
                for copy in parsed.transactions { transactionIDs[id, default: []].insert(copy.copy.transactionID) }
            }
        }

        /// The transactions booked to a record that does not hold them (or under another user).
        func misattributed(_ booked: [BookedTransaction], sourceID: (Int64) -> (id: Int64, userPrefix: String) = { ($0, "") })
            -> [BookedTransaction] {
            booked.filter { transaction in
                let (id, prefix) = sourceID(transaction.firstRecordID)
                let holds = transactionIDs[id]?.contains(transaction.transactionID) ?? false
                let user = users[id]?.contains { prefix + $0 == transaction.userID } ?? false
                return !(holds && user)
            }
        }
    }

    /// `python3` (or the first program of `command`) run to its end: its exit status and stdout.
    @discardableResult
    static func runProcess(_ command: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// One write in another process (POSIX locks are per process: a connection of this one
    /// would share its locks): `written`, or `locked` when it waited `timeout` seconds in vain.
    static func writeOnce(_ path: String, timeout: Double) throws -> String {
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], timeout=float(sys.argv[2]), isolation_level=None)
            try:
                c.execute("BEGIN IMMEDIATE")
                c.execute("UPDATE verification_results SET user_id = user_id WHERE rowid = (SELECT min(rowid) FROM verification_results)")
                c.execute("COMMIT")
                print("written")
            except sqlite3.OperationalError as e:
                print("locked" if "locked" in str(e) else "error: " + str(e))
            """
        return try runProcess(["python3", "-c", script, path, String(timeout)]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A writer in another process that, until `stop` exists, deletes up to 1,000 rows at random
    /// and appends them again under new ids (`k * 10_000_000 + id`) and users (`w<k>:user`),
    /// one commit each time, and counts its commits in `count` (rewritten whole). Rows keep
    /// their answers, so a record still says what it holds whatever snapshot a run reads.
    static let writerScript = """
        import os, sqlite3, sys, time
        path, stop, count = sys.argv[1], sys.argv[2], sys.argv[3]
        c = sqlite3.connect(path, timeout=0.1, isolation_level=None)
        c.execute("CREATE TEMP TABLE gone(rid, id, user_id, verified_at, claimed_environment, response)")
        k = 0
        while not os.path.exists(stop):
            try:
                c.execute("BEGIN IMMEDIATE")
                c.execute("DELETE FROM temp.gone")
                c.execute("INSERT INTO temp.gone SELECT rowid, id, user_id, verified_at, claimed_environment, response "
                          "FROM verification_results WHERE typeof(id) = 'integer' AND typeof(user_id) = 'text' "
                          "ORDER BY random() LIMIT 1000")
                c.execute("DELETE FROM verification_results WHERE rowid IN (SELECT rid FROM temp.gone)")
                c.execute("INSERT INTO verification_results(id, user_id, verified_at, claimed_environment, response) "
                          "SELECT ? * 10000000 + id % 10000000, 'w' || ? || ':' || "
                          "CASE WHEN user_id GLOB 'w[0-9]*:*' THEN substr(user_id, instr(user_id, ':') + 1) ELSE user_id END, "
                          "verified_at, claimed_environment, response FROM temp.gone", (k + 1, k + 1))
                c.execute("COMMIT")
                k += 1
                with open(count + ".new", "w") as f:
                    f.write(str(k))
                os.replace(count + ".new", count)
            except sqlite3.OperationalError:
                if c.in_transaction:
                    c.execute("ROLLBACK")
                time.sleep(0.01)
        """

    /// The writer of `writerScript`, started, with what it takes to stop it.
    final class Writer {
        let process = Process()
        let stop: String
        let count: String

        init(database: String, folder: String) throws {
            stop = folder + "/writer.stop"
            count = folder + "/writer.count"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", InputSnapshotSupport.writerScript, database, stop, count]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
        }

        var commits: Int {
            (try? String(contentsOfFile: count, encoding: .utf8)).flatMap { Int($0) } ?? 0
        }

        /// Waits until the writer has committed `count` times more than `than` (at most 30 s).
        func waitForCommits(above than: Int) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while commits <= than {
                guard Date() < deadline, process.isRunning else { return false }
                usleep(10_000)
            }
            return true
        }

        func finish() {
            _ = FileManager.default.createFile(atPath: stop, contents: nil)
            process.waitUntilExit()
        }
    }

    /// The writer's record ids mapped back: the id of the row it copied, and the user prefix.
    static func writerSource(_ id: Int64) -> (id: Int64, userPrefix: String) {
        let round = id / 10_000_000
        return (id % 10_000_000, round == 0 ? "" : "w\(round):")
    }
}
