/// The amounts of one ledger row, in minor units of its currency (SPEC §7 "Ledger columns").
struct LedgerAmounts: Sendable, Equatable {
    var unitsSold: Int64 = 0
    var gross: Int64 = 0
    var proceeds: Int64 = 0
    var unitsRefunded: Int64 = 0
    var refund: Int64 = 0
    var refundProceeds: Int64 = 0

    var net: Int64 { gross - refund }
    var netProceeds: Int64 { proceeds - refundProceeds }
    /// SPEC: a ledger row exists only where some count is non-zero.
    /// A refund was booked: units taken back, or money only (a prorated refund below 100 %
    /// takes back no units, SPEC §9).
    var hasRefund: Bool { unitsRefunded > 0 || refund != 0 || refundProceeds != 0 }
    var isEmpty: Bool { unitsSold == 0 && gross == 0 && proceeds == 0 && unitsRefunded == 0 && refund == 0 && refundProceeds == 0 }

    static func += (lhs: inout LedgerAmounts, rhs: LedgerAmounts) {
        lhs.unitsSold += rhs.unitsSold
        lhs.gross += rhs.gross
        lhs.proceeds += rhs.proceeds
        lhs.unitsRefunded += rhs.unitsRefunded
        lhs.refund += rhs.refund
        lhs.refundProceeds += rhs.refundProceeds
    }
}

/// Where a refund is booked (`--refunds`).
enum RefundBooking: String, Sendable {
    /// In the period holding the cancellation, as Apple's financial reports do (default).
    case refundPeriod = "refund-period"
    /// Restating the sale's own period (cohort view).
    case salePeriod = "sale-period"
}
