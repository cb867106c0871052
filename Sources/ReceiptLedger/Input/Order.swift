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

    static func id(_ value: FieldValue) -> String {
        LooseText.trimmed(value.textValue ?? "", newlines: true)
    }

    private static func trimmed(_ value: FieldValue) -> FieldValue {
        if case .text(let text) = value { return .text(LooseText.trimmed(text, newlines: false)) }
        return value
    }
}
