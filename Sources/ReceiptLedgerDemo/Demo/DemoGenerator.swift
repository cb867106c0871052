import Foundation

/// Makes a realistic, deterministic demo data set: stored verifyReceipt answers and, for about
/// one user in ten, Apple's signed records of SPEC §9 (SQLite or NDJSON), the app's `orders`,
/// and a product catalog, with every pitfall of DOMAIN.md.
///
/// The same `seed` and `records` always give the same data, byte for byte; nothing reads
/// the clock or the system random source. Named stories (users `u_refund_leak_1`,
/// `u_upgrade_1`, …) exist at every size of at least `DemoGenerator.namedRecordCount`;
/// ordinary customers fill the rest. The latest `verified_at` is `DemoWorld.end`.
struct DemoGenerator {
    static let defaultRecords = 5_000
    /// The version of the generated data, stored as the SQLite file's `user_version`: raised
    /// whenever the same seed and size start giving other bytes (2: signed customers; 3: their JWS
    /// carry a certificate chain of Apple's length), so that
    /// `bench` regenerates data it kept from an older generator.
    static let dataVersion: Int64 = 3

    let seed: UInt64
    let recordCount: Int
    let world: DemoWorld

    init(seed: UInt64, records: Int, shape: DemoShape = .demo) {
        self.seed = seed
        self.recordCount = max(0, records)
        self.world = DemoWorld.build(seed: seed, records: records, shape: shape)
    }

    /// How many records the named stories take for a seed (about 300); smaller sizes keep
    /// only their earliest records.
    static func namedRecordCount(seed: UInt64) -> Int {
        DemoWorld.namedStories(seed: seed).plans.count
    }

    /// The records in id order, rendered lazily.
    func records() -> DemoRecords {
        DemoRecords(world: world)
    }

    /// The app's deliveries, in `order_id` order.
    func orders() -> [DemoOrder] {
        DemoOrderBook.orders(for: world)
    }

    func writeCatalog(to path: String) throws {
        try Data(DemoCatalog.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// `orders.csv` for runs on NDJSON input (`--orders FILE.csv`).
    func writeOrdersCSV(to path: String) throws {
        var text = "order_id,user_id,product_id,transaction_id,delivered_at,revoked_at\n"
        for order in orders() {
            text += "\(order.orderID),\(order.userID ?? ""),\(order.productID),\(order.transactionID),"
            text += "\(DemoGenerator.csvTime(order.deliveredAt)),\(order.revokedAt.map(DemoGenerator.csvTime) ?? "")\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func csvTime(_ time: DemoTimestamp) -> String {
        switch time {
        case .millis(let value): return String(value)
        case .text(let text): return text
        }
    }
}
