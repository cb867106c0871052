import Foundation

/// The baseline every figure is compared with: reading the `response` column and nothing
/// else, as `sqlite3 FILE "SELECT sum(length(response)) FROM verification_results"` does,
/// through the same SQLite library and the same read-only connection settings as `run`.
enum PlainRead {
    static let sql = "SELECT sum(length(response)) FROM verification_results"

    struct Result {
        var seconds: Double
        /// `sum(length(response))`: characters of the response texts.
        var responseCharacters: Int64
    }

    static func measure(path: String) throws -> Result {
        let started = BenchClock.now()
        let database: SQLiteDatabase
        do { database = try SQLiteDatabase(path: path, readOnly: true) } catch {
            throw FatalError("cannot open \(path): \(error.message)")
        }
        var total: Int64 = 0
        do {
            let statement = try database.prepare(sql)
            try statement.forEachRow { row in total = row.int64(0) }
        } catch {
            throw FatalError("cannot read \(path): \(error)")
        }
        return Result(seconds: BenchClock.now() - started, responseCharacters: total)
    }
}

/// Monotonic seconds, for durations only (never written to a report).
enum BenchClock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
