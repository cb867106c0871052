import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// `LedgerRows`, the ledgers' table of sums by key: every key keeps its own sum, through
/// collisions and growth, and the rows stay in first-seen order.
struct LedgerRowsTests {
    typealias Key = LedgerTally.Key

    /// A key's numbers as one text, for a reference dictionary.
    static func name(_ key: Key) -> String { "\(key.isSandbox)/\(key.period)/\(key.item)/\(key.currency)" }

    @Test func sumsEveryKeyApartThroughGrowthInFirstSeenOrder() {
        var random = DemoRandom(seed: 7)
        var rows = LedgerRows()  // no room reserved: it grows from 64 slots many times
        var reference: [String: LedgerAmounts] = [:]
        var firstSeen: [String] = []
        for step in 0..<60_000 {
            // Keys that differ in one number only, and numbers past 8 bits (the currency is
            // folded by its low byte, the period shifted): probes must compare whole keys.
            let key = Key(isSandbox: random.int(0...1) == 1, period: Int32(random.int(0...40)) * 256,
                          item: Int32(random.int(0...3_000)), currency: Int32(random.int(0...2)) * 256)
            let amounts = LedgerAmounts(unitsSold: 1, gross: Int64(step), proceeds: Int64(step % 7), unitsRefunded: Int64(step % 2),
                                        refund: 3, refundProceeds: -1)
            rows.add(amounts, at: key)
            if reference[Self.name(key)] == nil { firstSeen.append(Self.name(key)) }
            reference[Self.name(key), default: LedgerAmounts()] += amounts
        }
        #expect(rows.count == reference.count)
        #expect(rows.count > 20_000)
        // Compared apart, so that a failure names a key rather than printing 20,000 of them.
        let inFirstSeenOrder = rows.keys.map(Self.name) == firstSeen
        #expect(inFirstSeenOrder)
        let wrong = zip(rows.keys, rows.amounts).filter { $1 != reference[Self.name($0)] }.map { Self.name($0.0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func keysThatFoldAlikeStayApart() {
        // Period and currency are folded into one word with the item: these four keys fold to
        // the same word, or nearly, and must still be four rows.
        let keys = [
            Key(isSandbox: false, period: 0, item: 1, currency: 0),
            Key(isSandbox: false, period: 0, item: 1, currency: 256),
            Key(isSandbox: true, period: 0, item: 1, currency: 0),
            Key(isSandbox: false, period: 1 << 23, item: 1, currency: 0),
        ]
        var rows = LedgerRows(expectedRows: 2)
        for (index, key) in keys.enumerated() {
            for _ in 0...index { rows.add(LedgerAmounts(unitsSold: 1), at: key) }
        }
        #expect(rows.keys == keys)
        #expect(rows.amounts.map(\.unitsSold) == [1, 2, 3, 4])
    }

    /// Sums past 32 bits, on either side, stay exact: the row is kept whole, and narrow again
    /// once its sums come back into range.
    @Test func sumsPast32BitsStayExact() {
        var column = LedgerAmountColumn(reservingRows: 2)
        column.append(LedgerAmounts(unitsSold: 1, gross: 2_000_000_000))
        column.append(LedgerAmounts(refund: -5))
        column.add(LedgerAmounts(gross: 2_000_000_000, proceeds: -3_000_000_000), at: 0)
        #expect(column[0] == LedgerAmounts(unitsSold: 1, gross: 4_000_000_000, proceeds: -3_000_000_000))
        column.add(LedgerAmounts(unitsSold: 2, refund: Int64(Int32.min)), at: 1)
        #expect(column[1] == LedgerAmounts(unitsSold: 2, refund: Int64(Int32.min) - 5))
        column.add(LedgerAmounts(gross: -4_000_000_000, proceeds: 3_000_000_000), at: 0)
        #expect(column[0] == LedgerAmounts(unitsSold: 1))
        column.add(LedgerAmounts(unitsSold: 1, gross: Int64(Int32.max)), at: 0)
        #expect(Array(column) == [LedgerAmounts(unitsSold: 2, gross: Int64(Int32.max)),
                                  LedgerAmounts(unitsSold: 2, refund: Int64(Int32.min) - 5)])
    }
}
