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
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }

        func finishField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func finishRow() {
            finishField()
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(fields: fields, line: rowLine)) }
            fields.removeAll(keepingCapacity: true)
        }

        var index = 0
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
        return rows
    }
}
