/// One cell of a CSV output file, tagged by how it is protected when written.
///
/// SPEC §7 and §8 "CSV": a text cell that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading
/// `'` so that no spreadsheet runs it as a formula (the OWASP "CSV injection" guard), judged as a
/// spreadsheet sees the cell: after any leading whitespace, control or format characters, and for
/// the full-width and small forms of `= + - @` too (`needsGuard(_:)`). Amounts, counts, record
/// ids, status codes and booleans are never touched. Every cell that holds `,`, `"`, CR or LF is
/// quoted with inner quotes doubled (RFC 4180 §2.6–2.7), whatever its kind.
enum CSVCell: Hashable, Sendable {
    /// Free text or an identifier: formula-guarded when written.
    case text(String)
    /// A number as the ledger formats it (`-0.99`, `12`, `1700000000123`): written unguarded.
    case number(String)
    /// An absent value (an absent timestamp, an unknown amount): written as nothing.
    case empty

    /// `true` or `false`, written unguarded (SPEC §8: "Booleans are `true`/`false`").
    static func bool(_ value: Bool) -> CSVCell {
        .number(value ? "true" : "false")
    }

    /// A whole number in decimal, written unguarded.
    static func integer(_ value: Int64) -> CSVCell {
        .number(String(value))
    }

    /// A whole number in decimal, written unguarded.
    static func integer(_ value: Int) -> CSVCell {
        .number(String(value))
    }

    /// Text when present, an empty cell when `nil`.
    static func text(orEmpty value: String?) -> CSVCell {
        value.map(CSVCell.text) ?? .empty
    }

    /// The value before any guard or quoting: what sorting compares (SPEC §8).
    var rawValue: String {
        switch self {
        case .text(let value), .number(let value): value
        case .empty: ""
        }
    }

    /// Whether a text cell with these UTF-8 bytes gets the `'` formula guard: the one decision
    /// every CSV writer makes (cell tables and streamed rows alike).
    ///
    /// True when the text starts with tab or CR (SPEC §7), or when, after a leading run of
    /// characters a spreadsheet may drop or trim (`isSkippedBeforeFormula`), the next character is
    /// `=`, `+`, `-`, `@` or one of their full-width or small forms (`isFormulaSign`). An ASCII
    /// first byte that is neither decides at once, so ordinary cells cost one comparison.
    @inline(__always)
    static func needsGuard(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D:
            return true
        case 0x21..<0x7F:
            return false
        default:
            return needsGuardAfterSkipping(bytes)
        }
    }

    /// `needsGuard` for a text whose first byte is a control, a space or not ASCII: reads
    /// scalars until the first one that is not skipped.
    @inline(never)
    private static func needsGuardAfterSkipping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            let scalar = Unicode.UTF8.decode(encoded)
            if isFormulaSign(scalar) { return true }
            if !isSkippedBeforeFormula(scalar) { return false }
        }
        return false
    }

    /// `=`, `+`, `-`, `@`, their full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20) and their small
    /// forms (U+FE66, U+FE62, U+FE63, U+FE6B), which spreadsheets may read as the ASCII ones.
    static func isFormulaSign(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3D, 0x2B, 0x2D, 0x40, 0xFF1D, 0xFF0B, 0xFF0D, 0xFF20, 0xFE66, 0xFE62, 0xFE63, 0xFE6B: true
        default: false
        }
    }

    /// Characters a spreadsheet may drop, trim or not show before a formula sign: every C0
    /// control and DEL (LibreOffice drops NUL), the space (an importer that trims), and every
    /// character `InvisibleText` names (C1 controls, other spaces and separators, zero-width,
    /// bidi and format characters, BOM).
    static func isSkippedBeforeFormula(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || scalar.value == 0x7F || InvisibleText.isInvisible(scalar)
    }

    /// Whether this UTF-8 byte forces RFC 4180 quoting of the cell holding it.
    @inline(__always)
    static func needsQuotes(byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A
    }

    /// Appends the cell as it appears in the file: guarded when text, quoted when needed.
    func append(to output: inout [UInt8]) {
        switch self {
        case .empty:
            return
        case .text(let value):
            CSVCell.appendField(value, guarded: true, to: &output)
        case .number(let value):
            CSVCell.appendField(value, guarded: false, to: &output)
        }
    }

    /// Appends one field's UTF-8 bytes, guarded and quoted as `append(to:)` describes.
    static func appendField(_ value: String, guarded: Bool, to output: inout [UInt8]) {
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { bytes in
            appendField(bytes: bytes, guarded: guarded, to: &output)
        }
        if done == nil {
            Array(value.utf8).withUnsafeBufferPointer { appendField(bytes: $0, guarded: guarded, to: &output) }
        }
    }

    static func appendField(bytes: UnsafeBufferPointer<UInt8>, guarded: Bool,
                                    to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let guardMark = guarded && needsGuard(bytes)
        var quoted = false
        for byte in bytes where needsQuotes(byte: byte) {
            quoted = true
            break
        }
        if quoted { output.append(UInt8(ascii: "\"")) }
        if guardMark { output.append(UInt8(ascii: "'")) }
        if quoted {
            for byte in bytes {
                output.append(byte)
                if byte == UInt8(ascii: "\"") { output.append(byte) }
            }
            output.append(UInt8(ascii: "\""))
        } else {
            output.append(contentsOf: bytes)
        }
    }
}
