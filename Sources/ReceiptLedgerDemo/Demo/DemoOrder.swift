/// One row of the app's own `orders` table: what it delivered, to whom, and whether it took it back.
struct DemoOrder: Equatable {
    var orderID: Int64 = 0
    var userID: String?
    var productID: String
    var transactionID: String
    var deliveredAt: DemoTimestamp
    var revokedAt: DemoTimestamp?
}

/// A stored instant: integer ms, or text in one of the forms servers write.
enum DemoTimestamp: Equatable {
    case millis(Int64)
    case text(String)

    /// The instant for sorting; text forms sort after every integer (they are rare).
    var sortKey: Int64 {
        switch self {
        case .millis(let value): return value
        case .text: return .max
        }
    }

    static func gmtText(_ instant: Int64) -> DemoTimestamp {
        var writer = DemoJSONWriter(capacity: 32)
        writer.wallClock(instant)
        writer.append(" Etc/GMT")
        return .text(String(decoding: writer.bytes, as: UTF8.self))
    }

    static func isoText(_ instant: Int64) -> DemoTimestamp {
        var writer = DemoJSONWriter(capacity: 32)
        writer.wallClock(instant, separator: UInt8(ascii: "T"))
        writer.append("Z")
        return .text(String(decoding: writer.bytes, as: UTF8.self))
    }
}
