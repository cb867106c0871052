import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// `CSVReader` reads a field at a time into bytes; these compare it, on many random texts made
/// of the characters that matter, with the byte-at-a-time reader it replaced (kept here as the
/// reference): the same rows, lines and fields, or the same error at the same line.
@Suite struct CSVReaderTests {
    /// The reader as it was: one byte at a time, a `String` per field.
    private static func referenceRows(_ bytes: [UInt8]) -> Result<[CSVReader.Row], CSVReader.ParseError> {
        var rows: [CSVReader.Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, rowLine = 1
        var inQuotes = false, fieldWasQuoted = false
        func finishField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll()
            fieldWasQuoted = false
        }
        func finishRow() {
            finishField()
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(CSVReader.Row(fields: fields, line: rowLine)) }
            fields.removeAll()
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
                        return .failure(CSVReader.ParseError(line: line, message: "stray quote inside an unquoted field"))
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
                    if fieldWasQuoted { return .failure(CSVReader.ParseError(line: line, message: "text after a closing quote")) }
                    field.append(byte)
                }
            }
            index += 1
        }
        if inQuotes { return .failure(CSVReader.ParseError(line: rowLine, message: "unclosed quoted field")) }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { finishRow() }
        return .success(rows)
    }

    private static func rows(_ bytes: [UInt8]) -> Result<[CSVReader.Row], CSVReader.ParseError> {
        Result { () throws(CSVReader.ParseError) in try CSVReader.rows(of: String(decoding: bytes, as: UTF8.self)) }
    }

    private static func describe(_ result: Result<[CSVReader.Row], CSVReader.ParseError>) -> String {
        switch result {
        case .success(let rows): return rows.map { "\($0.line):\($0.fields)" }.joined(separator: " ")
        case .failure(let error): return "error at \(error.line): \(error.message)"
        }
    }

    @Test func readsLikeTheByteAtATimeReader() {
        let alphabet: [[UInt8]] = ["a", "b", ",", "\"", "\r", "\n", " ", "\r\n", "\"\"", "é"].map { Array($0.utf8) }
        var random = DemoRandom(seed: 11)
        var errors = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = random.below(8) == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<random.below(14) { bytes += alphabet[Int(random.below(UInt64(alphabet.count)))] }
            let expected = Self.describe(Self.referenceRows(bytes))
            #expect(Self.describe(Self.rows(bytes)) == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if expected.hasPrefix("error") { errors += 1 }
        }
        // Both outcomes were exercised often.
        #expect(errors > 2_000 && errors < 18_000)
    }

    @Test func fieldsGiveEachFieldsBytes() throws {
        var seen: [(line: Int, count: Int, fields: [String], past: Int)] = []
        let text = Array("x,\"a\"\"b\",\n\n\"multi\nline\",z\r\n".utf8)
        try text.withUnsafeBufferPointer { bytes in
            try CSVReader.forEachRow(in: bytes) { row in
                seen.append((row.line, row.count, row.strings, row[row.count].count))
            }
        }
        #expect(seen.map(\.line) == [1, 3])
        #expect(seen.map(\.count) == [3, 2])
        #expect(seen.map(\.fields) == [["x", "a\"b", ""], ["multi\nline", "z"]])
        #expect(seen.map(\.past) == [0, 0])  // a field past the row's end is empty
    }
}
