/// One cell of a CSV output file, tagged by how it is protected when written.
///
/// SPEC §7 and §8 "CSV": a text cell that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading
/// `'` so that no spreadsheet runs it as a formula (the OWASP "CSV injection" guard); amounts,
/// counts, record ids, status codes and booleans are never touched. Every cell that holds `,`,
/// `"`, CR or LF is quoted with inner quotes doubled (RFC 4180 §2.6–2.7), whatever its kind.
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

    /// Whether a text starting with this UTF-8 byte gets the `'` formula guard.
    @inline(__always)
    static func needsGuard(firstByte byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
             0x09, 0x0D:
            true
        default:
            false
        }
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
        guard let first = bytes.first else { return }
        let guardMark = guarded && needsGuard(firstByte: first)
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
