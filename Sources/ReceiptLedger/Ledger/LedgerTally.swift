/// The rows of the three ledgers summed under keys of small numbers, for `LedgerBook`.
///
/// Keyed by texts (`Ledger.Key`), every sale and refund hashed and compared its period label
/// and its product or user id once per ledger, and copied the texts into each key; at a row per
/// user and period, a large run spent more time on that than on the sums. Here the period,
/// product, user and currency of a row are numbers, handed out in first-seen order, and the
/// texts are ranked once at the end, in code point order: the rows are then put in key order
/// by comparing numbers.
struct LedgerTally {
    /// A row's key: the environment, and the numbers of its period, item (product or user;
    /// 0 in the period ledger) and currency.
    struct Key: Equatable {
        var isSandbox: Bool
        var period: Int32
        var item: Int32
        var currency: Int32
    }

    private let periods: PeriodCalendar
    /// The period number of each local day seen (labelling a day costs more than this lookup).
    private var periodByLocalDay: [Int64: Int32] = [:]
    private var periodLabels = ExactStringIndex()
    /// By period number: the first local day seen in it.
    private var periodDays: [Int64] = []
    private var products = ExactStringIndex()
    /// By user number: the journal gives each user id one (`UserTable`), and hashing a number
    /// is cheaper than hashing the id.
    private var users = UserNumbering()
    /// Numbered in first-seen order; a run has a handful.
    private var currencies: [Currency] = []
    private var byPeriod = LedgerRows()
    private var byProduct = LedgerRows()
    private var byUser: LedgerRows
    /// Storefronts (SPEC §9), numbered like products; empty for receipt-only transactions.
    private var storefronts = ExactStringIndex()
    /// The number of the empty storefront (receipt-only sales: nearly all), given first.
    private let emptyStorefront: Int32
    private var byStorefront = LedgerRows()

    init(periods: PeriodCalendar, transactions: Int) {
        self.periods = periods
        // At most a row per sale and refund; a user ledger comes close.
        byUser = LedgerRows(expectedRows: transactions)
        emptyStorefront = Int32(storefronts.insert(ExactString("")).number)
    }

    /// The number of the period holding `instant`.
    mutating func period(of instant: UnixMillis) -> Int32 {
        let day = periods.localDay(of: instant)
        if let number = periodByLocalDay[day] { return number }
        let label = periods.label(forLocalDay: day)
        let (number, inserted) = periodLabels.insert(ExactString(label))
        if inserted { periodDays.append(day) }
        periodByLocalDay[day] = Int32(number)
        return Int32(number)
    }

    /// A local day inside each period labelled so far, by label.
    var dayInEachPeriod: [String: Int64] {
        Dictionary(zip(periodLabels.strings, periodDays), uniquingKeysWith: { first, _ in first })
    }

    /// Adds the amounts of a transaction to its row in each ledger.
    mutating func add(_ amounts: LedgerAmounts, transaction t: Transaction, period: Int32, currency: Currency) {
        var key = Key(isSandbox: t.environment == .sandbox, period: period, item: 0, currency: number(of: currency))
        byPeriod.add(amounts, at: key)
        key.item = Int32(products.insert(ExactString(t.productID)).number)
        byProduct.add(amounts, at: key)
        key.item = users.number(of: t.user, name: t.userName)
        byUser.add(amounts, at: key)
        let storefront = t.signed.storefront
        key.item = storefront.isEmpty ? emptyStorefront : Int32(storefronts.insert(ExactString(storefront)).number)
        byStorefront.add(amounts, at: key)
    }

    /// The complete ledger of one dimension.
    func ledger(_ dimension: Ledger.Dimension) -> Ledger {
        switch dimension {
        case .period: return Ledger(dimension: dimension, sortedRows: sortedRows(byPeriod, itemTexts: [""]))
        case .product: return Ledger(dimension: dimension, sortedRows: sortedRows(byProduct, itemTexts: products.strings))
        case .user: return Ledger(dimension: dimension, sortedRows: sortedRows(byUser, itemTexts: users.names))
        case .storefront: return Ledger(dimension: dimension, sortedRows: sortedRows(byStorefront, itemTexts: storefronts.strings))
        }
    }

    private mutating func number(of currency: Currency) -> Int32 {
        if let index = currencies.firstIndex(of: currency) { return Int32(index) }
        currencies.append(currency)
        return Int32(currencies.count - 1)
    }

    /// The rows with some non-zero count, in `Ledger.Key.precedes` order: environment
    /// (production first), then period, item and currency code by code point.
    private func sortedRows(_ rows: LedgerRows, itemTexts: [String]) -> LedgerRowList {
        let periodRank = SortKeys.ranks(of: periodLabels.strings)
        let itemRank = SortKeys.ranks(of: itemTexts)
        let currencyRank = SortKeys.ranks(of: currencies.map(\.code))
        // Each row with some non-zero count beside its rank, sorted in place: ranks are
        // distinct (so are keys), and a user ledger has nearly a row per transaction.
        func order<Rank: Comparable>(by rank: (Key) -> Rank) -> [Int32] {
            var ranked: [(rank: Rank, row: Int32)] = []
            for row in rows.amounts.indices where !rows.amounts[row].isEmpty { ranked.append((rank(rows.keys[row]), Int32(row))) }
            ranked.sort { $0.rank < $1.rank }
            return ranked.map(\.row)
        }
        // The four ranks side by side in one integer when they fit (a user ledger has a row per
        // user and period: a quarter of the memory of four integers), else as four integers.
        let periodBits = Self.bitWidth(periodRank.count), itemBits = Self.bitWidth(itemRank.count)
        let currencyBits = Self.bitWidth(currencyRank.count)
        let sorted = 1 + periodBits + itemBits + currencyBits <= 64
            ? order { key in
                (UInt64(key.isSandbox ? 1 : 0) << (periodBits + itemBits + currencyBits)
                    | UInt64(periodRank[Int(key.period)]) << (itemBits + currencyBits)
                    | UInt64(itemRank[Int(key.item)]) << currencyBits | UInt64(currencyRank[Int(key.currency)]))
            }
            : order { key in
                WideRank(values: (key.isSandbox ? 1 : 0, periodRank[Int(key.period)], itemRank[Int(key.item)], currencyRank[Int(key.currency)]))
            }
        return LedgerRowList(LedgerRowList.NumberedRows(keys: rows.keys, amounts: rows.amounts, order: sorted,
                                                        periods: periodLabels.strings, items: itemTexts, currencies: currencies))
    }
}

extension LedgerTally {
    /// Four ranks compared in order, when they do not fit one integer.
    struct WideRank: Comparable {
        var values: (Int, Int, Int, Int)
        static func < (l: WideRank, r: WideRank) -> Bool { l.values < r.values }
        static func == (l: WideRank, r: WideRank) -> Bool { l.values == r.values }
    }

    /// The bits that hold every rank below `count`.
    static func bitWidth(_ count: Int) -> Int {
        count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
    }
}

/// The users of a ledger numbered from 0 in first-seen order, found by their `UserID`.
struct UserNumbering {
    /// The users' names, by number.
    private(set) var names: [String] = []
    /// By `UserID.index`: the user's number + 1, or 0.
    private var numberPlusOne: [Int32] = []

    mutating func number(of user: UserID, name: @autoclosure () -> String) -> Int32 {
        let index = Int(user.index)
        if index >= numberPlusOne.count { numberPlusOne += repeatElement(0, count: max(index + 1 - numberPlusOne.count, numberPlusOne.count)) }
        if numberPlusOne[index] > 0 { return numberPlusOne[index] - 1 }
        names.append(name())
        numberPlusOne[index] = Int32(names.count)
        return Int32(names.count - 1)
    }
}
