import Foundation

/// Writing the demo data: a SQLite file (one transaction, one prepared INSERT) and NDJSON
/// (a reused byte buffer flushed in large blocks). Each file is written beside its final
/// path and moved into place, so a failed run leaves no half-written file.
extension DemoGenerator {
    static let schema = """
        CREATE TABLE verification_results(
            id INTEGER PRIMARY KEY, user_id TEXT, verified_at, claimed_environment TEXT, response TEXT);
        CREATE TABLE orders(
            order_id INTEGER PRIMARY KEY, user_id TEXT, product_id TEXT, transaction_id TEXT, delivered_at, revoked_at);
        """

    func writeSQLite(to path: String) throws {
        let temporary = path + ".writing"
        try? FileManager.default.removeItem(atPath: temporary)
        do {
            let db = try SQLiteDatabase(path: temporary, readOnly: false)
            // A fresh file that is moved into place only when complete needs no journal.
            try db.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA user_version = \(DemoGenerator.dataVersion);")
            try db.execute(DemoGenerator.schema)
            try db.execute("BEGIN")
            let insert = try db.prepare(
                "INSERT INTO verification_results(id, user_id, verified_at, claimed_environment, response) VALUES (?1, ?2, ?3, ?4, ?5)")
            for record in records() {
                try insert.bind(.integer(record.id), at: 1)
                try insert.bind(record.userID.map(SQLiteBindValue.text) ?? .null, at: 2)
                try insert.bind(DemoGenerator.bindValue(record.verifiedAt), at: 3)
                try insert.bind(record.claimedEnvironment.map(SQLiteBindValue.text) ?? .null, at: 4)
                if let response = record.response {
                    try response.withUnsafeBytes { try insert.bindUTF8($0, at: 5) }
                } else {
                    try insert.bind(.null, at: 5)
                }
                _ = try insert.step()
                try insert.reset()
            }
            let order = try db.prepare(
                "INSERT INTO orders(order_id, user_id, product_id, transaction_id, delivered_at, revoked_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            for row in orders() {
                try order.bind(.integer(row.orderID), at: 1)
                try order.bind(row.userID.map(SQLiteBindValue.text) ?? .null, at: 2)
                try order.bind(.text(row.productID), at: 3)
                try order.bind(.text(row.transactionID), at: 4)
                try order.bind(DemoGenerator.bindValue(row.deliveredAt), at: 5)
                try order.bind(row.revokedAt.map(DemoGenerator.bindValue) ?? .null, at: 6)
                _ = try order.step()
                try order.reset()
            }
            try db.execute("COMMIT")
        }
        try DemoGenerator.moveIntoPlace(temporary, path)
    }

    /// One JSON object per line with the keys of the SQLite table; `response` is an object,
    /// or a string holding the body on some lines (and for every body that is not an object).
    func writeNDJSON(to path: String) throws {
        let temporary = path + ".writing"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let file = FileHandle(forWritingAtPath: temporary)
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary])
        }
        var line = DemoJSONWriter(capacity: 2 * 1_048_576)
        do {
            defer { try? file.close() }
            for record in records() {
                DemoGenerator.writeLine(record, into: &line)
                if line.bytes.count >= 1_048_576 {
                    try file.write(contentsOf: line.bytes)
                    line.removeAll()
                }
            }
            try file.write(contentsOf: line.bytes)
        }
        try DemoGenerator.moveIntoPlace(temporary, path)
    }

    static func writeLine(_ record: DemoRecord, into line: inout DemoJSONWriter) {
        line.append("{\"id\":")
        line.integer(record.id)
        line.key("user_id")
        if let userID = record.userID { line.string(userID) } else { line.append("null") }
        line.key("verified_at")
        switch record.verifiedAt {
        case .millis(let value): line.integer(value)
        case .text(let text): line.string(text)
        }
        line.key("claimed_environment")
        if let claimed = record.claimedEnvironment { line.string(claimed) } else { line.append("null") }
        line.key("response")
        if let response = record.response {
            let asObject = record.body.isJSON && record.body != .emptyArray && !record.body.isSignedTransaction
                && !record.flags.contains(.byteOrderMark) && !record.flags.contains(.responseAsString)
            if asObject { line.append(response) } else { line.string(bytes: response) }
        } else {
            line.append("null")
        }
        line.append("}\n")
    }

    private static func bindValue(_ time: DemoTimestamp) -> SQLiteBindValue {
        switch time {
        case .millis(let value): return .integer(value)
        case .text(let text): return .text(text)
        }
    }

    private static func moveIntoPlace(_ temporary: String, _ path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }
}
