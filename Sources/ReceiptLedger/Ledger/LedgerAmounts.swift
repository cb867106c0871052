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

/// The amounts of a ledger's rows, by row number: six 32-bit numbers a row while each of its
/// sums fits in one, a row whose sums leave that range kept whole beside them, exact either way.
///
/// Why: a user ledger has nearly a row per transaction and is held until every file is written;
/// six 64-bit sums took 48 bytes a row where nearly every sum fits 32 bits (issue 26).
struct LedgerAmountColumn: RandomAccessCollection, Sendable {
    /// Row `r`'s six sums at `6 r ..< 6 r + 6`, in `LedgerAmounts`' order; `Int32.min` first
    /// for a row kept in `wide`.
    private var narrow: [Int32] = []
    private var wide: [Int: LedgerAmounts] = [:]

    init(reservingRows rows: Int = 0) {
        narrow.reserveCapacity(6 * rows)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { narrow.count / 6 }

    subscript(row: Int) -> LedgerAmounts {
        let at = 6 * row
        if narrow[at] == Int32.min { return wide[row] ?? LedgerAmounts() }
        return LedgerAmounts(unitsSold: Int64(narrow[at]), gross: Int64(narrow[at + 1]), proceeds: Int64(narrow[at + 2]),
                             unitsRefunded: Int64(narrow[at + 3]), refund: Int64(narrow[at + 4]), refundProceeds: Int64(narrow[at + 5]))
    }

    /// Adds a row holding `amounts`.
    mutating func append(_ amounts: LedgerAmounts) {
        narrow.append(contentsOf: repeatElement(0, count: 6))
        store(amounts, at: endIndex - 1)
    }

    /// Adds `amounts` to row `row`'s sums.
    mutating func add(_ amounts: LedgerAmounts, at row: Int) {
        var sum = self[row]
        sum += amounts
        store(sum, at: row)
    }

    private mutating func store(_ amounts: LedgerAmounts, at row: Int) {
        let at = 6 * row
        guard Self.fits(amounts.unitsSold), Self.fits(amounts.gross), Self.fits(amounts.proceeds),
              Self.fits(amounts.unitsRefunded), Self.fits(amounts.refund), Self.fits(amounts.refundProceeds) else {
            narrow[at] = Int32.min
            wide[row] = amounts
            return
        }
        if !wide.isEmpty { wide[row] = nil }
        narrow[at] = Int32(amounts.unitsSold)
        narrow[at + 1] = Int32(amounts.gross)
        narrow[at + 2] = Int32(amounts.proceeds)
        narrow[at + 3] = Int32(amounts.unitsRefunded)
        narrow[at + 4] = Int32(amounts.refund)
        narrow[at + 5] = Int32(amounts.refundProceeds)
    }

    /// Whether `value` is kept narrow (`Int32.min` marks a wide row).
    private static func fits(_ value: Int64) -> Bool {
        value > Int64(Int32.min) && value <= Int64(Int32.max)
    }
}
