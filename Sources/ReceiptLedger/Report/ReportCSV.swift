/// One CSV file of a report, as `ReportRun` writes it.
///
/// Small files are `CSVTable`s sorted in memory. The large ones (a row per transaction, per
/// subscription, per user and period) have their rows in file order already; they are
/// produced a slice at a time and streamed to disk, so a million-row file never sits in memory
/// whole.
///
/// Either way the file carries its `columns`, the header with the kind of each column, from
/// which `report.xlsx` types the file's sheet. Sendable, so that a file can be written on
/// another thread than the one that prepared it.
enum ReportCSV: Sendable {
    /// A table whose header is the names of `columns`.
    case table(CSVTable, columns: [ReportColumn])
    /// `count` rows; `rows` appends rows `range` (in file order) to a writer.
    case streamed(columns: [ReportColumn], count: Int, rows: @Sendable (Range<Int>, inout CSVRowWriter) -> Void)

    /// Rows produced per slice before they go to disk.
    static let sliceRows = 8_192

    /// Writes the whole file to `sink` in pieces; returns the number of data rows.
    func write(to sink: ([UInt8]) throws -> Void) rethrows -> Int {
        switch self {
        case .table(let table, _):
            try table.serialize(into: sink)
            return table.rowCount
        case .streamed(let columns, let count, let rows):
            var writer = CSVRowWriter(reservingBytes: 1 << 20)
            writer.header(columns.map(\.name))
            var start = 0
            repeat {
                let end = min(count, start + Self.sliceRows)
                rows(start..<end, &writer)
                try writer.drain(into: sink)
                start = end
            } while start < count
            return writer.rowCount
        }
    }

    /// The number of data rows the file has.
    var rowCount: Int {
        switch self {
        case .table(let table, _): return table.rowCount
        case .streamed(_, let count, _): return count
        }
    }

    /// The header with the kind of each column.
    var columns: [ReportColumn] {
        switch self {
        case .table(_, let columns), .streamed(let columns, _, _): return columns
        }
    }

    /// The file's rows as raw cell values (before any guard or quoting), in file order, a slice
    /// of up to `sliceRows` rows at a time: `body` reads them from a raw-cell `CSVRowWriter`
    /// (`cellStarts`, `bytes`), `columns.count` cells a row.
    func forEachRawSlice(_ body: (CSVRowWriter) throws -> Void) rethrows {
        var writer = CSVRowWriter(rawCellsReservingBytes: 1 << 20)
        switch self {
        case .table(let table, let columns):
            assert(table.header == columns.map(\.name), "a table's header is its columns' names")
            var row = 0
            while row < table.rowCount {
                let end = min(table.rowCount, row + Self.sliceRows)
                for index in row..<end {
                    for cell in table.row(index) { writer.cell(cell) }
                    writer.endRow()
                }
                try body(writer)
                writer.removeRawCells()
                row = end
            }
        case .streamed(_, let count, let rows):
            var start = 0
            while start < count {
                let end = min(count, start + Self.sliceRows)
                rows(start..<end, &writer)
                try body(writer)
                writer.removeRawCells()
                start = end
            }
        }
    }

    /// The whole file in memory, and its number of data rows (for tests and the fuzz checks;
    /// `ReportRun` streams the files to disk).
    func bytes() -> (bytes: [UInt8], rows: Int) {
        var bytes: [UInt8] = []
        let rows = write { bytes += $0 }
        return (bytes, rows)
    }
}
