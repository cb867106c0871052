#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CSVTable {
    /// The rows in the file order of SPEC §7/§8: by the first `keyColumns` columns, then by the
    /// remaining columns, left to right, so equal inputs give byte-identical files.
    ///
    /// Columns listed in `numericKeyColumns` (by zero-based index, key or not) sort integers first
    /// by value, then other values as text; every other column sorts by code point of the raw,
    /// unguarded value (see `CSVOrdering`). The key columns of every row are encoded once into
    /// one flat byte buffer, so the comparator is a `memcmp` and allocates nothing; the remaining
    /// columns are compared only between rows whose keys tie.
    func sorted(keyColumns: Int, numericKeyColumns: Set<Int> = []) -> CSVTable {
        let width = columnCount
        let keyCount = min(max(keyColumns, 0), width)
        let numeric = (0..<width).map { numericKeyColumns.contains($0) }

        var keys: [UInt8] = []
        var offsets: [Int] = []
        offsets.reserveCapacity(rowCount + 1)
        offsets.append(0)
        for row in 0..<rowCount {
            for column in 0..<keyCount {
                CSVOrdering.appendKey(cells[row * width + column].rawValue,
                                      numeric: numeric[column], to: &keys)
            }
            offsets.append(keys.count)
        }

        var order = Array(0..<rowCount)
        let cells = self.cells
        keys.withUnsafeBufferPointer { keyBytes in
            offsets.withUnsafeBufferPointer { offsets in
                cells.withUnsafeBufferPointer { cells in
                    order.sort { lhs, rhs in
                        let lhsStart = offsets[lhs], lhsCount = offsets[lhs + 1] - lhsStart
                        let rhsStart = offsets[rhs], rhsCount = offsets[rhs + 1] - rhsStart
                        var result = 0
                        let common = min(lhsCount, rhsCount)
                        if common > 0, let base = keyBytes.baseAddress {
                            result = Int(memcmp(base + lhsStart, base + rhsStart, common))
                        }
                        if result == 0 { result = lhsCount - rhsCount }
                        if result != 0 { return result < 0 }
                        return Self.compareTies(cells, lhs * width, rhs * width, width: width,
                                                keyCount: keyCount, numeric: numeric) < 0
                    }
                }
            }
        }

        var sortedCells: [CSVCell] = []
        sortedCells.reserveCapacity(cells.count)
        for row in order {
            sortedCells.append(contentsOf: cells[row * width ..< (row + 1) * width])
        }
        return CSVTable(header: header, cells: sortedCells)
    }

    /// Order of two rows whose key columns hold the same raw values: the remaining columns, then
    /// the cell kinds of the key columns, so that only identical rows tie.
    private static func compareTies(_ cells: UnsafeBufferPointer<CSVCell>, _ lhs: Int, _ rhs: Int,
                                    width: Int, keyCount: Int, numeric: [Bool]) -> Int {
        for column in keyCount..<width {
            let result = CSVOrdering.compare(cells[lhs + column], cells[rhs + column],
                                             numeric: numeric[column])
            if result != 0 { return result }
        }
        for column in 0..<keyCount {
            let result = CSVOrdering.compare(cells[lhs + column], cells[rhs + column],
                                             numeric: numeric[column])
            if result != 0 { return result }
        }
        return 0
    }
}
