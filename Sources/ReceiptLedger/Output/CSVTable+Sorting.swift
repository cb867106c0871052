extension CSVTable {
    /// The rows in the file order of SPEC §7/§8: by the first `keyColumns` columns, then by the
    /// remaining columns, left to right, so equal inputs give byte-identical files. (Every key of
    /// SPEC §7 is a file's leading columns, so this is the order of all columns left to right;
    /// `keyColumns` names the key for the reader and for checks.)
    ///
    /// Columns listed in `numericKeyColumns` (by zero-based index, key or not) sort integers first
    /// by value, then other values as text; every other column sorts by code point of the raw,
    /// unguarded value (see `CSVOrdering`). Rows whose raw values are all equal are ordered by the
    /// kinds of their cells (`.empty`, `.number`, `.text`), so only identical rows tie.
    ///
    /// Each row is encoded once into one flat byte buffer (`SortKeys`) whose `memcmp` order is the row order,
    /// so the comparator allocates nothing and touches no reference count. The buffer costs
    /// about the size of the written file, for the duration of the sort.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › CSVTable.
    func sorted(keyColumns: Int, numericKeyColumns: Set<Int> = []) -> CSVTable {
        var sortedTable = self
        sortedTable.sort(keyColumns: keyColumns, numericKeyColumns: numericKeyColumns)
        return sortedTable
    }

    /// Sorts the rows in place, in the order `sorted(keyColumns:numericKeyColumns:)` describes;
    /// cheaper than `sorted` for a large table that is not kept unsorted, since no cell is copied.
    mutating func sort(keyColumns: Int, numericKeyColumns: Set<Int> = []) {
        precondition(cells.count == rowCount * columnCount, "rows written by a CSVRowWriter are already in file order")
        permuteRows(rowOrder(keyColumns: keyColumns, numericKeyColumns: numericKeyColumns))
    }

    /// The old index of each row in sorted order.
    private func rowOrder(keyColumns: Int, numericKeyColumns: Set<Int>) -> [Int] {
        let width = columnCount
        precondition((0...width).contains(keyColumns), "key columns beyond the header")
        let numeric = (0..<width).map { numericKeyColumns.contains($0) }

        var keys = SortKeys(reservingBytes: encodedSizeBound(numeric: numeric), keys: rowCount)
        for row in 0..<rowCount {
            let first = row * width
            for column in 0..<width {
                keys.append { CSVOrdering.appendKey(cells[first + column].rawValue, numeric: numeric[column], to: &$0) }
            }
            for column in 0..<width { keys.append(byte: CSVOrdering.kindRank(cells[first + column])) }
            keys.endKey()
        }
        return keys.order()
    }

    /// An upper bound of the encoded size of all rows, to allocate the key buffer once.
    private func encodedSizeBound(numeric: [Bool]) -> Int {
        var size = 0
        for (index, cell) in cells.enumerated() {
            let count = cell.rawValue.utf8.count
            size += numeric[index % columnCount] ? 2 * count + 5 : count + 2
        }
        return size
    }
}
