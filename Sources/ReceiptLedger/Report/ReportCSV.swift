/// One CSV file of a report, as `ReportRun` writes it.
///
/// Small files are `CSVTable`s sorted in memory. The large ones (a row per transaction, per
/// subscription, per user and period) have their rows in file order already; they are
/// produced a slice at a time and streamed to disk, so a million-row file never sits in memory
/// whole.
///
/// Sendable, so that a file can be written on another thread than the one that prepared it.
enum ReportCSV: Sendable {
    case table(CSVTable)
    /// `count` rows; `rows` appends rows `range` (in file order) to a writer.
    case streamed(header: [String], count: Int, rows: @Sendable (Range<Int>, inout CSVRowWriter) -> Void)

    /// Rows produced per slice before they go to disk.
    static let sliceRows = 8_192

    /// Writes the whole file to `sink` in pieces; returns the number of data rows.
    func write(to sink: ([UInt8]) throws -> Void) rethrows -> Int {
        switch self {
        case .table(let table):
            try table.serialize(into: sink)
            return table.rowCount
        case .streamed(let header, let count, let rows):
            var writer = CSVRowWriter(reservingBytes: 1 << 20)
            writer.header(header)
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
        case .table(let table): return table.rowCount
        case .streamed(_, let count, _): return count
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
