import Foundation

/// Reads orders from `--orders FILE.csv`, `--orders-query` or an `orders` table or view in the
/// SQLite input (SPEC §8 "Orders": in that order of preference).
enum OrderReader {
    static let columns = ["order_id", "user_id", "product_id", "transaction_id", "delivered_at", "revoked_at"]

    static func read(csvPath path: String) throws(UsageError) -> [Order] {
        // The file's bytes are dropped as soon as the validated text exists: one copy of a
        // large orders file at a time.
        var text: String
        do {
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read orders file \(path)") }
            guard let validated = String(validating: data, as: UTF8.self) else { throw UsageError("orders file \(path) is not UTF-8 text") }
            text = validated
        }
        // Rows are streamed into orders (see `CSVReader.forEachRow`). The checks keep their
        // order of precedence: a malformed row anywhere, then an empty file, then a missing
        // column, which is why a bad header only stops the building of orders.
        var headerLine: Int?
        var positions: [Int] = []
        var headerError: UsageError?
        var orders: [Order] = []
        var products = StringPool()
        var parseError: CSVReader.ParseError?
        text.withUTF8 { bytes in
            do throws(CSVReader.ParseError) {
                try CSVReader.forEachRow(in: bytes) { row in
                    guard headerLine != nil else {
                        headerLine = row.line
                        let names = row.strings.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                        for column in columns {
                            guard let position = names.firstIndex(of: column) else {
                                headerError = UsageError("\(path):\(row.line): missing column \(column)")
                                return
                            }
                            positions.append(position)
                        }
                        return
                    }
                    guard headerError == nil else { return }
                    /// `column` counts in `columns`: 0 is order_id … 5 is revoked_at.
                    func field(_ column: Int) -> UnsafeBufferPointer<UInt8> { row[positions[column]] }
                    let deliveredAt = Order.instant(utf8: field(4)), revokedAt = Order.instant(utf8: field(5))
                    let unreadable = deliveredAt == nil || revokedAt == nil ? Order.UnreadableTimes.make(
                        deliveredAt: deliveredAt == nil ? Order.unreadableText(utf8: field(4)) : nil,
                        revokedAt: revokedAt == nil ? Order.unreadableText(utf8: field(5)) : nil) : nil
                    orders.append(Order(orderID: Order.id(utf8: field(0)), userID: String(decoding: field(1), as: UTF8.self),
                                        productID: Order.productID(utf8: field(2), pool: &products),
                                        transactionID: Order.transactionID(utf8: field(3)),
                                        deliveredAt: deliveredAt, revokedAt: revokedAt, unreadable: unreadable))
                }
            } catch {
                parseError = error
            }
        }
        if let parseError { throw UsageError("\(path):\(parseError.line): \(parseError.message)") }
        guard headerLine != nil else { throw UsageError("\(path): the orders file is empty") }
        if let headerError { throw headerError }
        return orders
    }

    /// Orders from the SQLite input; nil when `query` is nil and there is no `orders` table.
    /// Read in the input's read transaction (`SQLiteRecordSource`), so the orders and the records
    /// are of one snapshot. A failure of the file is a `FatalError` (exit 1), one of the SQL a
    /// `UsageError` (exit 64).
    static func read(database: SQLiteDatabase, path: String, query: String?) throws -> [Order]? {
        if query == nil, !database.tableExists("orders") { return nil }
        let sql = query ?? "SELECT * FROM orders"
        let statement: SQLiteStatement
        do { statement = try database.prepare(sql) } catch {
            if error.isFileFailure { throw FatalError("cannot read \(path): \(error.message)") }
            throw UsageError("--orders-query failed: \(error.message)")
        }
        guard statement.isReadOnly else { throw UsageError("--orders-query must only read (a SELECT)") }
        let names = statement.columnNames.map { $0.lowercased() }
        var index: [String: Int32] = [:]
        for column in columns {
            guard let position = names.firstIndex(of: column) else {
                throw UsageError("\(query == nil ? "table orders in \(path)" : "--orders-query") lacks the column \(column)")
            }
            index[column] = Int32(position)
        }
        var orders: [Order] = []
        // The default table is counted first, so that the array is allocated once instead of
        // grown by doubling, copied each time, its fresh pages faulted in one by one. (At most
        // 16 million reserved: the count is a hint, not a promise to allocate whatever a table
        // claims.) Figures: Benchmarks/EXPERIMENTS.md, "Kept" › OrderReader.
        if query == nil, let count = try? database.prepare("SELECT count(*) FROM orders") {
            try? count.forEachRow { row in orders.reserveCapacity(Int(clamping: min(max(row.int64(0), 0), 1 << 24))) }
        }
        // A few products for many orders: one copy of each product id.
        var products = StringPool()
        // Column numbers looked up once, not per row.
        let (orderID, userID, productID, transactionID, deliveredAt, revokedAt) = (
            index["order_id"] ?? 0, index["user_id"] ?? 0, index["product_id"] ?? 0,
            index["transaction_id"] ?? 0, index["delivered_at"] ?? 0, index["revoked_at"] ?? 0)
        do {
            try statement.forEachRow { row in
                func field(_ column: Int32) -> FieldValue { row.fieldValue(column) }
                // ASCII text (every id a server stores) is read from SQLite's bytes: no
                // `String` for an id that the pool or an `IDText` holds anyway.
                func instant(_ column: Int32) -> UnixMillis? {
                    // NULL comes as empty text, which is no instant either.
                    guard let text = row.asciiText(column) else { return Order.instant(field(column)) }
                    return Order.instant(utf8: text)
                }
                /// The text of a column whose `instant` is nil (most are an empty `revoked_at`).
                func unreadableText(_ column: Int32) -> String? {
                    guard let text = row.asciiText(column) else { return Order.unreadableText(field(column)) }
                    return Order.unreadableText(utf8: text)
                }
                let delivered = instant(deliveredAt), revoked = instant(revokedAt)
                orders.append(Order(
                    orderID: Order.id(field(orderID)), userID: field(userID).textValue ?? "",
                    productID: row.asciiText(productID).map { Order.productID(utf8: $0, pool: &products) }
                        ?? products.intern(Order.id(field(productID))),
                    transactionID: row.asciiText(transactionID).map(Order.transactionID(utf8:)) ?? IDText(Order.id(field(transactionID))),
                    deliveredAt: delivered, revokedAt: revoked,
                    unreadable: delivered == nil || revoked == nil ? Order.UnreadableTimes.make(
                        deliveredAt: delivered == nil ? unreadableText(deliveredAt) : nil,
                        revokedAt: revoked == nil ? unreadableText(revokedAt) : nil) : nil))
            }
        } catch let error as SQLiteError where error.isFileFailure {
            throw FatalError("cannot read orders from \(path): \(error.message)")
        } catch let error as SQLiteError {
            throw UsageError("\(query == nil ? "cannot read orders from \(path)" : "--orders-query failed"): \(error.message)")
        }
        return orders
    }
}
