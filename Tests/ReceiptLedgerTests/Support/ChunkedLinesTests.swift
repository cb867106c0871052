import Testing
@testable import ReceiptLedger

@Suite struct ChunkedLinesTests {
    static func lines(_ text: String, chunkSize: Int) throws -> [String] {
        let source = ChunkedBytes(bytes: Array(text.utf8), chunkSize: chunkSize)
        let reader = ChunkedLines { try source.next() }
        var lines: [String] = []
        while let line = try reader.next() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    @Test(arguments: [1, 2, 5, 1_000])
    func splitsOnLineFeedsAcrossChunksAndDropsCarriageReturns(chunkSize: Int) throws {
        #expect(try Self.lines("a\tb\r\n\nc\nlast", chunkSize: chunkSize) == ["a\tb", "", "c", "last"])
        #expect(try Self.lines("one\n", chunkSize: chunkSize) == ["one"])
        #expect(try Self.lines("", chunkSize: chunkSize) == [])
    }

    @Test func countsLines() throws {
        let source = ChunkedBytes(bytes: Array("a\nb\nc".utf8))
        let reader = ChunkedLines { try source.next() }
        _ = try reader.next()
        _ = try reader.next()
        #expect(reader.lineNumber == 2)
    }

    @Test func refusesALineLongerThanAMebibyte() throws {
        let long = [UInt8](repeating: 0x41, count: ChunkedLines.maximumLineLength + 1)
        let source = ChunkedBytes(bytes: Array("header\n".utf8) + long, chunkSize: 4_096)
        let reader = ChunkedLines { try source.next() }
        _ = try reader.next()
        #expect(throws: ChunkedLines.LineTooLong(line: 2)) { try reader.next() }
    }
}
