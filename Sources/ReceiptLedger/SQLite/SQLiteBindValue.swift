/// A value bound to a `?` parameter of a statement. Values only ever reach SQL as bindings,
/// never spliced into the SQL text.
enum SQLiteBindValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    /// Bound with its UTF-8 byte count, so an embedded NUL does not cut the text.
    case text(String)
    case blob([UInt8])
    case null
}

/// The storage class of one column value in the current row (sqlite3.h: `sqlite3_column_type`).
enum SQLiteColumnType: Equatable, Sendable {
    case integer
    case real
    case text
    case blob
    case null
}
