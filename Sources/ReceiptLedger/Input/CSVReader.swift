/// Reads RFC 4180 CSV text into rows of fields, remembering the line each row starts on
/// so that errors can name it. Used for the catalog and `--orders FILE.csv`.
struct CSVReader {
    struct Row {
        var fields: [String]
        /// 1-based line number of the row's first line in the file.
        var line: Int
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
            try forEachRow(in: UnsafeBufferPointer(bytes)) { rows.append($0) }
        }
        return rows
    }

    /// The same reading as `rows(of:)`, handing each row to `body` as soon as it is complete
    /// instead of keeping them all. Half a million orders as an array of rows of `String`s
    /// took more memory than the orders themselves, and left the heap fragmented after; a
    /// reader that streams holds one row at a time. `bytes` must be valid UTF-8 (callers
    /// validate the file first: the fields are decoded without a second check).
    static func forEachRow(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Row) -> Void) throws(ParseError) {
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var fieldWasQuoted = false

        func finishField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func finishRow() {
            finishField()
            if !(fields.count == 1 && fields[0].isEmpty) { body(Row(fields: fields, line: rowLine)) }
            fields.removeAll(keepingCapacity: true)
        }

        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    guard field.isEmpty, !fieldWasQuoted else {
                        throw ParseError(line: line, message: "stray quote inside an unquoted field")
                    }
                    inQuotes = true
                    fieldWasQuoted = true
                case UInt8(ascii: ","):
                    finishField()
                case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                    break
                case UInt8(ascii: "\n"):
                    finishRow()
                    line += 1
                    rowLine = line
                default:
                    if fieldWasQuoted { throw ParseError(line: line, message: "text after a closing quote") }
                    field.append(byte)
                }
            }
            index += 1
        }
        if inQuotes { throw ParseError(line: rowLine, message: "unclosed quoted field") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { finishRow() }
    }
}
