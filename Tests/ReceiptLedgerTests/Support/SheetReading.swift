import Foundation
import FoundationXML
@testable import ReceiptLedger

/// A worksheet part (`xl/worksheets/sheetN.xml`) read back as a spreadsheet application reads
/// it, for the tests: each cell's reference, type and style, and its value (an inline
/// string's text with ECMA-376 §22.4.2.4 `_xHHHH_` escapes decoded, else the `<v>` text).
/// Written apart from the workbook writer, from the standard.
final class SheetReading: NSObject, XMLParserDelegate {
    struct Cell: Equatable {
        /// The column, from 0.
        var column: Int
        /// `t`: `inlineStr`, `b`, or nil for a number.
        var type: String?
        /// `s`: the cell format, or nil.
        var style: Int?
        var value: String
    }

    private(set) var rows: [[Cell]] = []
    private var cell: Cell?
    private var text: String?

    /// The rows of a worksheet part, or nil when it is no well-formed XML.
    static func rows(_ xml: [UInt8]) -> [[Cell]]? {
        let reader = SheetReading()
        let parser = XMLParser(stream: InputStream(data: Data(xml)))
        parser.delegate = reader
        return parser.parse() ? reader.rows : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "row":
            rows.append([])
        case "c":
            cell = Cell(column: Self.column(attributes["r"] ?? ""), type: attributes["t"], style: attributes["s"].flatMap { Int($0) },
                        value: "")
        case "t", "v":
            text = ""
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "t":
            cell?.value += Self.decoded(text ?? "")
            text = nil
        case "v":
            cell?.value += text ?? ""
            text = nil
        case "c":
            if let cell, !rows.isEmpty { rows[rows.count - 1].append(cell) }
            cell = nil
        default:
            break
        }
    }

    /// `B12` → 1: the letters of a cell reference as a column index.
    static func column(_ reference: String) -> Int {
        var index = 0
        for scalar in reference.unicodeScalars {
            guard ("A"..."Z").contains(scalar) else { break }
            index = index * 26 + Int(scalar.value - 64)
        }
        return index - 1
    }

    /// ST_Xstring: each `_xHHHH_` is the UTF-16 code unit HHHH (so `_x005F_` is `_`).
    static func decoded(_ text: String) -> String {
        let units = Array(text.utf16)
        var result: [UInt16] = []
        var index = 0
        while index < units.count {
            if index + 6 < units.count, units[index] == 0x5F, units[index + 1] == 0x78, units[index + 6] == 0x5F,
               units[(index + 2)..<(index + 6)].allSatisfy(isHexDigit),
               let value = UInt16(String(decoding: units[(index + 2)..<(index + 6)], as: UTF16.self), radix: 16) {
                result.append(value)
                index += 7
            } else {
                result.append(units[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF16.self)
    }

    private static func isHexDigit(_ unit: UInt16) -> Bool {
        (0x30...0x39).contains(unit) || (0x41...0x46).contains(unit) || (0x61...0x66).contains(unit)
    }
}
