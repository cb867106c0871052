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
