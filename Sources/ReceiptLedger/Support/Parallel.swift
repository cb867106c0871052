import Dispatch
import Synchronization

/// Work cut into independent parts that run on several cores at once.
enum Parallel {
    /// `body(0)`, …, `body(parts - 1)` on up to `parts` threads at once (the calling thread is
    /// one of them); returns the results in part order, so the outcome does not depend on
    /// which part finishes first.
    static func map<Part: Sendable>(_ parts: Int, _ body: @Sendable (Int) -> Part) -> [Part] {
        let results = Mutex<[Part?]>(Array(repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { index in
            let part = body(index)
            results.withLock { $0[index] = part }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Runs the jobs on several threads, each thread taking the next job in list order when
    /// done with one (put long jobs first); returns their results in list order.
    static func run<Value: Sendable>(_ jobs: [@Sendable () throws -> Value]) -> [Result<Value, any Error>] {
        map(jobs.count) { index in Result { try jobs[index]() } }
    }
}
