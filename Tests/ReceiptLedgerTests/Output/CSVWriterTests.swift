import Testing
@testable import ReceiptLedger

@Suite struct CSVWriterTests {
    static let guardCases: [(CSVCell, String)] = [
        (.text("=1+1"), "'=1+1"),
        (.text("+49 30"), "'+49 30"),
        (.text("-abc"), "'-abc"),
        (.text("@SUM(A1)"), "'@SUM(A1)"),
        (.text("\tX"), "'\tX"),
        (.text("\rX"), "\"'\rX\""),
        (.text("a,b"), "\"a,b\""),
        (.text("he said \"x\""), "\"he said \"\"x\"\"\""),
        (.text("line\nbreak"), "\"line\nbreak\""),
        (.text("=a,b"), "\"'=a,b\""),
        (.text("plain"), "plain"),
        (.text("café 😀"), "café 😀"),
        (.text("a=b"), "a=b"),
        (.text(""), ""),
        (.number("-0.99"), "-0.99"),
        (.number("+1"), "+1"),
        (.number("1,5"), "\"1,5\""),
        (.integer(Int64(-12)), "-12"),
        (.integer(1_700_000_000_123), "1700000000123"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.empty, ""),
        (.text(orEmpty: nil), ""),
        (.text(orEmpty: "-x"), "'-x"),
    ]

    @Test(arguments: guardCases)
    func cellIsGuardedAndQuotedPerRFC4180(cell: CSVCell, written: String) {
        var table = CSVTable(header: ["c"])
        table.append([cell])
        #expect(String(decoding: table.serialized(), as: UTF8.self) == "c\n\(written)\n")
    }

    /// Issue 21 item 5: the guard judges the cell as a spreadsheet sees it, after leading
    /// controls, spaces and invisible characters, and for full-width and small formula signs.
    static let hiddenFormulaCases: [(String, String)] = [
        ("\u{0}=1+1", "'\u{0}=1+1"),
        (" =1+1", "' =1+1"),
        ("   -2", "'   -2"),
        ("\u{A0}=1+1", "'\u{A0}=1+1"),
        ("\u{200B}=1+1", "'\u{200B}=1+1"),
        ("\u{FEFF}@SUM(1)", "'\u{FEFF}@SUM(1)"),
        ("\n=1+1", "\"'\n=1+1\""),
        ("\r\n=1+1", "\"'\r\n=1+1\""),
        ("\u{1}\u{1F}\u{7F}\u{85}+1", "'\u{1}\u{1F}\u{7F}\u{85}+1"),
        ("\u{1680}\u{2007}\u{2028}\u{202F}\u{205F}\u{3000}=1", "'\u{1680}\u{2007}\u{2028}\u{202F}\u{205F}\u{3000}=1"),
        ("\u{202E}\u{2066}\u{2069}\u{200F}-1", "'\u{202E}\u{2066}\u{2069}\u{200F}-1"),
        ("\u{AD}\u{34F}\u{180E}\u{2060}\u{FE0F}\u{E0041}=1", "'\u{AD}\u{34F}\u{180E}\u{2060}\u{FE0F}\u{E0041}=1"),
        (" \t=1", "' \t=1"),
        ("\u{FF1D}1+1", "'\u{FF1D}1+1"),
        ("\u{FF0B}1", "'\u{FF0B}1"),
        ("\u{FF0D}1", "'\u{FF0D}1"),
        ("\u{FF20}SUM(1)", "'\u{FF20}SUM(1)"),
        ("\u{FE62}1", "'\u{FE62}1"),
        ("\u{FE63}1", "'\u{FE63}1"),
        ("\u{FE66}1", "'\u{FE66}1"),
        ("\u{FE6B}x", "'\u{FE6B}x"),
        ("\u{3000}\u{FF1D}1", "'\u{3000}\u{FF1D}1"),
        ("\u{200B}=a,b", "\"'\u{200B}=a,b\""),
        // Not formulas: what follows the invisible run is ordinary text, or the sign is not first.
        (" abc", " abc"),
        (" ", " "),
        ("\u{0}", "\u{0}"),
        ("\u{200B}abc", "\u{200B}abc"),
        ("\n x", "\"\n x\""),
        (" a=1", " a=1"),
        ("a\u{0}=1", "a\u{0}=1"),
        ("'=1", "'=1"),
        ("é=1", "é=1"),
        ("\u{FF11}=1", "\u{FF11}=1"),
        ("\u{2212}1", "\u{2212}1"),
    ]

    @Test(arguments: hiddenFormulaCases)
    func formulaAfterInvisibleCharactersIsGuarded(text: String, written: String) {
        var table = CSVTable(header: ["c"])
        table.append([.text(text)])
        #expect(Array(String(decoding: table.serialized(), as: UTF8.self).unicodeScalars)
                == Array("c\n\(written)\n".unicodeScalars))
    }

    /// The streamed writer decides the guard with the same function: the same bytes as the
    /// cell table for every case, from a `String` and from an `IDText`.
    @Test func streamedRowsGuardLikeTheCellTable() {
        let texts = Self.hiddenFormulaCases.map(\.0) + Self.guardCases.compactMap {
            if case .text(let value) = $0.0 { value } else { nil }
        }
        var table = CSVTable(header: ["a", "b"])
        var rows = CSVRowWriter()
        rows.header(["a", "b"])
        for text in texts {
            table.append([.text(text), .text(text)])
            rows.text(text)
            rows.text(IDText(text))
            rows.endRow()
        }
        #expect(rows.bytes == table.serialized())
    }

    /// Numbers are never guarded, whatever they hold.
    @Test func numberCellsAreNeverGuarded() {
        var table = CSVTable(header: ["n"])
        for value in [" -1", "\u{0}=1", "\u{FF0D}1"] { table.append([.number(value)]) }
        #expect(table.serialized() == Array("n\n -1\n\u{0}=1\n\u{FF0D}1\n".utf8))
    }

    @Test func fileHasHeaderAndNewlineAfterEveryLine() {
        var table = CSVTable(header: ["environment", "transaction_id", "amount"])
        table.append([.text("Production"), .text("1000"), .number("4.99")])
        table.append([.text("Sandbox"), .empty, .number("-0.99")])
        #expect(table.rowCount == 2)
        #expect(table[row: 1, column: 2] == .number("-0.99"))
        let text = String(decoding: table.serialized(), as: UTF8.self)
        #expect(text == "environment,transaction_id,amount\nProduction,1000,4.99\nSandbox,,-0.99\n")
    }

    @Test func emptyTableIsOnlyTheHeader() {
        let table = CSVTable(header: ["finding", "order_id"])
        #expect(table.serialized() == Array("finding,order_id\n".utf8))
    }

    @Test func chunkedSerializationMatchesWhole() {
        var table = CSVTable(header: ["id", "text"])
        for index in 0..<500 { table.append([.integer(index), .text("row \(index), \"q\"")]) }
        var chunks: [[UInt8]] = []
        table.serialize(chunkBytes: 256) { chunks.append($0) }
        #expect(chunks.count > 10)
        #expect(chunks.flatMap { $0 } == table.serialized())
    }

    @Test func textSortsByCodePointNotCanonicalEquivalence() {
        let values = ["😀", "é", "e\u{301}", "a", "Z", "e", "", "ab"]
        var table = CSVTable(header: ["v"])
        for value in values { table.append([.text(value)]) }
        let sorted = table.sorted(keyColumns: 1)
        let order = (0..<sorted.rowCount).map { sorted[row: $0, column: 0].rawValue }
        #expect(order.map { Array($0.unicodeScalars) }
                == ["", "Z", "a", "ab", "e", "e\u{301}", "é", "😀"].map { Array($0.unicodeScalars) })
    }

    @Test func sortComparesRawValueNotGuardedOne() {
        var table = CSVTable(header: ["v"])
        for value in ["b", "-a", "'c", "a"] { table.append([.text(value)]) }
        let text = String(decoding: table.sorted(keyColumns: 1).serialized(), as: UTF8.self)
        // Raw order: "'c" (0x27) < "-a" (0x2D) < "a" < "b"; "-a" is written guarded.
        #expect(text == "v\n'c\n'-a\na\nb\n")
    }

    @Test func numericKeyColumnSortsIntegersByValueThenText() {
        var table = CSVTable(header: ["finding", "order_id"])
        for id in ["10", "", "2", "abc", "-3", "007", "7", "100000000000000000000000", "-20", "0", "-0"] {
            table.append([.text("f"), .text(id)])
        }
        let sorted = table.sorted(keyColumns: 2, numericKeyColumns: [1])
        let order = (0..<sorted.rowCount).map { sorted[row: $0, column: 1].rawValue }
        #expect(order == ["-20", "-3", "-0", "0", "2", "007", "7", "10",
                          "100000000000000000000000", "", "abc"])
    }

    @Test func equalKeysAreOrderedByRemainingColumns() {
        var table = CSVTable(header: ["kind", "record_id", "detail"])
        table.append([.text("b"), .number("2"), .text("y")])
        table.append([.text("a"), .number("10"), .text("z")])
        table.append([.text("a"), .number("2"), .text("y")])
        table.append([.text("a"), .number("2"), .text("x")])
        table.append([.text("a"), .number("10"), .text("a")])
        let text = String(decoding: table.sorted(keyColumns: 2, numericKeyColumns: [1]).serialized(),
                          as: UTF8.self)
        #expect(text == "kind,record_id,detail\na,2,x\na,2,y\na,10,a\na,10,z\nb,2,y\n")
    }

    @Test func remainingNumericColumnTieBreaksNumerically() {
        var table = CSVTable(header: ["k", "n"])
        for n in ["10", "9", "x", "-1"] { table.append([.text("k"), .number(n)]) }
        let sorted = table.sorted(keyColumns: 1, numericKeyColumns: [1])
        #expect((0..<4).map { sorted[row: $0, column: 1].rawValue } == ["-1", "9", "10", "x"])
    }

    @Test func sortIsIndependentOfInputOrder() {
        var rows: [[CSVCell]] = []
        for index in 0..<300 {
            rows.append([.text(index % 3 == 0 ? "Sandbox" : "Production"),
                         .number(String((index * 7919) % 101)), .text("d\(index % 5)")])
        }
        var forward = CSVTable(header: ["e", "id", "d"])
        var backward = CSVTable(header: ["e", "id", "d"])
        for row in rows { forward.append(row) }
        for row in rows.reversed() { backward.append(row) }
        #expect(forward.sorted(keyColumns: 2, numericKeyColumns: [1]).serialized()
                == backward.sorted(keyColumns: 2, numericKeyColumns: [1]).serialized())
    }

    @Test func sortKeysAgreeWithTheReferenceComparison() {
        let pool = ["", "0", "-0", "7", "007", "-7", "10", "9", "-10", "a", "A", "é", "e\u{301}", "😀",
                    "1a", "-", "12345678901234567890", "a,b", "=x", "Z"]
        var table = CSVTable(header: ["text", "id", "rest"])
        var state: UInt64 = 7
        func pick() -> String {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return pool[Int(state >> 33) % pool.count]
        }
        for _ in 0..<3000 { table.append([.text(pick()), .text(pick()), .number(pick())]) }
        let sorted = table.sorted(keyColumns: 2, numericKeyColumns: [1])
        for row in 1..<sorted.rowCount {
            let previous = sorted.row(row - 1).map(\.rawValue), current = sorted.row(row).map(\.rawValue)
            var order = CSVOrdering.compareText(previous[0], current[0])
            if order == 0 { order = CSVOrdering.compareNumeric(previous[1], current[1]) }
            if order == 0 { order = CSVOrdering.compareText(previous[2], current[2]) }
            #expect(order <= 0, "rows \(row - 1) and \(row): \(previous) then \(current)")
        }
    }
}
