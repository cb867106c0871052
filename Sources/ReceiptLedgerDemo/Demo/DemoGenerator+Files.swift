import Foundation
import ReceiptLedger

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
            // A fresh file that is moved into place only when complete needs no journal.
            let db = try SQLiteFileWriter(
                path: temporary,
                setup: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA user_version = \(DemoGenerator.dataVersion);"
                    + DemoGenerator.schema)
            let insert = try db.insert(
                "INSERT INTO verification_results(id, user_id, verified_at, claimed_environment, response) VALUES (?1, ?2, ?3, ?4, ?5)")
            for record in records() {
                try insert.run([
                    .integer(record.id), record.userID.map(SQLiteFileWriter.Value.text) ?? .null,
                    DemoGenerator.bindValue(record.verifiedAt), record.claimedEnvironment.map(SQLiteFileWriter.Value.text) ?? .null,
                    record.response.map(record.flags.contains(.storedAsBlob) ? SQLiteFileWriter.Value.blob : SQLiteFileWriter.Value.utf8) ?? .null,
                ])
            }
            let order = try db.insert(
                "INSERT INTO orders(order_id, user_id, product_id, transaction_id, delivered_at, revoked_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            for row in orders() {
                try order.run([
                    .integer(row.orderID), row.userID.map(SQLiteFileWriter.Value.text) ?? .null, .text(row.productID),
                    .text(row.transactionID), DemoGenerator.bindValue(row.deliveredAt), row.revokedAt.map(DemoGenerator.bindValue) ?? .null,
                ])
            }
            try db.commit()
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

    private static func bindValue(_ time: DemoTimestamp) -> SQLiteFileWriter.Value {
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
