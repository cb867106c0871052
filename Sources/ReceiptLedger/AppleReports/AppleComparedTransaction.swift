/// One of our production transactions as SPEC §10 compares it with Apple's rows (the run maps
/// each booked production transaction to one; sandbox never reaches Apple's reports).
struct AppleComparedTransaction: Sendable {
    var transactionID: String
    var productID: String
    var purchase: UnixMillis
    var quantity: Int64
    var status: TransactionStatus
    /// The refund's instant: a cancellation that is not an upgrade; nil when not refunded.
    var refund: UnixMillis?
    /// A prorated refund below 100 % (§9): its money goes back in part and it takes back no units,
    /// as Apple's reports show it with Units 0.
    var isProratedRefund = false
    /// The transaction's currency (a signed price's, or the catalog row's); nil when unknown.
    var currency: Currency?
    var gross: Money?
    var proceeds: Money?
    /// What the refund reverses: the whole gross and proceeds when nil (SPEC §5), the prorated
    /// part when given (§9).
    var refundedGross: Money?
    var refundedProceeds: Money?

    init(transactionID: String, productID: String, purchase: UnixMillis, quantity: Int64, status: TransactionStatus,
         refund: UnixMillis? = nil, isProratedRefund: Bool = false, currency: Currency? = nil, gross: Money? = nil,
         proceeds: Money? = nil, refundedGross: Money? = nil, refundedProceeds: Money? = nil) {
        self.transactionID = transactionID
        self.productID = productID
        self.purchase = purchase
        self.quantity = quantity
        self.status = status
        self.refund = refund
        self.isProratedRefund = isProratedRefund
        self.currency = currency
        self.gross = gross
        self.proceeds = proceeds
        self.refundedGross = refundedGross
        self.refundedProceeds = refundedProceeds
    }

    /// SPEC §10: `sold`, `upgraded`, `refunded` and `unpriced` transactions are units Apple
    /// reports (an unpriced sale is still a unit); trials and family-shared ones are not.
    var isCounted: Bool { status == .sold || status == .upgraded || status == .refunded || status == .unpriced }
}
