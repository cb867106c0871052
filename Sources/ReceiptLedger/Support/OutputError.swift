#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to read or write a file of the report, with the path and the system's reason.
///
/// Its description is the one line the CLI prints before exiting, e.g.
/// `cannot write reports/x.csv: No space left on device` (exit 1). A `refusal` (the report
/// folder holds what the tool did not write) is the user's choice of folder, so exit 64; `busy`
/// (another run holds the folder's lock) exits 1 like any failure.
package struct OutputError: Error, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        /// The system said no (a full disk, a read-only folder): exit 1.
        case failure
        /// `--out` names a folder the tool must not write into as it is: exit 64.
        case refusal
        /// Another run is writing the same report folder: exit 1.
        case busy
    }

    /// What was attempted: `cannot write`, `cannot read`, `cannot create folder`, `refusing --out`…
    var action: String
    /// The path as the user knows it.
    var path: String
    /// Why, usually `strerror(errno)`.
    var reason: String
    var kind = Kind.failure

    package var description: String { "\(action) \(path): \(reason)" }

    /// An error whose reason is the text of a POSIX `errno` value.
    static func posix(_ action: String, _ path: String, errno code: Int32) -> OutputError {
        OutputError(action: action, path: path, reason: String(cString: strerror(code)))
    }

    /// `refusing --out <folder>: <reason>`.
    static func refusal(_ folder: String, _ reason: String) -> OutputError {
        OutputError(action: "refusing --out", path: folder, reason: reason, kind: .refusal)
    }
}
