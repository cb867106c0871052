/// `report.xlsx`: every CSV file of the run as a sheet of one workbook, typed by its columns
/// (issue 25), so that a spreadsheet opens the ledgers without changing a value.
///
/// One sheet per CSV file, in file-name order, named after the file (`transactions`), with the
/// same rows and columns in the same order, from the same rows (`ReportCSV.forEachRawSlice`).
/// Each cell is typed by its column's `ReportColumn.Kind`, when its value reads as that kind:
/// - text (ids, codes, names): a text cell, so `2000000100007540`, `0042`,
///   `123456789012345678` and `2025-01-01` stay as written; no formula guard (a text cell is
///   never a formula);
/// - amounts: a number cell with the value's exact decimal text, in the format of the minor
///   digits of the row's currency (`0` for JPY, `0.00` for USD, `0.000` for BHD);
///   other decimals in the format of their own digits; integers in `0`;
/// - instants: a date-time cell (Excel serial days in UTC) shown `yyyy-mm-dd hh:mm:ss.000`;
/// - booleans: a boolean cell (TRUE, FALSE);
/// - an empty CSV cell: no cell.
/// A value that does not read as its kind stays a text cell with the CSV file's value: a
/// number of more than 15 significant digits (a spreadsheet would round it), an instant before
/// 1900-03-01 (Excel's serial dates are a day off there), an unreadable `delivered_at`.
enum ReportWorkbook {
    static let name = "report.xlsx"

    /// Writes the workbook of `files` (CSV name and file, in sheet order) to `sink`, in pieces.
    static func write(_ files: some Sequence<(name: String, csv: ReportCSV)>, rowLimit: Int = WorkbookWriter.excelRowLimit,
                      into sink: ([UInt8]) throws -> Void) throws {
        var workbook = WorkbookWriter(rowLimit: rowLimit)
        for (name, csv) in files {
            try writeSheet(name, csv, to: &workbook, sink: sink)
        }
        try workbook.finish()
        try workbook.drain(into: sink)
    }

    /// The whole workbook in memory (tests and the fuzz checks; `ReportRun` streams it).
    static func bytes(_ files: [(name: String, csv: ReportCSV)], rowLimit: Int = WorkbookWriter.excelRowLimit) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write(files, rowLimit: rowLimit) { bytes += $0 }
        return bytes
    }

    /// The sheet's name for a CSV file: its name without `.csv`.
    static func sheetName(ofFile name: String) -> String {
        name.hasSuffix(".csv") ? String(name.dropLast(4)) : name
    }

    /// A column's width in characters: room for its header and the filter button, and for a
    /// typical value of its kind (a 16-digit id, a date-time to the millisecond).
    static func width(_ column: ReportColumn) -> Int {
        let typical: Int
        switch column.kind {
        case .text: typical = 18
        case .integer, .boolean: typical = 8
        case .decimal: typical = 10
        case .amount: typical = 14
        case .instant: typical = 23
        }
        return min(60, max(typical, column.name.count + 4))
    }

    private static func writeSheet(_ name: String, _ csv: ReportCSV, to workbook: inout WorkbookWriter,
                                   sink: ([UInt8]) throws -> Void) throws {
        let columns = csv.columns
        let kinds = columns.map { column in Kind(column.kind, currencyIndex: currencyIndex(column, in: columns)) }
        try workbook.beginSheet(sheetName(ofFile: name),
                                columns: columns.map { WorkbookParts.Column(name: $0.name, width: width($0)) })
        var currencies = CurrencyDigits()
        try csv.forEachRawSlice { writer in
            let width = columns.count
            let starts = writer.cellStarts
            try writer.bytes.withUnsafeBufferPointer { bytes in
                func cell(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                    let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
                    return UnsafeBufferPointer(rebasing: bytes[starts[index]..<end])
                }
                var first = 0
                while first < starts.count {
                    let rowEnd = first + width < starts.count ? starts[first + width] : bytes.count
                    // Escaping makes a byte at most 7 (`_x0001_`); a cell's markup and a cut's `…`
                    // take under 96 bytes, the row's tags under 32.
                    try workbook.beginRow(maximumBytes: 7 * (rowEnd - starts[first]) + 96 * width + 32)
                    for column in 0..<width {
                        let value = cell(first + column)
                        guard !value.isEmpty else {
                            workbook.skipCell()
                            continue
                        }
                        switch kinds[column] {
                        case .text:
                            workbook.text(value)
                        case .integer, .decimal:
                            number(value, digits: nil, to: &workbook)
                        case .amount(let currencyIndex):
                            let digits = currencyIndex.map { currencies.minorDigits(of: cell(first + $0)) }
                            number(value, digits: digits, to: &workbook)
                        case .instant:
                            if let instant = SheetValue.instant(iso8601: value), workbook.dateTime(instant) { break }
                            workbook.text(value)
                        case .boolean:
                            if value.elementsEqual(trueBytes) {
                                workbook.boolean(true)
                            } else if value.elementsEqual(falseBytes) {
                                workbook.boolean(false)
                            } else {
                                workbook.text(value)
                            }
                        }
                    }
                    workbook.endRow()
                    if workbook.undrainedByteCount >= WorkbookWriter.flushBytes { try workbook.drain(into: sink) }
                    first += width
                }
            }
            try workbook.drain(into: sink)
        }
        try workbook.endSheet()
    }

    /// A number cell in the format of `digits` fraction digits (at least the value's own),
    /// or a text cell when the value is no exact plain decimal or has more than four digits.
    private static func number(_ value: UnsafeBufferPointer<UInt8>, digits: Int?, to workbook: inout WorkbookWriter) {
        guard let own = SheetValue.exactDecimal(value) else { return workbook.text(value) }
        let shown = max(own, digits ?? 0)
        guard shown <= WorkbookParts.Style.maximumDigits else { return workbook.text(value) }
        workbook.number(value, digits: shown)
    }

    /// A column's kind with the index of its currency column resolved.
    private enum Kind {
        case text, integer, decimal, instant, boolean
        case amount(currencyIndex: Int?)

        init(_ kind: ReportColumn.Kind, currencyIndex: Int?) {
            switch kind {
            case .text: self = .text
            case .integer: self = .integer
            case .decimal: self = .decimal
            case .amount: self = .amount(currencyIndex: currencyIndex)
            case .instant: self = .instant
            case .boolean: self = .boolean
            }
        }
    }

    private static func currencyIndex(_ column: ReportColumn, in columns: [ReportColumn]) -> Int? {
        guard case .amount(let currency) = column.kind else { return nil }
        let index = columns.firstIndex { $0.name == currency }
        precondition(index != nil, "amount column \(column.name) names no column \(currency)")
        return index
    }

    /// The minor digits of the currency codes met, the last one remembered (rows of one
    /// currency follow one another).
    private struct CurrencyDigits {
        private var lastCode: [UInt8] = []
        private var lastDigits = 0

        /// ISO 4217's digits for a code; 0 for an empty code (an unpriced transaction's `0`).
        mutating func minorDigits(of code: UnsafeBufferPointer<UInt8>) -> Int {
            guard !code.isEmpty else { return 0 }
            if !code.elementsEqual(lastCode) {
                lastCode = Array(code)
                lastDigits = Currency.minorDigits(for: String(decoding: code, as: UTF8.self))
            }
            return lastDigits
        }
    }

    private static let trueBytes = Array("true".utf8), falseBytes = Array("false".utf8)
}
