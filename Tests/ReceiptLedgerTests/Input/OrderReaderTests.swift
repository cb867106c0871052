import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// The orders CSV is streamed row by row; these pin what it reads and which error wins when a
/// file has several problems (a malformed row anywhere, then an empty file, then a missing column).
@Suite struct OrderReaderTests {
    private func read(_ csv: String) throws(UsageError) -> [Order] {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("orders-\(UUID().uuidString).csv").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(csv.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { return try OrderReader.read(csvPath: path) } catch { throw UsageError(error.message.replacingOccurrences(of: path, with: "o.csv")) }
    }

    @Test func readsColumnsInAnyOrderAndTrimsIDs() throws {
        let orders = try read("""
            Revoked_At,transaction_id,order_id,user_id,product_id,delivered_at
            ,"1000 ", 7 ,u1,p,1704216495442
            1704216495443,1001,x,u2,p,

            """)
        #expect(orders.map(\.orderID) == ["7", "x"])
        #expect(orders.map(\.transactionID) == ["1000", "1001"])
        #expect(orders.map(\.userID) == ["u1", "u2"])
        #expect(orders.map(\.deliveredAt) == [UnixMillis(1_704_216_495_442), nil])
        #expect(orders.map(\.revokedAt) == [nil, UnixMillis(1_704_216_495_443)])
    }

    /// An order read from a CSV row's bytes is the order read from the same texts as fields
    /// (the SQLite path): trimming, ids, instants, also where only Foundation can trim.
    @Test func bytesReadAsFieldsDo() {
        let pieces = ["", " ", "\t", "\n", "\u{00A0}", "\u{2003}", "é", "7", "u1", "2000000100013322", "20000001000133221",
                      "1704216495442", "2024-03-01T10:00:00Z", "2024-03-01 10:00:00 Etc/GMT", "x"]
        var random = DemoRandom(seed: 5)
        func text() -> String { (0..<random.below(4)).map { _ in pieces[Int(random.below(UInt64(pieces.count)))] }.joined() }
        for _ in 0..<5_000 {
            let texts = (0..<6).map { _ in text() }
            func value(_ text: String) -> FieldValue { text.isEmpty ? .null : .text(text) }
            let expected = Order(orderID: value(texts[0]), userID: value(texts[1]), productID: value(texts[2]),
                                 transactionID: value(texts[3]), deliveredAt: value(texts[4]), revokedAt: value(texts[5]))
            var pool = StringPool()
            let bytes = texts.map { Array($0.utf8) }
            func read<T>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T { bytes[field].withUnsafeBufferPointer(body) }
            let order = Order(orderID: read(0) { Order.id(utf8: $0) }, userID: texts[1],
                              productID: read(2) { Order.productID(utf8: $0, pool: &pool) },
                              transactionID: read(3) { Order.transactionID(utf8: $0) },
                              deliveredAt: read(4) { Order.instant(utf8: $0) }, revokedAt: read(5) { Order.instant(utf8: $0) })
            #expect(order.productID == expected.productID, "\(texts)")
            #expect(order.orderID == expected.orderID && order.userID == expected.userID, "\(texts)")
            #expect(order.transactionID == expected.transactionID, "\(texts)")
            #expect(order.deliveredAt == expected.deliveredAt && order.revokedAt == expected.revokedAt, "\(texts)")
            let unreadable = (read(4) { Order.unreadableText(utf8: $0) }, read(5) { Order.unreadableText(utf8: $0) })
            #expect((order.deliveredAt == nil ? unreadable.0 : nil) == expected.unreadable?.deliveredAt, "\(texts)")
            #expect((order.revokedAt == nil ? unreadable.1 : nil) == expected.unreadable?.revokedAt, "\(texts)")
        }
    }

    /// The `orders` table read with its ASCII text as bytes gives the orders that reading every
    /// value as a `FieldValue` gives, whatever the storage classes (integers, reals, blobs,
    /// invalid UTF-8, non-ASCII spaces, NULL).
    @Test func sqliteOrdersReadAsFieldValuesDo() throws {
        let folder = try SQLiteTestDirectory()
        let path = folder.path("orders.sqlite")
        let values = ["NULL", "''", "' 7 '", "12", "1.5", "x'41'", "x'ff41'", "'u1'", "' p\u{00A0}'", "'\u{00A0}p'",
                      "'2000000100013322'", "' 20000001000133221 '", "1704216495442", "' 1704216495442 '",
                      "'2024-03-01 10:00:00 Etc/GMT'", "'2024-03-01T10:00:00Z\t'", "'bad'", "'é'"]
        var random = DemoRandom(seed: 9)
        var rows: [String] = []
        for _ in 0..<400 {
            rows.append("(" + (0..<6).map { _ in values[Int(random.below(UInt64(values.count)))] }.joined(separator: ",") + ")")
        }
        do {
            let writer = try SQLiteDatabase(path: path, readOnly: false)
            try writer.execute("CREATE TABLE orders(order_id, user_id, product_id, transaction_id, delivered_at, revoked_at); "
                               + "INSERT INTO orders VALUES " + rows.joined(separator: ","))
        }
        let database = try SQLiteDatabase(path: path, readOnly: true)
        let orders = try #require(try OrderReader.read(database: database, path: path, query: nil))
        var expected: [Order] = []
        try database.prepare("SELECT * FROM orders").forEachRow { row in
            func field(_ column: Int32) -> FieldValue { row.fieldValue(column) }
            expected.append(Order(orderID: field(0), userID: field(1), productID: field(2), transactionID: field(3),
                                  deliveredAt: field(4), revokedAt: field(5)))
        }
        #expect(orders.count == 400)
        for (order, want) in zip(orders, expected) {
            #expect(order.orderID == want.orderID && order.userID == want.userID && order.productID == want.productID)
            #expect(order.transactionID == want.transactionID)
            #expect(order.deliveredAt == want.deliveredAt && order.revokedAt == want.revokedAt)
            #expect(order.unreadable?.deliveredAt == want.unreadable?.deliveredAt && order.unreadable?.revokedAt == want.unreadable?.revokedAt)
        }
        #expect(orders.contains { $0.deliveredAt != nil } && orders.contains { $0.transactionID == "2000000100013322" })
        #expect(orders.contains { $0.unreadable?.revokedAt == "bad" } && orders.contains { $0.unreadable?.deliveredAt == "1.5" })
    }

    /// SPEC §8 Revision 2: a non-empty time that is no instant is kept as its trimmed text (a
    /// blank one is no time at all).
    @Test func keepsTheTrimmedTextOfAnUnreadableTime() throws {
        let orders = try read("""
            order_id,user_id,product_id,transaction_id,delivered_at,revoked_at
            1,u,p,1, soon ,	2024-02-30	
            2,u,p,2,1704216495442,"  "
            3,u,p,3,,1704216495443

            """)
        #expect(orders.map { $0.unreadable?.deliveredAt } == ["soon", nil, nil])
        #expect(orders.map { $0.unreadable?.revokedAt } == ["2024-02-30", nil, nil])
        #expect(orders.map { $0.unreadable == nil } == [false, true, true])
        #expect(orders.map(\.revokedAt) == [nil, nil, UnixMillis(1_704_216_495_443)])
    }

    /// An order keeps a transaction id in plain digits as a number and any other as text: each
    /// comes back as stored (trimmed), with or without unreadable times beside it.
    @Test func keepsEveryTransactionIDExactly() throws {
        let orders = try read("""
            order_id,user_id,product_id,transaction_id,delivered_at,revoked_at
            1,u,p,2000000100013322,,
            2,u,p,0123,,
            3,u,p,,,
            4,u,p,T-9,soon,
            5,u,p,99999999999999999999,,later
            6,u,p,0,,

            """)
        #expect(orders.map(\.transactionID.string) == ["2000000100013322", "0123", "", "T-9", "99999999999999999999", "0"])
        #expect(orders.map { $0.unreadable?.deliveredAt } == [nil, nil, nil, "soon", nil, nil])
        #expect(orders.map { $0.unreadable?.revokedAt } == [nil, nil, nil, nil, "later", nil])
    }

    @Test func productIDsAreTrimmedAndShared() throws {
        let orders = try read("order_id,user_id,product_id,transaction_id,delivered_at,revoked_at\n1,u, p ,1,,\n2,u,p,2,,\n3,u,\u{00A0}p\u{00A0},3,,\n")
        #expect(orders.map(\.productID) == ["p", "p", "p"])
    }

    @Test(arguments: [
        ("order_id,user_id\n1,u\n\"2,u\n", "o.csv:3: unclosed quoted field"),
        ("order_id,user_id\n1,u\n", "o.csv:1: missing column product_id"),
        ("\n\n", "o.csv: the orders file is empty"),
    ])
    func errorsKeepTheirPrecedence(csv: String, message: String) {
        do {
            _ = try read(csv)
            Issue.record("no error for \(csv.debugDescription)")
        } catch {
            #expect(error.message == message)
        }
    }
}
