import Foundation
import ReceiptLedger

/// The baseline every figure is compared with: reading the `response` column and nothing
/// else, `sqlite3 FILE "SELECT sum(length(response)) FROM verification_results"`.
///
/// The issue states its target against that command, so `bench` times the command itself, a
/// process started and waited for like each pipeline run (`measureCommand`). It also times
/// the same query in its own process (`measure`: the same SQLite library and read-only
/// connection settings as `run`, without starting a process), which is what it compared with
/// before and what it falls back on when no `sqlite3` command is installed.
enum PlainRead {
    static let sql = "SELECT sum(length(response)) FROM verification_results"

    struct Result {
        var seconds: Double
        /// `sum(length(response))`: characters of the response texts.
        var responseCharacters: Int64
    }

    static func measure(path: String) throws -> Result {
        let started = BenchClock.now()
        let total: Int64
        do { total = try SQLiteDatabase.integer(path: path, sql: sql) } catch {
            throw FatalError("cannot read \(path): \(error.message)")
        }
        return Result(seconds: BenchClock.now() - started, responseCharacters: total)
    }

    /// The `sqlite3` command on the `PATH`, or nil.
    static var command: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `sqlite3 PATH SQL` as a child process, which writes its sum to `logPath`.
    static func measureCommand(_ command: String, path: String, logPath: String) throws -> Result {
        let run = try ChildRun.run([path, sql], executable: command, logPath: logPath)
        let output = ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.exitCode == 0, let total = Int64(output) else {
            throw FatalError("\(command) \(path) failed with exit code \(run.exitCode): \(output)")
        }
        return Result(seconds: run.seconds, responseCharacters: total)
    }
}
