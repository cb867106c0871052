import Foundation
import Testing
@testable import ReceiptLedger

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
