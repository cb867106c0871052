import Dispatch

/// A computation that runs on another thread while the caller goes on; `value()` waits for it.
///
/// The report's later stages are independent of one another in part (the reconciliation of the
/// orders and the ledgers; the HTML pages and the CSV files): on two cores they overlap. The
/// result is the same whichever finishes first, since nothing is shared but the inputs. Work
/// that cannot fail (`Failure` is `Never`) gives a `value()` that cannot fail either.
final class BackgroundWork<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once by the background work, read only after `done` has been waited for.
    private var result: Result<Value, Failure>?

    init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = Result { () throws(Failure) -> Value in try work() }
            done.leave()
        }
    }

    /// The work's result (or its error), once it is done.
    func value() throws(Failure) -> Value {
        done.wait()
        guard let result else { preconditionFailure("the work sets its result before it is done") }
        return try result.get()
    }
}
