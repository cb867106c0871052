/// Splits a stream of byte chunks into lines, holding only the line being read: LF ends a line,
/// a CR before it is dropped, the last line needs no LF. Used on report files, plain or through
/// `GzipReader`.
final class ChunkedLines {
    /// A line longer than this is refused: a text report never has one, and an input without line
    /// ends (a binary file, a decompression bomb) must not be held in memory whole.
    static let maximumLineLength = 1 << 20

    struct LineTooLong: Error, Equatable {
        var line: Int
    }

    private let nextChunk: () throws -> [UInt8]?
    private var chunk: [UInt8] = []
    private var index = 0
    private var ended = false
    /// The number of the line last returned (1 for the first).
    private(set) var lineNumber = 0

    init(_ nextChunk: @escaping () throws -> [UInt8]?) {
        self.nextChunk = nextChunk
    }

    /// The next line without its line end, or nil at the end of the input.
    func next() throws -> [UInt8]? {
        var line: [UInt8] = []
        while true {
            if index == chunk.count {
                guard !ended, let next = try nextChunk() else {
                    ended = true
                    if line.isEmpty { return nil }
                    return finish(line)
                }
                chunk = next
                index = 0
                continue
            }
            if let newline = chunk[index...].firstIndex(of: 0x0A) {
                line += chunk[index..<newline]
                index = newline + 1
                guard line.count <= Self.maximumLineLength else { throw LineTooLong(line: lineNumber + 1) }
                return finish(line)
            }
            line += chunk[index...]
            index = chunk.count
            guard line.count <= Self.maximumLineLength else { throw LineTooLong(line: lineNumber + 1) }
        }
    }

    private func finish(_ line: [UInt8]) -> [UInt8] {
        lineNumber += 1
        return line.last == 0x0D ? Array(line.dropLast()) : line
    }
}
