import Dispatch

/// A computation that runs on another thread while the caller goes on; `value()` waits for it.
///
/// The report's later stages are independent of one another in part (the reconciliation of the
/// orders and the ledgers; the HTML pages and the CSV files): on two cores they overlap. The
/// result is the same whichever finishes first, since nothing is shared but the inputs.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once by the background work, read only after `done` has been waited for.
    private var result: Result<Value, any Error> = .failure(CancellationError())

    init(_ work: @escaping @Sendable () throws -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = Result { try work() }
            done.leave()
        }
    }

    /// The work's result (or its error), once it is done.
    func value() throws -> Value {
        done.wait()
        return try result.get()
    }
}
