/// Bad usage: an unknown option, a missing file, an unreadable catalog. Printed as one line
/// on stderr; the exit code is 64 (sysexits EX_USAGE).
package struct UsageError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
    package init(_ message: String) { self.message = message }
}

/// A failure that is not the user's wording: cannot open the input, cannot write the report.
/// Exit code 1.
package struct FatalError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
    package init(_ message: String) { self.message = message }
}
