import Foundation

/// Reads orders from `--orders FILE.csv`, `--orders-query` or an `orders` table or view in the
/// SQLite input (SPEC §8 "Orders": in that order of preference).
enum OrderReader {
    static let columns = ["order_id", "user_id", "product_id", "transaction_id", "delivered_at", "revoked_at"]

    static func read(csvPath path: String) throws(UsageError) -> [Order] {
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read orders file \(path)") }
        guard let text = String(validating: data, as: UTF8.self) else { throw UsageError("orders file \(path) is not UTF-8 text") }
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(of: text) } catch { throw UsageError("\(path):\(error.line): \(error.message)") }
        guard let header = rows.first else { throw UsageError("\(path): the orders file is empty") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var index: [String: Int] = [:]
        for column in columns {
            guard let position = names.firstIndex(of: column) else { throw UsageError("\(path):\(header.line): missing column \(column)") }
            index[column] = position
        }
        var products = StringPool()
        return rows.dropFirst().map { row in
            func field(_ name: String) -> FieldValue {
                guard let i = index[name], i < row.fields.count, !row.fields[i].isEmpty else { return .null }
                return .text(row.fields[i])
            }
            var order = Order(orderID: field("order_id"), userID: field("user_id"), productID: field("product_id"),
                              transactionID: field("transaction_id"), deliveredAt: field("delivered_at"), revokedAt: field("revoked_at"))
            order.productID = products.intern(order.productID)
            return order
        }
    }

    /// Orders from the SQLite input; nil when `query` is nil and there is no `orders` table.
    static func read(database: SQLiteDatabase, path: String, query: String?) throws(UsageError) -> [Order]? {
        if query == nil, !database.tableExists("orders") { return nil }
        let sql = query ?? "SELECT * FROM orders"
        let statement: SQLiteStatement
        do { statement = try database.prepare(sql) } catch { throw UsageError("--orders-query failed: \(error.message)") }
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
        // A few products for many orders: one copy of each product id.
        var products = StringPool()
        do {
            try statement.forEachRow { row in
                func field(_ name: String) -> FieldValue { SQLiteRecordSource.value(row, index[name] ?? 0) }
                var order = Order(orderID: field("order_id"), userID: field("user_id"), productID: field("product_id"),
                                  transactionID: field("transaction_id"), deliveredAt: field("delivered_at"), revokedAt: field("revoked_at"))
                order.productID = products.intern(order.productID)
                orders.append(order)
            }
        } catch {
            throw UsageError("cannot read orders from \(path): \(error)")
        }
        return orders
    }
}
