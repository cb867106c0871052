/// A report file that cannot be read as the kind it was given as: not tab-separated, without a
/// known header, not gzip though named `.gz`, damaged gzip, unreadable. One line naming the file
/// and the line (0 when the problem is not on a line); the run maps it to a usage error (exit 64).
///
/// A bad row inside a good file is not this error: it is counted as ignored with its reason.
struct AppleReportError: Error, Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var message: String

    init(file: String, line: Int, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    var description: String {
        line > 0 ? "\(file): line \(line): \(message)" : "\(file): \(message)"
    }
}
