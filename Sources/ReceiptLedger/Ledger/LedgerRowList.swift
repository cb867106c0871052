/// A ledger's rows in key order (`Ledger.sortedRows`): held as (key, amounts) pairs, or as the
/// tally's numbered rows (`LedgerTally`), each pair made when it is read.
///
/// Why numbered: a user ledger has a row per user and period, nearly a row per transaction;
/// its texts as keys took twice the memory of its numbers, and the tally's rows are already
/// there, so the ledger keeps them with the order they are read in.
struct LedgerRowList: RandomAccessCollection, Sendable {
    typealias Element = (key: Ledger.Key, amounts: LedgerAmounts)

    private let pairs: [Element]
    private let numbered: NumberedRows?

    init(_ pairs: [Element]) {
        self.pairs = pairs
        numbered = nil
    }

    init(_ numbered: NumberedRows) {
        pairs = []
        self.numbered = numbered
    }

    var startIndex: Int { 0 }
    var endIndex: Int { numbered?.order.count ?? pairs.count }

    subscript(position: Int) -> Element {
        guard let numbered else { return pairs[position] }
        return numbered[position]
    }

    /// The number the tally gave the item of the row at `position` (the same for every row of
    /// one item), or nil when the rows are held as pairs.
    func itemNumber(at position: Int) -> Int? {
        numbered.map { Int($0.keys[Int($0.order[position])].item) }
    }

    /// The tally's rows: keys and amounts by row number, the rows to read in key order, and the
    /// texts the key numbers stand for.
    struct NumberedRows: Sendable {
        let keys: [LedgerTally.Key]
        let amounts: LedgerAmountColumn
        /// Row numbers in key order: only the rows with some non-zero count.
        let order: [Int32]
        let periods: [String]
        let items: [String]
        let currencies: [Currency]

        subscript(position: Int) -> Element {
            let row = Int(order[position])
            let key = keys[row]
            return (Ledger.Key(environment: key.isSandbox ? .sandbox : .production, period: periods[Int(key.period)],
                               item: items[Int(key.item)], currency: currencies[Int(key.currency)]), amounts[row])
        }
    }
}
