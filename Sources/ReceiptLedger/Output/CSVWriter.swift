/// The rows of one CSV output file, held in memory until they are sorted and written.
///
/// Written per SPEC §7: UTF-8, RFC 4180 fields, a header row, `\n` after every line (the last
/// one too), cells guarded and quoted as `CSVCell` describes. Cells are stored in one flat
/// row-major array, so a million rows cost no per-row allocation.
struct CSVTable: Sendable {
    /// The column names, written as the first line.
    let header: [String]
    /// Every cell, row after row.
    private(set) var cells: [CSVCell]
    /// How many data rows (the header excluded).
    private(set) var rowCount: Int

    /// An empty table with these column names (at least one).
    init(header: [String]) {
        precondition(!header.isEmpty, "a CSV table needs at least one column")
        self.header = header
        self.cells = []
        self.rowCount = 0
    }

    /// A table from its cells, row-major; used by sorting.
    init(header: [String], cells: [CSVCell]) {
        precondition(!header.isEmpty && cells.count % header.count == 0, "cells must fill whole rows")
        self.header = header
        self.cells = cells
        self.rowCount = cells.count / header.count
    }

    /// How many columns each row has.
    var columnCount: Int { header.count }

    /// Makes room for this many rows, to avoid regrowing a large table.
    mutating func reserveCapacity(rows: Int) {
        cells.reserveCapacity(rows * columnCount)
    }

    /// Adds one row; it must have exactly one cell per header column (a programming error otherwise).
    mutating func append(_ row: [CSVCell]) {
        precondition(row.count == columnCount,
                     "row has \(row.count) cells, header has \(columnCount) columns")
        cells.append(contentsOf: row)
        rowCount += 1
    }

    /// The cell at this row and column.
    subscript(row row: Int, column column: Int) -> CSVCell {
        cells[row * columnCount + column]
    }

    /// The cells of one row.
    func row(_ index: Int) -> ArraySlice<CSVCell> {
        cells[index * columnCount ..< (index + 1) * columnCount]
    }

    /// Rearranges rows so that row `i` becomes the old row `order[i]`, following each cycle of
    /// the permutation with swaps (no cell copied, no reference count touched).
    mutating func permuteRows(_ order: [Int]) {
        precondition(order.count == rowCount, "a permutation of every row")
        let width = columnCount
        var placed = [Bool](repeating: false, count: rowCount)
        cells.withUnsafeMutableBufferPointer { cells in
            for start in 0..<order.count where !placed[start] {
                var current = start
                while true {
                    placed[current] = true
                    let source = order[current]
                    if source == start { break }
                    for column in 0..<width {
                        cells.swapAt(current * width + column, source * width + column)
                    }
                    current = source
                }
            }
        }
    }

    /// The whole file: header and rows in their current order.
    func serialized() -> [UInt8] {
        var output: [UInt8] = []
        serialize(chunkBytes: Int.max) { chunk in
            if output.isEmpty { output = chunk } else { output.append(contentsOf: chunk) }
        }
        return output
    }

    /// Writes the file in chunks of about `chunkBytes` bytes, each handed to `sink` in order, so a
    /// large table can go to disk without a second full copy in memory.
    func serialize(chunkBytes: Int = 1 << 20, into sink: ([UInt8]) throws -> Void) rethrows {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkBytes == Int.max ? estimatedSize() : chunkBytes + 4096)
        for (index, name) in header.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            CSVCell.appendField(name, guarded: true, to: &buffer)
        }
        buffer.append(UInt8(ascii: "\n"))
        var column = 0
        for cell in cells {
            if column > 0 { buffer.append(UInt8(ascii: ",")) }
            cell.append(to: &buffer)
            column += 1
            if column == columnCount {
                buffer.append(UInt8(ascii: "\n"))
                column = 0
                if buffer.count >= chunkBytes {
                    try sink(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        if !buffer.isEmpty { try sink(buffer) }
    }

    /// A cheap upper-ish guess of the file size, to size the output buffer once.
    private func estimatedSize() -> Int {
        var size = 64 * header.count
        for cell in cells {
            switch cell {
            case .text(let value), .number(let value): size += value.utf8.count + 1
            case .empty: size += 1
            }
        }
        return size + size / 32
    }
}
