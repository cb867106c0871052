import Foundation
@testable import ReceiptLedger

extension ReportInvariants {
    /// `report.xlsx` (issue 25), however hostile the values: a zip whose every entry reads
    /// back with its CRC, every part well-formed XML 1.0, one sheet per CSV file in file order
    /// named after it, and each sheet the CSV file's header and rows, every cell its value:
    /// text exactly (`_xHHHH_` decoded, cut with `…` past 32,767 UTF-16 units), a number its
    /// decimal text, a date-time its instant to the millisecond, a boolean its `true`/`false`,
    /// no cell where the value is empty.
    static func workbookViolations(_ bytes: [UInt8], _ tables: [(name: String, table: CSVTable)]) -> [String] {
        let zip: StoredZip
        do { zip = try StoredZip(bytes) } catch { return ["report.xlsx: \(error)"] }
        var found: [String] = []
        for entry in zip.entries {
            if let problem = StoredZip.xmlProblem(entry.contents) { found.append("report.xlsx \(entry.name): \(problem)") }
        }
        let names = (zip.text("xl/workbook.xml") ?? "").matches(of: /<sheet name="([^"]*)"/).map { String($0.1) }
        guard names == tables.map({ ReportWorkbook.sheetName(ofFile: $0.name) }) else { return found + ["report.xlsx: sheets \(names)"] }
        for (number, (name, table)) in tables.enumerated() {
            let part = zip.entries.first { $0.name == WorkbookParts.sheetPath(number + 1) }
            guard let rows = part.flatMap({ SheetReading.rows($0.contents) }) else {
                found.append("report.xlsx \(name): no readable sheet")
                continue
            }
            guard rows.count == table.rowCount + 1 else {
                found.append("report.xlsx \(name): \(rows.count) rows for \(table.rowCount) and the header")
                continue
            }
            let header = rows[0].map(\.value)
            if header != table.header { found.append("report.xlsx \(name): header \(header)") }
            for (index, row) in rows.dropFirst().enumerated() {
                var cells = row.makeIterator()
                var next = cells.next()
                for column in 0..<table.columnCount {
                    let raw = table[row: index, column: column].rawValue
                    guard let cell = next, cell.column == column else {
                        if !raw.isEmpty { found.append("report.xlsx \(name) row \(index + 2) \(table.header[column]): no cell for \(raw.debugDescription)") }
                        continue
                    }
                    next = cells.next()
                    if let problem = cellProblem(cell, raw: raw) {
                        found.append("report.xlsx \(name) row \(index + 2) \(table.header[column]): \(problem)")
                    }
                }
                if next != nil { found.append("report.xlsx \(name) row \(index + 2): more cells than columns") }
            }
        }
        return found
    }

    private static func cellProblem(_ cell: SheetReading.Cell, raw: String) -> String? {
        switch (cell.type, cell.style) {
        case ("inlineStr", _):
            let expected = cut(raw)
            return sameBytes(cell.value, expected) ? nil : "text \(cell.value.debugDescription) for \(expected.debugDescription)"
        case ("b", _):
            return (cell.value == "1" ? "true" : cell.value == "0" ? "false" : "?") == raw ? nil : "boolean \(cell.value) for \(raw)"
        case (nil, WorkbookParts.Style.dateTime):
            guard let serial = Double(cell.value) else { return "date \(cell.value)" }
            let millis = Int64(((serial - 25_569) * 86_400_000).rounded())
            return UnixMillis(millis).iso8601 == raw ? nil : "date \(cell.value) for \(raw)"
        case (nil, _):
            return cell.value == raw && isPlainNumber(raw) ? nil : "number \(cell.value) for \(raw.debugDescription)"
        default:
            return "cell type \(cell.type ?? "")"
        }
    }

    /// A text as a cell holds it: past 32,767 UTF-16 units, the scalars that fit in 32,766 and `…`.
    private static func cut(_ text: String) -> String {
        guard text.utf16.count > SheetValue.maximumTextLength else { return text }
        var units = 0
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            units += scalar.utf16.count
            guard units <= SheetValue.maximumTextLength - 1 else { break }
            kept.append(scalar)
        }
        return String(kept) + "…"
    }
}
