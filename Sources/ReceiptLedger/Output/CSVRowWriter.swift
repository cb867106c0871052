/// Rows written straight to the bytes of a CSV file, cell by cell, in file order.
///
/// `CSVTable` holds every cell as a `String` until the file is sorted and written: right for
/// small files, but `transactions.csv` has a row of 23 cells per transaction (millions of
/// strings, hundreds of MB at a million records). Files whose rows are already in file order
/// (SPEC §7 keys, checked by the caller) are written with this instead: the same guarding and
/// quoting as `CSVCell`, numbers and instants formatted into the buffer without a `String`.
///
/// A writer made with `init(rawCellsReservingBytes:)` keeps the values instead, as they are
/// before any guard or quoting (`CSVCell.rawValue`), back to back, each cell's start in
/// `cellStarts`: the workbook's sheets are written from the same rows as the CSV files.
struct CSVRowWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var rowCount = 0
    private var atRowStart = true
    /// Whether cells are kept raw (no guard, quotes, separators or line ends).
    let keepsRawCells: Bool
    /// With `keepsRawCells`, where each cell starts in `bytes`, row after row (a cell ends
    /// where the next starts, the last at `bytes.count`).
    private(set) var cellStarts: [Int] = []

    init(reservingBytes capacity: Int = 0) {
        keepsRawCells = false
        bytes.reserveCapacity(capacity)
    }

    /// A writer that keeps raw cell values (see the type's summary).
    init(rawCellsReservingBytes capacity: Int) {
        keepsRawCells = true
        bytes.reserveCapacity(capacity)
    }

    /// Any cell of a `CSVTable`, written as the table writes it.
    mutating func cell(_ cell: CSVCell) {
        switch cell {
        case .text(let value): text(value)
        case .number(let value): number(value)
        case .empty: empty()
        }
    }

    /// A text cell (formula-guarded), like `CSVCell.text`.
    mutating func text(_ value: String) {
        separate()
        value.withUTF8Buffer { field($0, guarded: true) }
    }

    /// An id as a text cell (formula-guarded), like `CSVCell.text` of its `String`.
    mutating func text(_ value: IDText) {
        separate()
        value.withUTF8 { field($0, guarded: true) }
    }

    /// A number cell (never guarded), like `CSVCell.number`.
    mutating func number(_ value: String) {
        separate()
        value.withUTF8Buffer { field($0, guarded: false) }
    }

    /// A whole number, like `CSVCell.integer`.
    mutating func integer(_ value: Int64) {
        separate()
        MoneyFormat.appendPlain(value, minorDigits: 0, to: &bytes)
    }

    /// An amount with `minorDigits` fraction digits, like `.number(MoneyFormat.plain(…))`.
    mutating func decimal(_ value: Int64, minorDigits: Int) {
        separate()
        MoneyFormat.appendPlain(value, minorDigits: minorDigits, to: &bytes)
    }

    /// `true` or `false`, like `CSVCell.bool`.
    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    }

    /// An empty cell, like `CSVCell.empty`.
    mutating func empty() {
        separate()
    }

    /// An instant as `2019-11-28T05:38:19.000Z` (a text cell, which no guard mark can touch:
    /// it starts with a digit), or an empty cell.
    mutating func instant(_ value: UnixMillis?) {
        separate()
        guard let value else { return }
        let start = bytes.count
        value.appendISO8601(to: &bytes)
        if keepsRawCells { return }
        // Years outside 0…9999 start with a sign; never for a readable instant, but stay exact.
        let guarded = bytes.withUnsafeBufferPointer { CSVCell.needsGuard(UnsafeBufferPointer(rebasing: $0[start...])) }
        if guarded { bytes.insert(UInt8(ascii: "'"), at: start) }
    }

    /// The header line (column names, guarded like text cells); not counted as a row.
    mutating func header(_ names: [String]) {
        precondition(!keepsRawCells, "a raw-cell writer has no header line")
        for name in names { text(name) }
        bytes.append(UInt8(ascii: "\n"))
        atRowStart = true
    }

    /// Hands the bytes written so far to `sink` and forgets them; the row count stays.
    mutating func drain(into sink: ([UInt8]) throws -> Void) rethrows {
        guard !bytes.isEmpty else { return }
        try sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Forgets the cells kept so far (`keepsRawCells`), once they have been read; the row
    /// count stays.
    mutating func removeRawCells() {
        bytes.removeAll(keepingCapacity: true)
        cellStarts.removeAll(keepingCapacity: true)
    }

    mutating func endRow() {
        if !keepsRawCells { bytes.append(UInt8(ascii: "\n")) }
        rowCount += 1
        atRowStart = true
    }

    private mutating func separate() {
        if keepsRawCells { return cellStarts.append(bytes.count) }
        if atRowStart { atRowStart = false } else { bytes.append(UInt8(ascii: ",")) }
    }

    /// One text or number field: guarded and quoted as `CSVCell` writes it, or kept raw.
    @inline(__always)
    private mutating func field(_ value: UnsafeBufferPointer<UInt8>, guarded: Bool) {
        if keepsRawCells { return bytes.append(contentsOf: value) }
        CSVCell.appendField(bytes: value, guarded: guarded, to: &bytes)
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
}
