/// Writes an Office Open XML workbook (`.xlsx`: a zip of SpreadsheetML parts, ECMA-376) as a
/// stream, a row of typed cells at a time, so a sheet of a million rows is never held whole.
///
/// Each sheet has a bold header row, frozen, with an autofilter over the header and every row,
/// and its columns' widths. Cells are inline strings (`t="inlineStr"`: text whatever it looks
/// like), numbers in a format with their fraction digits, date-times, booleans; an empty cell
/// is left out. A sheet holds at most `rowLimit` rows (Excel's 1,048,576, the header
/// included) and its part stays below `sheetByteLimit`: the rows that do not fit go on a
/// continuation sheet, `name (2)`, with the same header. The sheets' parts come first in the
/// archive, in order, then the workbook, its relationships, the styles and the content types
/// (which list the sheets, known only at the end). The same calls give the same bytes.
///
/// Bytes collect in the writer; the caller passes them on with `drain(into:)` (after each
/// batch of rows, say) and after `finish()`.
struct WorkbookWriter {
    private var zip: ZipWriter
    /// The sheets written and the open one, as the workbook will list them.
    private(set) var sheets: [WorkbookParts.Sheet] = []
    /// The open sheet's name as asked for (continuations are named after it) and its columns.
    private var open: (name: String, columns: [WorkbookParts.Column])?
    /// XML of the open sheet not yet handed to the zip writer.
    private var xml: [UInt8] = []
    /// The column of the next cell in the open row, nil between rows.
    private var column: Int?
    /// The number of the open row (1 is the header), as text, for the cell references.
    private var rowNumber: [UInt8] = []
    /// `<c r="` and the letters of each column of the open sheet.
    private var cellStarts: [[UInt8]] = []

    /// Rows per sheet at most, the header included.
    let rowLimit: Int
    /// Bytes per sheet part at most.
    let sheetByteLimit: UInt64

    /// Excel's rows per sheet ("Excel specifications and limits").
    static let excelRowLimit = 1_048_576

    init(rowLimit: Int = WorkbookWriter.excelRowLimit, sheetByteLimit: UInt64 = ZipWriter.maximumEntrySize,
         zip64Threshold: UInt64 = 0xFFFF_FFFF) {
        precondition(rowLimit >= 2, "a sheet holds its header and at least one row")
        self.rowLimit = rowLimit
        self.sheetByteLimit = sheetByteLimit
        zip = ZipWriter(zip64Threshold: zip64Threshold)
    }

    /// Starts a sheet named after `name` (made acceptable and unique, see
    /// `WorkbookParts.sheetName`) with these columns (at least one), and writes its header row.
    mutating func beginSheet(_ name: String, columns: [WorkbookParts.Column]) throws(ZipError) {
        precondition(open == nil, "a sheet is still open")
        precondition(!columns.isEmpty, "a sheet needs at least one column")
        open = (name, columns)
        try startPart()
    }

    /// Starts a row of at most `maximumBytes` of XML; when the open sheet has no room for it,
    /// the sheet ends and a continuation sheet begins.
    mutating func beginRow(maximumBytes: Int) throws(ZipError) {
        precondition(column == nil, "a row is still open")
        guard let sheet = sheets.last, open != nil else { preconditionFailure("no sheet is open") }
        let size = UInt64(xml.count + maximumBytes + WorkbookParts.worksheetEndReserve) + zip.openEntrySize
        if sheet.rowCount >= rowLimit || size > sheetByteLimit {
            try endPart()
            try startPart()
        }
        startRow()
    }

    /// The next cell: text.
    mutating func text(_ value: UnsafeBufferPointer<UInt8>) {
        text(value, style: WorkbookParts.Style.text)
    }

    /// The next cell: a number written as `value` (a plain decimal, see
    /// `SheetValue.exactDecimal`), shown with `digits` fraction digits (0 …
    /// `WorkbookParts.Style.maximumDigits`).
    mutating func number(_ value: UnsafeBufferPointer<UInt8>, digits: Int) {
        precondition((0...WorkbookParts.Style.maximumDigits).contains(digits), "no number format for \(digits) digits")
        startCell(style: WorkbookParts.Style.number(digits: digits), type: nil)
        xml += Self.valueOpen
        xml.append(contentsOf: value)
        xml += Self.valueClose
    }

    /// The next cell: a date-time in UTC, unless the instant is before
    /// `SheetValue.firstDateMillis`; then nothing is written and the result is false.
    mutating func dateTime(_ instant: UnixMillis) -> Bool {
        guard instant.rawValue >= SheetValue.firstDateMillis else { return false }
        startCell(style: WorkbookParts.Style.dateTime, type: nil)
        xml += Self.valueOpen
        _ = SheetValue.appendSerialDateTime(instant, to: &xml)
        xml += Self.valueClose
        return true
    }

    /// The next cell: a boolean (shown TRUE or FALSE).
    mutating func boolean(_ value: Bool) {
        startCell(style: nil, type: Self.booleanType)
        xml += Self.valueOpen
        xml.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        xml += Self.valueClose
    }

    /// The next cell is empty: nothing is written for it.
    mutating func skipCell() {
        guard let current = column else { preconditionFailure("no row is open") }
        column = current + 1
    }

    mutating func endRow() {
        guard column != nil else { preconditionFailure("no row is open") }
        xml += Self.rowClose
        column = nil
        if xml.count >= Self.flushBytes {
            zip.append(xml)
            xml.removeAll(keepingCapacity: true)
        }
    }

    /// Ends the open sheet (and its continuations).
    mutating func endSheet() throws(ZipError) {
        precondition(column == nil, "a row is still open")
        try endPart()
        open = nil
    }

    /// Writes the workbook, its relationships, the styles and the content types, then the
    /// zip's central directory. Nothing may be written afterwards.
    mutating func finish() throws(ZipError) {
        precondition(open == nil, "a sheet is still open")
        precondition(!sheets.isEmpty, "a workbook needs at least one sheet")
        try zip.addEntry("xl/workbook.xml", contents: Array(WorkbookParts.workbook(sheets).utf8))
        try zip.addEntry("xl/_rels/workbook.xml.rels", contents: Array(WorkbookParts.workbookRelationships(sheetCount: sheets.count).utf8))
        try zip.addEntry("xl/styles.xml", contents: Array(WorkbookParts.styles.utf8))
        try zip.addEntry("_rels/.rels", contents: Array(WorkbookParts.packageRelationships.utf8))
        try zip.addEntry("[Content_Types].xml", contents: Array(WorkbookParts.contentTypes(sheetCount: sheets.count).utf8))
        zip.finish()
    }

    /// Bytes written and not yet drained: a caller drains once they pass `flushBytes`, so the
    /// writer never holds more than about that much of a sheet.
    var undrainedByteCount: Int { xml.count + zip.bytes.count }

    /// Hands the bytes written so far to `sink` and forgets them.
    mutating func drain(into sink: ([UInt8]) throws -> Void) rethrows {
        if !xml.isEmpty {  // only ever written inside an open sheet part
            zip.append(xml)
            xml.removeAll(keepingCapacity: true)
        }
        try zip.drain(into: sink)
    }

    /// The whole archive in memory, for tests: `body` writes the sheets, then `finish` runs.
    static func bytes(_ body: (inout WorkbookWriter) throws -> Void) throws -> [UInt8] {
        var writer = WorkbookWriter()
        try body(&writer)
        try writer.finish()
        var bytes: [UInt8] = []
        writer.drain { bytes += $0 }
        return bytes
    }

    // MARK: - Parts and cells

    /// Opens the next sheet part, for the open sheet or its continuation, with the header row.
    private mutating func startPart() throws(ZipError) {
        guard let (name, columns) = open else { preconditionFailure("no sheet is open") }
        let sheetName = WorkbookParts.sheetName(name, taken: sheets.map(\.name))
        sheets.append(WorkbookParts.Sheet(name: sheetName, columnCount: columns.count, rowCount: 0))
        cellStarts = columns.indices.map { index in
            var start = Self.cellOpen
            SheetValue.appendColumnName(index, to: &start)
            return start
        }
        try zip.beginEntry(WorkbookParts.sheetPath(sheets.count))
        xml += Array(WorkbookParts.worksheetStart(columns: columns, selected: sheets.count == 1).utf8)
        startRow()
        for column in columns {
            Array(column.name.utf8).withUnsafeBufferPointer { text($0, style: WorkbookParts.Style.header) }
        }
        endRow()
    }

    private mutating func endPart() throws(ZipError) {
        guard let sheet = sheets.last else { return }
        xml += Array(WorkbookParts.worksheetEnd(columnCount: sheet.columnCount, rowCount: sheet.rowCount).utf8)
        zip.append(xml)
        xml.removeAll(keepingCapacity: true)
        try zip.endEntry()
    }

    private mutating func startRow() {
        sheets[sheets.count - 1].rowCount += 1
        rowNumber.removeAll(keepingCapacity: true)
        MoneyFormat.appendPlain(Int64(sheets[sheets.count - 1].rowCount), minorDigits: 0, to: &rowNumber)
        xml += Self.rowOpen
        xml += rowNumber
        xml += Self.quotedTagEnd
        column = 0
    }

    private mutating func text(_ value: UnsafeBufferPointer<UInt8>, style: Int) {
        startCell(style: style, type: Self.inlineStringType)
        xml += SheetValue.needsPreservedSpace(value) ? Self.preservedTextOpen : Self.textOpen
        SheetValue.appendText(value, to: &xml)
        xml += Self.textClose
    }

    /// `<c r="B2" s="3" t="…">` for the next column of the open row.
    private mutating func startCell(style: Int?, type: [UInt8]?) {
        guard let current = column, let sheet = sheets.last else { preconditionFailure("no row is open") }
        precondition(current < sheet.columnCount, "more cells than columns")
        xml += cellStarts[current]
        xml += rowNumber
        xml.append(UInt8(ascii: "\""))
        if let style { xml += Self.styleAttributes[style] }
        if let type {
            xml += Self.typeAttribute
            xml += type
            xml.append(UInt8(ascii: "\""))
        }
        xml.append(UInt8(ascii: ">"))
        column = current + 1
    }

    /// Sheet XML is handed to the zip writer, and by the caller to the file, in pieces of
    /// about this size.
    static let flushBytes = 1 << 20

    private static let rowOpen = Array(#"<row r=""#.utf8), rowClose = Array("</row>".utf8), quotedTagEnd = Array(#"">"#.utf8)
    private static let cellOpen = Array(#"<c r=""#.utf8), typeAttribute = Array(#" t=""#.utf8)
    /// ` s="0"` … ` s="8"`, one for each style of `WorkbookParts.Style`.
    private static let styleAttributes = (0...WorkbookParts.Style.dateTime).map { Array(#" s="\#($0)""#.utf8) }
    private static let inlineStringType = Array("inlineStr".utf8), booleanType = Array("b".utf8)
    private static let textOpen = Array("<is><t>".utf8), preservedTextOpen = Array(#"<is><t xml:space="preserve">"#.utf8)
    private static let textClose = Array("</t></is></c>".utf8)
    private static let valueOpen = Array("<v>".utf8), valueClose = Array("</v></c>".utf8)
}
