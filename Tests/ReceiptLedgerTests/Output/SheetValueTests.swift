import Testing
@testable import ReceiptLedger

@Suite struct SheetValueTests {
    static func escaped(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { SheetValue.appendText($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    static func escaped(_ text: String) -> String { escaped(Array(text.utf8)) }

    /// ECMA-376 §22.4.2.4: what XML 1.0 cannot hold is `_xHHHH_`; `_x` and four hex digits of
    /// the text get their `_` escaped so that no reader decodes them.
    static let escapes: [(String, String)] = [
        ("plain 0042", "plain 0042"),
        ("a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d\"e'f"),
        ("tab\there\nline", "tab\there\nline"),
        ("cr\rlf", "cr_x000D_lf"),
        ("nul\u{0}bel\u{7}esc\u{1B}us\u{1F}", "nul_x0000_bel_x0007_esc_x001B_us_x001F_"),
        ("del\u{7F} c1\u{85} nbsp\u{A0}", "del\u{7F} c1\u{85} nbsp\u{A0}"),
        ("\u{FFFE}\u{FFFF}\u{FFFD}", "_xFFFE__xFFFF_\u{FFFD}"),
        ("_x0041_", "_x005F_x0041_"),
        ("a_x00e9 and _xBEEF", "a_x005F_x00e9 and _x005F_xBEEF"),
        ("_x004", "_x004"), ("_x00G1_", "_x00G1_"), ("_X0041_", "_X0041_"), ("__x1234", "__x005F_x1234"),
        ("=1+1", "=1+1"), ("日本語 🎉", "日本語 🎉"),
    ]

    @Test(arguments: escapes)
    func textIsEscapedForXMLAndExcel(text: String, expected: String) {
        #expect(Self.escaped(text) == expected)
    }

    @Test func invalidUTF8BecomesTheReplacementCharacter() {
        #expect(Self.escaped([0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x82]) == "a\u{FFFD}b\u{FFFD}(\u{FFFD}")
        #expect(Self.escaped([0xED, 0xA0, 0x80]) == "\u{FFFD}\u{FFFD}\u{FFFD}")  // a UTF-16 surrogate
    }

    @Test func aTextLongerThanExcelsCellLimitIsCutWithAnEllipsis() {
        let fits = String(repeating: "a", count: 32_767)
        #expect(Self.escaped(fits) == fits)
        #expect(Self.escaped(fits + "b") == String(repeating: "a", count: 32_766) + "…")
        // 🎉 is two UTF-16 units: the cut never splits it.
        let emoji = String(repeating: "a", count: 32_765) + "🎉🎉"
        #expect(Self.escaped(emoji) == String(repeating: "a", count: 32_765) + "…")
        let escapes = String(repeating: "\u{1}", count: 40_000)
        #expect(Self.escaped(escapes) == String(repeating: "_x0001_", count: 32_766) + "…")
    }

    @Test func whiteSpaceAtEitherEndNeedsPreserving() {
        for (text, preserve) in [("a b", false), (" a", true), ("a ", true), ("\ta", true), ("a\n", true), ("", false)] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(SheetValue.needsPreservedSpace) == preserve, "\(text.debugDescription)")
        }
    }

    /// A plain decimal's fraction digits, or nil: not plain, or more than 15 significant digits.
    static let decimals: [(String, Int?)] = [
        ("0", 0), ("120", 0), ("-0.99", 2), ("0.00", 2), ("12.345", 3), ("1.0000", 4),
        ("999999999999999", 0), ("9999999999999999", nil), ("123456789012.345", 3), ("1234567890123.456", nil),
        ("100000000000000000", 0), ("1000000000000000.00", 2), ("0.000000000000001", 15),
        ("", nil), ("-", nil), ("1.", nil), (".5", nil), ("1e3", nil), ("1,5", nil), ("+1", nil), (" 1", nil),
        ("0042", nil), ("00", nil), ("-0", nil), ("-0.00", nil), ("1.2.3", nil), ("2025-01-01", nil),
    ]

    @Test(arguments: decimals)
    func exactDecimalsAreNumbersOthersAreNot(text: String, digits: Int?) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(SheetValue.exactDecimal) == digits)
    }

    /// Serial date-times: days since 1899-12-30 and the day's fraction, exact to 10 digits.
    static let serials: [(String, String?)] = [
        ("1970-01-01T00:00:00.000Z", "25569"),
        ("1900-03-01T00:00:00.000Z", "61"),
        ("1900-02-28T23:59:59.999Z", nil),
        ("2024-07-01T12:00:00.000Z", "45474.5"),
        ("2024-07-01T04:37:00.000Z", "45474.1923611111"),
        ("2024-07-01T00:00:00.001Z", "45474.0000000116"),
        ("2024-07-01T23:59:59.999Z", "45474.9999999884"),
        ("9998-12-31T23:59:59.999Z", "2958100.9999999884"),
    ]

    @Test(arguments: serials)
    func instantsBecomeExactSerialDateTimes(iso: String, serial: String?) throws {
        let instant = try #require(Array(iso.utf8).withUnsafeBufferPointer(SheetValue.instant(iso8601:)))
        #expect(instant.iso8601 == iso)
        var output: [UInt8] = []
        let written = SheetValue.appendSerialDateTime(instant, to: &output)
        #expect(written == (serial != nil))
        #expect(String(decoding: output, as: UTF8.self) == (serial ?? ""))
    }

    @Test func everyMillisecondOfADaySurvivesTheSerialAsADouble() {
        let day = CivilDate(year: 2024, month: 7, day: 1).daysSinceEpoch * UnixMillis.millisPerDay
        for millis in stride(from: Int64(0), to: UnixMillis.millisPerDay, by: 997) {
            var output: [UInt8] = []
            _ = SheetValue.appendSerialDateTime(UnixMillis(day + millis), to: &output)
            let serial = Double(String(decoding: output, as: UTF8.self)) ?? 0
            let back = ((serial - 25_569) * 86_400_000).rounded()
            #expect(Int64(back) == day + millis, "\(millis) ms into the day")
        }
    }

    @Test func onlyTextsAsTheReportWritesThemReadAsInstants() {
        for text in ["2024-02-30T00:00:00.000Z", "2024-07-01T24:00:00.000Z", "2024-07-01T04:37:00Z", "2024-07-01 04:37:00.000Z",
                     "2024-07-01T04:37:60.000Z", "2024-13-01T00:00:00.000Z", "+2024-07-01T04:37:00.000Z", "not a date", ""] {
            #expect(Array(text.utf8).withUnsafeBufferPointer(SheetValue.instant(iso8601:)) == nil, "\(text)")
        }
    }

    @Test func columnsAreNamedWithLetters() {
        #expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(SheetValue.columnName)
                == ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA", "XFD"])
    }

    @Test func sheetNamesAreMadeAcceptableAndUnique() {
        #expect(WorkbookParts.sheetName("transactions", taken: []) == "transactions")
        #expect(WorkbookParts.sheetName("transactions", taken: ["Transactions"]) == "transactions (2)")
        #expect(WorkbookParts.sheetName("transactions", taken: ["transactions", "transactions (2)"]) == "transactions (3)")
        #expect(WorkbookParts.sheetName("a/b\\c[d]e:f*g?h", taken: []) == "a_b_c_d_e_f_g_h")
        #expect(WorkbookParts.sheetName("'quoted'", taken: []) == "quoted")
        #expect(WorkbookParts.sheetName("History", taken: []) == "History_sheet")
        #expect(WorkbookParts.sheetName("", taken: []) == "_sheet")
        let long = String(repeating: "x", count: 40)
        #expect(WorkbookParts.sheetName(long, taken: []) == String(repeating: "x", count: 31))
        #expect(WorkbookParts.sheetName(long, taken: [String(repeating: "x", count: 31)]) == String(repeating: "x", count: 27) + " (2)")
        #expect(WorkbookParts.sheetName(String(repeating: "🎉", count: 20), taken: []) == String(repeating: "🎉", count: 15))
    }
}
