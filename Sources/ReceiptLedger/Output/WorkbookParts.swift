/// The fixed parts of an Office Open XML workbook (ECMA-376 Part 1 §18, Part 2 for the
/// package), written as bytes by `WorkbookWriter`: content types, relationships, the workbook
/// with its sheet list, the styles every cell refers to, and a worksheet's opening and closing.
enum WorkbookParts {
    /// A sheet as the workbook lists it.
    struct Sheet: Equatable {
        var name: String
        var columnCount: Int
        /// Rows written, the header row included.
        var rowCount: Int
    }

    /// A column of a sheet: the header text and the width in characters.
    struct Column: Equatable, Sendable {
        var name: String
        var width: Int
    }

    /// Cell formats (indexes into `cellXfs` of `styles`).
    enum Style {
        /// Bold text: the header row.
        static let header = 1
        /// Text (number format `@`, so a value typed over it stays text).
        static let text = 2
        /// A number with `digits` fraction digits (0 … 4): `0`, `0.0`, `0.00`, `0.000`, `0.0000`.
        static func number(digits: Int) -> Int { 3 + digits }
        /// The most fraction digits a number format exists for.
        static let maximumDigits = 4
        /// A date-time to the millisecond: `yyyy-mm-dd hh:mm:ss.000`.
        static let dateTime = 8
    }

    static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
    static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationshipNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let packageRelationshipNamespace = "http://schemas.openxmlformats.org/package/2006/relationships"

    static func sheetPath(_ number: Int) -> String { "xl/worksheets/sheet\(number).xml" }

    static func contentTypes(sheetCount: Int) -> String {
        var xml = declaration + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
        xml += #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
        xml += #"<Default Extension="xml" ContentType="application/xml"/>"#
        xml += #"<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#
        xml += #"<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>"#
        for number in stride(from: 1, through: sheetCount, by: 1) {
            xml += #"<Override PartName="/\#(sheetPath(number))" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
        }
        return xml + "</Types>"
    }

    static let packageRelationships = declaration + #"<Relationships xmlns="\#(packageRelationshipNamespace)">"#
        + #"<Relationship Id="rId1" Type="\#(relationshipNamespace)/officeDocument" Target="xl/workbook.xml"/>"#
        + "</Relationships>"

    /// Sheet `n` is relationship `rIdn`; the styles come after the sheets.
    static func workbookRelationships(sheetCount: Int) -> String {
        var xml = declaration + #"<Relationships xmlns="\#(packageRelationshipNamespace)">"#
        for number in stride(from: 1, through: sheetCount, by: 1) {
            xml += #"<Relationship Id="rId\#(number)" Type="\#(relationshipNamespace)/worksheet" Target="worksheets/sheet\#(number).xml"/>"#
        }
        xml += #"<Relationship Id="rId\#(sheetCount + 1)" Type="\#(relationshipNamespace)/styles" Target="styles.xml"/>"#
        return xml + "</Relationships>"
    }

    /// The sheet list, and for each sheet the range of its autofilter as Excel records it
    /// (`_xlnm._FilterDatabase`, hidden, local to the sheet).
    static func workbook(_ sheets: [Sheet]) -> String {
        var xml = declaration + #"<workbook xmlns="\#(mainNamespace)" xmlns:r="\#(relationshipNamespace)">"#
        xml += #"<bookViews><workbookView activeTab="0"/></bookViews><sheets>"#
        for (index, sheet) in sheets.enumerated() {
            xml += #"<sheet name="\#(attribute(sheet.name))" sheetId="\#(index + 1)" r:id="rId\#(index + 1)"/>"#
        }
        xml += "</sheets><definedNames>"
        for (index, sheet) in sheets.enumerated() {
            let quoted = "'" + sheet.name.replacingOccurrences(of: "'", with: "''") + "'"
            let range = "$A$1:$\(SheetValue.columnName(sheet.columnCount - 1))$\(sheet.rowCount)"
            xml += #"<definedName name="_xlnm._FilterDatabase" localSheetId="\#(index)" hidden="1">\#(text(quoted))!\#(range)</definedName>"#
        }
        return xml + "</definedNames></workbook>"
    }

    /// Two fonts (regular, bold) and the cell formats of `Style`; number formats from 164 on
    /// are the workbook's own (ECMA-376 §18.8.30 lists the built-in ones: 1 is `0`, 2 `0.00`,
    /// 49 `@`).
    static let styles = declaration + #"<styleSheet xmlns="\#(mainNamespace)">"#
        + #"<numFmts count="4"><numFmt numFmtId="164" formatCode="0.0"/><numFmt numFmtId="165" formatCode="0.000"/>"#
        + #"<numFmt numFmtId="166" formatCode="0.0000"/><numFmt numFmtId="167" formatCode="yyyy-mm-dd hh:mm:ss.000"/></numFmts>"#
        + #"<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>"#
        + #"<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>"#
        + #"<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>"#
        + #"<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"#
        + #"<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>"#
        + #"<cellXfs count="9"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>"#
        + #"<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>"#
        + #"<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>"#
        + #"<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>"#
        + "</styleSheet>"

    /// A worksheet up to its first row: the header row frozen (ECMA-376 §18.3.1.66, pane),
    /// the column widths.
    static func worksheetStart(columns: [Column], selected: Bool) -> String {
        var xml = declaration + #"<worksheet xmlns="\#(mainNamespace)">"#
        xml += #"<sheetViews><sheetView\#(selected ? #" tabSelected="1""# : "") workbookViewId="0">"#
        xml += #"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>"#
        xml += #"<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>"#
        xml += #"<sheetFormatPr defaultRowHeight="15"/><cols>"#
        for (index, column) in columns.enumerated() {
            xml += #"<col min="\#(index + 1)" max="\#(index + 1)" width="\#(column.width)" customWidth="1"/>"#
        }
        return xml + "</cols><sheetData>"
    }

    /// A worksheet after its last row: the autofilter over the header and every row.
    static func worksheetEnd(columnCount: Int, rowCount: Int) -> String {
        #"</sheetData><autoFilter ref="A1:\#(SheetValue.columnName(columnCount - 1))\#(rowCount)"/></worksheet>"#
    }

    /// The longest `worksheetEnd` can be (a million rows, thousands of columns fit well within).
    static let worksheetEndReserve = 128

    /// Text escaped for an attribute value in double quotes.
    static func attribute(_ value: String) -> String {
        text(value).replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Text escaped for element content.
    static func text(_ value: String) -> String {
        var bytes: [UInt8] = []
        Array(value.utf8).withUnsafeBufferPointer { SheetValue.appendText($0, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Sheet names

    /// The most characters a sheet name has in Excel.
    static let maximumSheetNameLength = 31

    /// A name Excel accepts for a sheet, unique among `taken` (compared case-insensitively, as
    /// Excel does): `[ ] : * ? / \` and controls become `_`, a leading or trailing `'` is
    /// dropped, `History` (reserved) and an empty name get a suffix, the name is cut to 31
    /// characters, and a repeated one ends in ` (2)`, ` (3)` … within those 31.
    static func sheetName(_ base: String, taken: [String]) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in base.unicodeScalars {
            let forbidden = "[]:*?/\\".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF
            scalars.append(forbidden ? "_" : scalar)
        }
        var name = String(scalars)
        while name.hasPrefix("'") { name.removeFirst() }
        while name.hasSuffix("'") { name.removeLast() }
        if name.isEmpty || name.lowercased() == "history" { name += "_sheet" }
        let lowered = Set(taken.map { $0.lowercased() })
        var candidate = cut(name, to: maximumSheetNameLength)
        var number = 2
        while lowered.contains(candidate.lowercased()) {
            let suffix = " (\(number))"
            candidate = cut(name, to: maximumSheetNameLength - suffix.utf16.count) + suffix
            number += 1
        }
        return candidate
    }

    /// The longest prefix of `text` within `length` UTF-16 units (Excel counts those), whole
    /// characters only, without a trailing `'`.
    private static func cut(_ text: String, to length: Int) -> String {
        var result = ""
        var units = 0
        for character in text {
            units += character.utf16.count
            guard units <= length else { break }
            result.append(character)
        }
        while result.hasSuffix("'") { result.removeLast() }
        return result
    }
}
