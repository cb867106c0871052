/// Bad usage: an unknown option, a missing file, an unreadable catalog. Printed as one line
/// on stderr; the exit code is 64 (sysexits EX_USAGE).
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// A failure that is not the user's wording: cannot open the input, cannot write the report.
/// Exit code 1.
struct FatalError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
    init(_ message: String) { self.message = message }
}

/// Exit codes (STYLE: 0 fine, 64 usage, 65 rejected records under --strict, 1 fatal).
enum ExitCode {
    static let success: Int32 = 0
    static let fatal: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let interrupted: Int32 = 130
}
