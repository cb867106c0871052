/// Rows written straight to the bytes of a CSV file, cell by cell, in file order.
///
/// `CSVTable` holds every cell as a `String` until the file is sorted and written: right for
/// small files, but `transactions.csv` has a row of 23 cells per transaction (millions of
/// strings, hundreds of MB at a million records). Files whose rows are already in file order
/// (SPEC §7 keys, checked by the caller) are written with this instead: the same guarding and
/// quoting as `CSVCell`, numbers and instants formatted into the buffer without a `String`.
struct CSVRowWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var rowCount = 0
    private var atRowStart = true

    init(reservingBytes capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// A text cell (formula-guarded), like `CSVCell.text`.
    mutating func text(_ value: String) {
        separate()
        value.withUTF8Buffer { CSVCell.appendField(bytes: $0, guarded: true, to: &bytes) }
    }

    /// An id as a text cell (formula-guarded), like `CSVCell.text` of its `String`.
    mutating func text(_ value: IDText) {
        separate()
        value.withUTF8 { CSVCell.appendField(bytes: $0, guarded: true, to: &bytes) }
    }

    /// A number cell (never guarded), like `CSVCell.number`.
    mutating func number(_ value: String) {
        separate()
        value.withUTF8Buffer { CSVCell.appendField(bytes: $0, guarded: false, to: &bytes) }
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
        // Years outside 0…9999 start with a sign; never for a readable instant, but stay exact.
        let guarded = bytes.withUnsafeBufferPointer { CSVCell.needsGuard(UnsafeBufferPointer(rebasing: $0[start...])) }
        if guarded { bytes.insert(UInt8(ascii: "'"), at: start) }
    }

    /// The header line (column names, guarded like text cells); not counted as a row.
    mutating func header(_ names: [String]) {
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

    mutating func endRow() {
        bytes.append(UInt8(ascii: "\n"))
        rowCount += 1
        atRowStart = true
    }

    private mutating func separate() {
        if atRowStart { atRowStart = false } else { bytes.append(UInt8(ascii: ",")) }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
}
