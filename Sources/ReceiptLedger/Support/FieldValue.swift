/// One column of a stored record exactly as its source gave it, before any rule is applied.
/// SQLite storage classes and JSON kinds both map onto it.
enum FieldValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// A BLOB column, or a JSON value that is neither text nor a number (kept as its raw text).
    case other(String)

    /// The value as text for columns that are compared as text (`claimed_environment`).
    var textValue: String? {
        switch self {
        case .null: return nil
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value), .other(let value): return value
        }
    }
}

/// The `response` column: the body Apple returned, verbatim.
enum ResponseColumn: Sendable {
    case null
    /// Text or BLOB bytes holding the JSON text.
    case bytes([UInt8])
}
