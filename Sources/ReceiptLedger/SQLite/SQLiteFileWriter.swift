/// A new SQLite file filled in one transaction through prepared INSERTs: the `package` entry
/// point for the demo generator's data sets (`ReceiptLedgerDemo`), so that the connection, its
/// statements and their bindings stay internal to the library.
package final class SQLiteFileWriter {
    private let database: SQLiteDatabase

    /// Opens `path` for writing (creating it), runs `setup` (pragmas, schema) and begins the
    /// transaction.
    package init(path: String, setup: String) throws(SQLiteError) {
        database = try SQLiteDatabase(path: path, readOnly: false)
        try database.execute(setup)
        try database.execute("BEGIN")
    }

    /// A prepared INSERT (or any statement that returns no rows) with parameters `?1`, `?2`, …
    package func insert(_ sql: String) throws(SQLiteError) -> Insert {
        Insert(statement: try database.prepare(sql))
    }

    /// Ends the transaction: the rows are in the file.
    package func commit() throws(SQLiteError) {
        try database.execute("COMMIT")
    }

    /// A value for one parameter; `utf8` binds bytes as text as they are (the generator's
    /// answers, some of them not UTF-8 on purpose), without building a `String`.
    package enum Value {
        case integer(Int64)
        case text(String)
        case utf8([UInt8])
        case blob([UInt8])
        case null
    }

    package struct Insert {
        let statement: SQLiteStatement

        /// Binds `values` to `?1`, `?2`, … and runs the statement once.
        package func run(_ values: [Value]) throws(SQLiteError) {
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .integer(let number): try statement.bind(.integer(number), at: index)
                case .text(let text): try statement.bind(.text(text), at: index)
                case .utf8(let bytes):
                    let bound = bytes.withUnsafeBytes { buffer in
                        Result { () throws(SQLiteError) in try statement.bindUTF8(buffer, at: index) }
                    }
                    try bound.get()
                case .blob(let bytes): try statement.bind(.blob(bytes), at: index)
                case .null: try statement.bind(.null, at: index)
                }
            }
            _ = try statement.step()
            try statement.reset()
        }
    }
}
