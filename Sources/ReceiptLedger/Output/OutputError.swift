#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to read or write a file of the report, with the path and the system's reason.
///
/// Its description is the one line the CLI prints before exiting with status 1, e.g.
/// `cannot write reports/x.csv: No space left on device`.
struct OutputError: Error, Equatable, CustomStringConvertible {
    /// What was attempted: `cannot write`, `cannot read`, `cannot create folder`…
    var action: String
    /// The path as the user knows it.
    var path: String
    /// Why, usually `strerror(errno)`.
    var reason: String

    var description: String { "\(action) \(path): \(reason)" }

    /// An error whose reason is the text of a POSIX `errno` value.
    static func posix(_ action: String, _ path: String, errno code: Int32) -> OutputError {
        OutputError(action: action, path: path, reason: String(cString: strerror(code)))
    }
}
