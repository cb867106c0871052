import Foundation
import Testing
@testable import ReceiptLedger

@Suite struct WorkbookWriterTests {
    static let columns = [WorkbookParts.Column(name: "id", width: 18), WorkbookParts.Column(name: "amount", width: 14),
                          WorkbookParts.Column(name: "at", width: 23), WorkbookParts.Column(name: "ok", width: 8)]

    /// Rows alternating between text, number, date-time (2024-07-01T04:37:00.123Z), boolean,
    /// and text with spaces, two empty cells (one a date before 1900-03-01), a boolean.
    static func smallWorkbook(rowLimit: Int = WorkbookWriter.excelRowLimit, rows: Int = 2) throws -> [UInt8] {
        var writer = WorkbookWriter(rowLimit: rowLimit)
        try writer.beginSheet("sheet & co", columns: columns)
        for row in 0..<rows {
            try writer.beginRow(maximumBytes: 1_000)
            if row % 2 == 0 {
                Array("0042".utf8).withUnsafeBufferPointer { writer.text($0) }
                Array("-0.99".utf8).withUnsafeBufferPointer { writer.number($0, digits: 2) }
                let dated = writer.dateTime(UnixMillis(1_719_808_620_123))
                #expect(dated)
                writer.boolean(true)
            } else {
                Array(" a<b ".utf8).withUnsafeBufferPointer { writer.text($0) }
                writer.skipCell()
                let dated = writer.dateTime(UnixMillis(-2_208_988_800_000))  // 1900-01-01: no date
                #expect(!dated)
                writer.skipCell()
                writer.boolean(false)
            }
            writer.endRow()
        }
        try writer.endSheet()
        try writer.finish()
        var bytes: [UInt8] = []
        writer.drain { bytes += $0 }
        return bytes
    }

    static let sheetStart = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
        + #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#

    @Test func aSmallSheetIsExactlyThisXML() throws {
        let zip = try StoredZip(try Self.smallWorkbook())
        let expected = Self.sheetStart
            + #"<sheetViews><sheetView tabSelected="1" workbookViewId="0">"#
            + #"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>"#
            + #"<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>"#
            + #"<sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="1" width="18" customWidth="1"/>"#
            + #"<col min="2" max="2" width="14" customWidth="1"/><col min="3" max="3" width="23" customWidth="1"/>"#
            + #"<col min="4" max="4" width="8" customWidth="1"/></cols><sheetData>"#
            + #"<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>id</t></is></c><c r="B1" s="1" t="inlineStr"><is><t>amount</t></is></c>"#
            + #"<c r="C1" s="1" t="inlineStr"><is><t>at</t></is></c><c r="D1" s="1" t="inlineStr"><is><t>ok</t></is></c></row>"#
            + #"<row r="2"><c r="A2" s="2" t="inlineStr"><is><t>0042</t></is></c><c r="B2" s="5"><v>-0.99</v></c>"#
            + #"<c r="C2" s="8"><v>45474.1923625347</v></c><c r="D2" t="b"><v>1</v></c></row>"#
            + #"<row r="3"><c r="A3" s="2" t="inlineStr"><is><t xml:space="preserve"> a&lt;b </t></is></c><c r="D3" t="b"><v>0</v></c></row>"#
            + #"</sheetData><autoFilter ref="A1:D3"/></worksheet>"#
        #expect(zip.text("xl/worksheets/sheet1.xml") == expected)
    }

    @Test func theWorkbookListsTheSheetsAndTheirFilters() throws {
        let zip = try StoredZip(try Self.smallWorkbook())
        #expect(zip.entries.map(\.name) == ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
                                            "xl/styles.xml", "_rels/.rels", "[Content_Types].xml"])
        #expect(zip.entries.map(\.usesDataDescriptor) == [true, false, false, false, false, false])
        let workbook = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
            + #"<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" "#
            + #"xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">"#
            + #"<bookViews><workbookView activeTab="0"/></bookViews><sheets><sheet name="sheet &amp; co" sheetId="1" r:id="rId1"/></sheets>"#
            + #"<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'sheet &amp; co'!$A$1:$D$3</definedName>"#
            + "</definedNames></workbook>"
        #expect(zip.text("xl/workbook.xml") == workbook)
        let types = try #require(zip.text("[Content_Types].xml"))
        #expect(types.contains(#"<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#))
        #expect(!types.contains("sheet2"))
        #expect(zip.text("xl/_rels/workbook.xml.rels")?.contains(#"<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>"#) == true)
        for entry in zip.entries { #expect(StoredZip.xmlProblem(entry.contents) == nil, "\(entry.name)") }
    }

    @Test func rowsPastTheRowLimitGoOnContinuationSheets() throws {
        // Three rows a sheet (the header and two): five rows fill three sheets.
        let zip = try StoredZip(try Self.smallWorkbook(rowLimit: 3, rows: 5))
        #expect(zip.entries.prefix(3).map(\.name) == (1...3).map(WorkbookParts.sheetPath))
        let workbook = try #require(zip.text("xl/workbook.xml"))
        #expect(workbook.contains(#"<sheet name="sheet &amp; co" sheetId="1" r:id="rId1"/><sheet name="sheet &amp; co (2)" sheetId="2" r:id="rId2"/><sheet name="sheet &amp; co (3)" sheetId="3" r:id="rId3"/>"#))
        #expect(workbook.contains(#"localSheetId="2" hidden="1">'sheet &amp; co (3)'!$A$1:$D$2</definedName>"#))
        for number in 1...3 {
            let sheet = try #require(zip.text(WorkbookParts.sheetPath(number)))
            #expect(sheet.contains(#"<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>id</t></is></c>"#), "sheet \(number) has the header")
            #expect(sheet.contains("tabSelected") == (number == 1))
            #expect(sheet.hasSuffix(#"<autoFilter ref="A1:D\#(number == 3 ? 2 : 3)"/></worksheet>"#), "sheet \(number)")
        }
        #expect(zip.text(WorkbookParts.sheetPath(3))?.contains(#"<row r="2"><c r="A2" s="2" t="inlineStr"><is><t>0042</t>"#) == true)
    }

    @Test func aRowThatWouldTakeTheSheetPastItsByteLimitStartsAContinuation() throws {
        var writer = WorkbookWriter(sheetByteLimit: 2_000)
        try writer.beginSheet("big", columns: [WorkbookParts.Column(name: "text", width: 20)])
        let text = Array(String(repeating: "x", count: 400).utf8)
        for _ in 0..<5 {
            try writer.beginRow(maximumBytes: 500)
            text.withUnsafeBufferPointer { writer.text($0) }
            writer.endRow()
        }
        try writer.endSheet()
        #expect(writer.sheets.map(\.name) == ["big", "big (2)", "big (3)"])
        #expect(writer.sheets.map(\.rowCount) == [3, 3, 2])
        try writer.finish()
        var bytes: [UInt8] = []
        writer.drain { bytes += $0 }
        let zip = try StoredZip(bytes)
        for number in 1...3 { #expect((zip.entries[number - 1].contents.count) <= 2_000, "sheet \(number)") }
    }

    @Test func theStylesDefineEveryFormatTheCellsUse() throws {
        let styles = WorkbookParts.styles
        #expect(StoredZip.xmlProblem(Array(styles.utf8)) == nil)
        let formats = styles.matches(of: /<xf numFmtId="(\d+)" fontId="(\d)"/).map { (String($0.1), String($0.2)) }
        // The cell formats, index by index: General (cellStyleXfs), then cellXfs 0 … 8.
        #expect(formats.map(\.0) == ["0", "0", "49", "49", "1", "164", "2", "165", "166", "167"])
        #expect(formats[WorkbookParts.Style.header + 1].1 == "1")
        #expect(styles.contains(#"<numFmt numFmtId="167" formatCode="yyyy-mm-dd hh:mm:ss.000"/>"#))
        #expect(styles.contains(#"<numFmt numFmtId="165" formatCode="0.000"/>"#))
    }
}
