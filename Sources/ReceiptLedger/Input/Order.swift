/// One delivery the app itself recorded (SPEC §1.3): what it unlocked, for whom, and when it
/// took it back.
struct Order: Sendable {
    /// Trimmed; an integer id becomes its decimal text.
    var orderID: String
    /// Exactly as stored.
    var userID: String
    var productID: String
    /// Inline (`IDText`): half a million orders at 1,000,000 records.
    var transactionID: IDText
    var deliveredAt: UnixMillis?
    /// nil when empty or unreadable: not revoked.
    var revokedAt: UnixMillis?

    /// The order id as an integer when it is one (it then sorts numerically, before text ids).
    var numericOrderID: Int64? { JSONValue.parseDigits(orderID, allowSign: true) }

    init(orderID: FieldValue, userID: FieldValue, productID: FieldValue, transactionID: FieldValue,
         deliveredAt: FieldValue, revokedAt: FieldValue) {
        self.orderID = Order.id(orderID)
        self.userID = userID.textValue ?? ""
        self.productID = Order.id(productID)
        self.transactionID = IDText(Order.id(transactionID))
        self.deliveredAt = RecordIndex.instant(Order.trimmed(deliveredAt))
        self.revokedAt = RecordIndex.instant(Order.trimmed(revokedAt))
    }

    /// The same order from the UTF-8 of a CSV row's fields (an empty field reads as NULL
    /// does), without a `String` per field: `productID` is given trimmed, as `id` trims it.
    init(utf8 orderID: UnsafeBufferPointer<UInt8>, userID: UnsafeBufferPointer<UInt8>, productID: String,
         transactionID: UnsafeBufferPointer<UInt8>, deliveredAt: UnsafeBufferPointer<UInt8>, revokedAt: UnsafeBufferPointer<UInt8>) {
        self.orderID = LooseText.trimmed(utf8: orderID, newlines: true)
        self.userID = String(decoding: userID, as: UTF8.self)
        self.productID = productID
        if let range = LooseText.asciiTrimmedRange(transactionID, newlines: true) {
            self.transactionID = IDText(utf8: UnsafeBufferPointer(rebasing: transactionID[range]))
        } else {
            self.transactionID = IDText(LooseText.trimmed(utf8: transactionID, newlines: true))
        }
        self.deliveredAt = Order.instant(utf8: deliveredAt)
        self.revokedAt = Order.instant(utf8: revokedAt)
    }

    private static func instant(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UnixMillis? {
        guard let range = LooseText.asciiTrimmedRange(bytes, newlines: false) else {
            return RecordIndex.instant(.text(LooseText.trimmed(utf8: bytes, newlines: false)))
        }
        return RecordIndex.instant(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    static func id(_ value: FieldValue) -> String {
        LooseText.trimmed(value.textValue ?? "", newlines: true)
    }

    private static func trimmed(_ value: FieldValue) -> FieldValue {
        if case .text(let text) = value { return .text(LooseText.trimmed(text, newlines: false)) }
        return value
    }
}
