/// Reads RFC 4180 CSV text into rows of fields, remembering the line each row starts on
/// so that errors can name it. Used for the catalog and `--orders FILE.csv`.
struct CSVReader {
    struct Row {
        var fields: [String]
        /// 1-based line number of the row's first line in the file.
        var line: Int
    }

    /// One row's fields as unescaped UTF-8, valid only during the call that is handed it.
    struct Fields {
        /// 1-based line number of the row's first line in the file.
        let line: Int
        /// The fields' bytes back to back; field `i` ends at `ends[i]`.
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let ends: UnsafeBufferPointer<Int>

        var count: Int { ends.count }

        /// Field `i`'s bytes (empty when the row has fewer fields).
        subscript(i: Int) -> UnsafeBufferPointer<UInt8> {
            guard i < ends.count else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
            let start = i == 0 ? 0 : ends[i - 1]
            return UnsafeBufferPointer(rebasing: bytes[start..<ends[i]])
        }

        var strings: [String] { (0..<count).map { String(decoding: self[$0], as: UTF8.self) } }
    }

    struct ParseError: Error {
        var line: Int
        var message: String
    }

    /// Splits `text` into rows. Accepts `\n` and `\r\n` line ends, quoted fields with doubled
    /// quotes and embedded line breaks, and a UTF-8 byte-order mark. Blank lines are skipped.
    static func rows(of text: String) throws(ParseError) -> [Row] {
        var rows: [Row] = []
        var utf8 = Array(text.utf8)
        try utf8.withUnsafeMutableBufferPointer { (bytes) throws(ParseError) in
            try forEachRow(in: UnsafeBufferPointer(bytes)) { rows.append(Row(fields: $0.strings, line: $0.line)) }
        }
        return rows
    }

    /// The same reading as `rows(of:)`, handing each row to `body` as soon as it is complete,
    /// as bytes, so that a large orders file is never held as rows of `String`s (more memory
    /// than the orders themselves, and a `String` to make per field; figures:
    /// Benchmarks/EXPERIMENTS.md, "Kept" › CSVReader). `bytes` must be valid UTF-8 (callers
    /// validate the file first: fields are not checked again).
    ///
    /// A field is read whole at a time: an unquoted one up to its `,` or line end (a `"` inside
    /// it is an error), a quoted one up to its closing quote (`""` stands for one `"`), which
    /// must be followed by a `,`, a line end or the end of the text. A line end is `\n` or
    /// `\r\n`; a lone `\r` is part of the field. A row of one empty field (a blank line) is
    /// skipped.
    static func forEachRow(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Fields) -> Void) throws(ParseError) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let count = bytes.count
        var rowBytes: [UInt8] = []
        var ends: [Int] = []
        var line = 1
        var rowLine = 1
        /// At `index`, the `\n` or `\r\n` that ends a line.
        func isLineEnd(_ index: Int) -> Bool {
            bytes[index] == lf || (bytes[index] == cr && index + 1 < count && bytes[index + 1] == lf)
        }
        func finishRow() {
            if !(ends.count == 1 && ends[0] == 0) {
                rowBytes.withUnsafeBufferPointer { fieldBytes in
                    ends.withUnsafeBufferPointer { body(Fields(line: rowLine, bytes: fieldBytes, ends: $0)) }
                }
            }
            rowBytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }

        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while true {
            // One field, starting at `index`.
            if index < count, bytes[index] == quote {
                index += 1
                while true {
                    guard index < count else { throw ParseError(line: rowLine, message: "unclosed quoted field") }
                    let byte = bytes[index]
                    index += 1
                    if byte == quote {
                        guard index < count, bytes[index] == quote else { break }
                        index += 1
                    } else if byte == lf {
                        line += 1
                    }
                    rowBytes.append(byte)
                }
                if index < count, bytes[index] != comma, !isLineEnd(index) {
                    throw ParseError(line: line, message: "text after a closing quote")
                }
            } else {
                let start = index
                while index < count, bytes[index] != comma, !isLineEnd(index) {
                    if bytes[index] == quote { throw ParseError(line: line, message: "stray quote inside an unquoted field") }
                    index += 1
                }
                rowBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            ends.append(rowBytes.count)
            // What ends it: a comma, a line end or the end of the text.
            if index == count {
                finishRow()
                return
            }
            if bytes[index] == comma {
                index += 1
                continue
            }
            index += bytes[index] == cr ? 2 : 1
            finishRow()
            line += 1
            rowLine = line
        }
    }
}
