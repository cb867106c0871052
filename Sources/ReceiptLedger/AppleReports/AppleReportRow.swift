/// One purchase row of an Apple report, as SPEC §10 compares it.
struct AppleReportRow: Hashable, Sendable {
    var kind: AppleReportKind
    /// The days it covers: Begin to End Date (sales), the fiscal month of its Start Date (financial).
    var span: AppleSpan
    /// SKU (sales) or Vendor Identifier (financial), trimmed: the product id.
    var productID: String
    /// Product Type Identifier as written, trimmed (`IAY`, `IA1`, `FI1`).
    var productType: String
    /// Units (sales) or Quantity (financial), signed: a return is negative.
    var units: Int64
    /// Units × |Customer Price| in Customer Currency; the Customer Price itself for a zero-unit
    /// partial refund; nil when the price or its currency is unreadable or absent.
    var customerAmount: Money?
    /// Sales: Units × Developer Proceeds, or −Developer Proceeds for a zero-unit partial refund, in
    /// Currency of Proceeds. Financial: Extended Partner Share as signed, in Partner Share Currency.
    var proceeds: Money?
    /// Country Code (sales) or Country Of Sale (financial).
    var country: String
    /// Sales: Subscription, Period, Proceeds Reason, Order Type; financial: Sale or Return. Empty when absent.
    var subscription = ""
    var subscriptionPeriod = ""
    var proceedsReason = ""
    var orderType = ""
    var saleOrReturn = ""
    /// Where it was read: the index of its file in `AppleReportSet.files`, and its line (1 = header).
    var file: Int
    var line: Int
    /// Units 0 with a negative Customer Price: Apple's partial refund (SPEC §10, §9 prorated refunds).
    var isPartialRefund = false
}
