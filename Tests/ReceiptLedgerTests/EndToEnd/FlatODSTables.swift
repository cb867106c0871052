import Foundation
import FoundationXML

/// Every sheet of a flat ODS document (`.fods`, what `HeadlessLibreOffice.convertToFlatODS`
/// returns) with its cells as LibreOffice holds them, read with an XML parser (a workbook of
/// thousands of rows is too large for patterns): repeated rows and cells expanded, trailing
/// empty cells and rows dropped, text with its `<text:s>`, `<text:tab/>`, line breaks and
/// paragraphs.
final class FlatODSTables: NSObject, XMLParserDelegate {
    struct Table {
        var name: String
        var rows: [[HeadlessLibreOffice.Cell]]
    }

    private(set) var tables: [Table] = []
    private var row: [HeadlessLibreOffice.Cell] = []
    private var rowRepeat = 1
    private var cell: HeadlessLibreOffice.Cell?
    private var cellRepeat = 1
    private var paragraphs: [String] = []
    private var paragraph: String?

    /// The sheets of `data`, or nil when it is no well-formed XML. (Read from a stream:
    /// `XMLParser(data:)` fails at the end of a document of more than 10 MB, libxml2's limit
    /// for one push.)
    static func read(_ data: Data) -> [Table]? {
        let reader = FlatODSTables()
        let parser = XMLParser(stream: InputStream(data: data))
        parser.delegate = reader
        return parser.parse() ? reader.tables : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "table:table":
            tables.append(Table(name: attributes["table:name"] ?? "", rows: []))
        case "table:table-row":
            row = []
            rowRepeat = Int(attributes["table:number-rows-repeated"] ?? "") ?? 1
        case "table:table-cell", "table:covered-table-cell":
            cell = HeadlessLibreOffice.Cell(formula: attributes["table:formula"], valueType: attributes["office:value-type"], text: "",
                                            value: attributes["office:value"] ?? attributes["office:date-value"]
                                                ?? attributes["office:boolean-value"])
            cellRepeat = Int(attributes["table:number-columns-repeated"] ?? "") ?? 1
            paragraphs = []
        case "text:p":
            paragraph = ""
        case "text:s":
            paragraph? += String(repeating: " ", count: Int(attributes["text:c"] ?? "") ?? 1)
        case "text:tab":
            paragraph? += "\t"
        case "text:line-break":
            paragraph? += "\n"
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        paragraph? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "text:p":
            if let paragraph { paragraphs.append(paragraph) }
            paragraph = nil
        case "table:table-cell", "table:covered-table-cell":
            guard var cell else { return }
            cell.text = paragraphs.joined(separator: "\n")
            let isEmpty = cell.valueType == nil && cell.text.isEmpty
            row += Array(repeating: cell, count: isEmpty ? min(cellRepeat, 1_024) : cellRepeat)
            self.cell = nil
        case "table:table-row":
            while let last = row.last, last.valueType == nil, last.text.isEmpty { row.removeLast() }
            guard !tables.isEmpty else { return }
            tables[tables.count - 1].rows += Array(repeating: row, count: row.isEmpty ? min(rowRepeat, 1_024) : rowRepeat)
        case "table:table":
            guard !tables.isEmpty else { return }
            while tables[tables.count - 1].rows.last?.isEmpty == true { tables[tables.count - 1].rows.removeLast() }
        default:
            break
        }
    }
}
