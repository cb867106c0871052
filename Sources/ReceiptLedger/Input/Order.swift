/// One delivery the app itself recorded (SPEC §1.3): what it unlocked, for whom, and when it
/// took it back.
struct Order: Sendable {
    /// Trimmed; an integer id becomes its decimal text.
    var orderID: String
    /// Exactly as stored.
    var userID: String
    var productID: String
    var deliveredAt: UnixMillis? {
        get { Self.instant(deliveredAtMillis) }
        set { deliveredAtMillis = Self.millis(newValue) }
    }
    /// nil when empty or unreadable: not revoked.
    var revokedAt: UnixMillis? {
        get { Self.instant(revokedAtMillis) }
        set { revokedAtMillis = Self.millis(newValue) }
    }
    /// The texts of a non-empty `delivered_at` / `revoked_at` that is no instant; nil for
    /// almost every order.
    var unreadable: UnreadableTimes? { unusual?.times }
    /// The transaction id, exactly as stored (trimmed).
    var transactionID: IDText {
        transactionIDValue == Self.transactionIDIsText ? unusual?.transactionIDText ?? "" : DecimalID.text(transactionIDValue)
    }
    /// What almost no order has: unreadable times, a transaction id not in plain digits (one
    /// reference, so that many orders stay small).
    private let unusual: Unusual?
    /// The transaction id's value when it is in plain digits (`DecimalID`), as Apple's are, else
    /// `transactionIDIsText`: 8 bytes where an `IDText` takes 17, and a run may hold about as
    /// many orders as transactions at once (issue 26).
    private let transactionIDValue: UInt64
    private static let transactionIDIsText = UInt64.max

    /// The two instants as milliseconds, `Int64.min` for none (which no instant read from
    /// text is: years 1 to 9999): an optional takes 16 bytes, and a run reconciles as many
    /// orders as it is given at once (issue 26).
    private var deliveredAtMillis: Int64
    private var revokedAtMillis: Int64

    private static func instant(_ millis: Int64) -> UnixMillis? { millis == Int64.min ? nil : UnixMillis(millis) }
    private static func millis(_ instant: UnixMillis?) -> Int64 { instant?.rawValue ?? Int64.min }

    /// An order's rare parts: see `unusual`.
    private final class Unusual: Sendable {
        let times: UnreadableTimes?
        let transactionIDText: IDText?

        init(times: UnreadableTimes?, transactionIDText: IDText?) {
            self.times = times
            self.transactionIDText = transactionIDText
        }
    }

    /// The stored forms of `transactionID` and `unreadable`.
    private static func stored(_ transactionID: IDText, _ times: UnreadableTimes?) -> (UInt64, Unusual?) {
        if let value = DecimalID.value(of: transactionID) {
            return (value, times.map { Unusual(times: $0, transactionIDText: nil) })
        }
        return (transactionIDIsText, Unusual(times: times, transactionIDText: transactionID))
    }

    /// The trimmed texts of `delivered_at` and `revoked_at` that could not be read: written as
    /// they are (SPEC §8 Revision 2) and raised as `bad_delivered_at` / `bad_revoked_at`.
    final class UnreadableTimes: Sendable {
        let deliveredAt: String?
        let revokedAt: String?

        /// nil when neither field is unreadable.
        static func make(deliveredAt: String?, revokedAt: String?) -> UnreadableTimes? {
            deliveredAt == nil && revokedAt == nil ? nil : UnreadableTimes(deliveredAt: deliveredAt, revokedAt: revokedAt)
        }

        private init(deliveredAt: String?, revokedAt: String?) {
            self.deliveredAt = deliveredAt
            self.revokedAt = revokedAt
        }
    }

    /// The order id as an integer when it is one (it then sorts numerically, before text ids).
    var numericOrderID: Int64? { JSONValue.parseDigits(orderID, allowSign: true) }

    init(orderID: FieldValue, userID: FieldValue, productID: FieldValue, transactionID: FieldValue,
         deliveredAt: FieldValue, revokedAt: FieldValue) {
        self.orderID = Order.id(orderID)
        self.userID = userID.textValue ?? ""
        self.productID = Order.id(productID)
        let delivered = Order.instant(deliveredAt), revoked = Order.instant(revokedAt)
        deliveredAtMillis = Self.millis(delivered)
        revokedAtMillis = Self.millis(revoked)
        let times = UnreadableTimes.make(deliveredAt: delivered == nil ? Order.unreadableText(deliveredAt) : nil,
                                         revokedAt: revoked == nil ? Order.unreadableText(revokedAt) : nil)
        (transactionIDValue, unusual) = Self.stored(IDText(Order.id(transactionID)), times)
    }

    /// An order from values already read as `init(orderID:…)` reads them (the readers' byte
    /// paths: `id(utf8:)`, `transactionID(utf8:)`, `instant(utf8:)`).
    init(orderID: String, userID: String, productID: String, transactionID: IDText, deliveredAt: UnixMillis?, revokedAt: UnixMillis?,
         unreadable: UnreadableTimes? = nil) {
        self.orderID = orderID
        self.userID = userID
        self.productID = productID
        deliveredAtMillis = Self.millis(deliveredAt)
        revokedAtMillis = Self.millis(revokedAt)
        (transactionIDValue, unusual) = Self.stored(transactionID, unreadable)
    }

    /// `id(.text(…))` of UTF-8 bytes, where an empty field reads as NULL does.
    static func id(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        LooseText.trimmed(utf8: bytes, newlines: true)
    }

    /// `IDText(id(.text(…)))` of UTF-8 bytes, without the `String` in between.
    static func transactionID(utf8 bytes: UnsafeBufferPointer<UInt8>) -> IDText {
        guard let range = LooseText.asciiTrimmedRange(bytes, newlines: true) else { return IDText(id(utf8: bytes)) }
        return IDText(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// `StoredInstant.instant(trimmed(.text(…)))` of UTF-8 bytes (an empty field is no instant).
    static func instant(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UnixMillis? {
        guard let range = LooseText.asciiTrimmedRange(bytes, newlines: false) else {
            return instant(.text(String(decoding: bytes, as: UTF8.self)))
        }
        return StoredInstant.instant(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// `unreadableText(.text(…))` of UTF-8 bytes whose `instant(utf8:)` is nil.
    static func unreadableText(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = LooseText.trimmed(utf8: bytes, newlines: true)
        return text.isEmpty ? nil : text
    }

    /// The product id as `id` reads it, from the pool: known ids cost no `String`.
    static func productID(utf8 bytes: UnsafeBufferPointer<UInt8>, pool: inout StringPool) -> String {
        guard let range = LooseText.asciiTrimmedRange(bytes, newlines: true) else { return pool.intern(id(utf8: bytes)) }
        return pool.intern(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    static func id(_ value: FieldValue) -> String {
        LooseText.trimmed(value.textValue ?? "", newlines: true)
    }

    /// The trimmed text of a `delivered_at` / `revoked_at` value whose `instant` is nil; nil when
    /// it is empty (NULL, or blank text: no time given).
    static func unreadableText(_ value: FieldValue) -> String? {
        let text = LooseText.trimmed(value.textValue ?? "", newlines: true)
        return text.isEmpty ? nil : text
    }

    /// `delivered_at` and `revoked_at`: any `verified_at` form, text trimmed first.
    static func instant(_ value: FieldValue) -> UnixMillis? {
        if case .text(let text) = value { return StoredInstant.instant(.text(LooseText.trimmed(text, newlines: false))) }
        return StoredInstant.instant(value)
    }
}
