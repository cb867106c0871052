/// The journal's booked transactions in key order (environment, `transaction_id`): held in
/// memory as objects, or kept apart from them (`StoredTransactions`: packed in memory, or in a
/// file) and made again for each pass.
///
/// Why several: objects are the fastest to read many times, for a small journal (a test's, a
/// bucket's); one run packs its transactions (`PackedTransactions`), a third of the memory; a
/// run in buckets (`run --memory-limit`, `finish`) keeps them in a file, so that the report
/// never holds every transaction at once. Every consumer reads them through this one type, in the same
/// order, so that the files are the same bytes either way.
///
/// Read it in passes (`for`, `reduce`, `filter`, `elements(_:)`), which take one sequential
/// reader: the standard library's `Collection.map` and slices read by subscript, one stored
/// transaction (a `pread`) at a time.
struct TransactionList: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private let held: [Transaction]
    private let stored: (any StoredTransactions)?

    init(_ transactions: [Transaction]) {
        held = transactions
        stored = nil
    }

    init(arrayLiteral transactions: Transaction...) {
        self.init(transactions)
    }

    init(stored: any StoredTransactions) {
        held = []
        self.stored = stored
    }

    /// Whether the transactions are kept outside memory (in a file: not when packed in memory).
    var isStored: Bool { stored?.isOutsideMemory ?? false }

    var startIndex: Int { 0 }
    var endIndex: Int { stored?.count ?? held.count }

    /// The transaction at `position`; a stored one is read anew at each call (for lookups:
    /// a pass reads them in order through the iterator).
    subscript(position: Int) -> Transaction {
        guard let stored else { return held[position] }
        return stored.transaction(at: position)
    }

    func makeIterator() -> Iterator {
        Iterator(held: held, reader: stored.map { $0.reader(from: 0, count: $0.count) }, position: 0, end: held.count)
    }

    /// The transactions at `range`, in order: stored ones are read in one pass, not one by one
    /// as a `Slice` would.
    func elements(_ range: Range<Int>) -> Elements {
        Elements(list: self, range: range)
    }

    /// Whether every transaction's key is greater than the one before it. Stored transactions
    /// are in key order by contract; held ones are checked.
    var isInKeyOrder: Bool {
        guard stored == nil else { return true }
        return zip(held, held.dropFirst()).allSatisfy { $0.key < $1.key }
    }

    /// Reads in order: from memory, or through one sequential reader of the stored ones.
    struct Iterator: IteratorProtocol {
        fileprivate let held: [Transaction]
        fileprivate var reader: (any StoredTransactionReader)?
        fileprivate var position: Int
        fileprivate let end: Int

        mutating func next() -> Transaction? {
            if reader != nil { return reader?.next() }
            guard position < end else { return nil }
            defer { position += 1 }
            return held[position]
        }
    }

    /// Some of the transactions, in order (`elements`).
    struct Elements: Sequence {
        fileprivate let list: TransactionList
        fileprivate let range: Range<Int>

        func makeIterator() -> Iterator {
            Iterator(held: list.held, reader: range.isEmpty ? nil : list.stored?.reader(from: range.lowerBound, count: range.count),
                     position: range.lowerBound, end: list.stored == nil ? range.upperBound : range.lowerBound)
        }
    }

    /// Throws what kept a stored transaction from being read, if anything did: a pass that met
    /// it ended early, so a report must not be published after it.
    func requireEveryRead() throws {
        if let failure = stored?.readFailure { throw failure }
    }
}

/// Booked transactions kept apart from their objects, in key order: outside memory
/// (`Partial/TransactionFile`) or packed in it (`PackedTransactions`).
///
/// Reading cannot throw inside a pass (the ledgers and files read through `Sequence`): a failure
/// ends the pass or gives `Transaction.unreadable`, and is kept in `readFailure`, which the run
/// checks before it publishes anything (`TransactionList.requireEveryRead`).
protocol StoredTransactions: AnyObject, Sendable {
    var count: Int { get }
    /// The transaction at `position` (0 ..< count), read on its own.
    func transaction(at position: Int) -> Transaction
    /// A reader of `count` transactions in order from `position`, for one pass on one thread.
    func reader(from position: Int, count: Int) -> any StoredTransactionReader
    /// The first failure to read, if any.
    var readFailure: FatalError? { get }
    /// Whether the transactions are on disk: a report then builds one part at a time.
    var isOutsideMemory: Bool { get }
}

/// One pass over stored transactions, in order.
protocol StoredTransactionReader {
    /// The next transaction; nil at the end, or after a failure (kept by its store).
    mutating func next() -> Transaction?
}

extension Transaction {
    /// What a stored transaction that could not be read stands for while its pass ends: the
    /// run then stops before publishing (`TransactionList.requireEveryRead`).
    static let unreadable = Transaction(
        key: TransactionKey(.production, ""), originalTransactionID: "", user: UserID(index: 0), userName: "", productID: "",
        productType: nil, quantity: 0, purchase: UnixMillis(0), originalPurchase: nil, expires: nil, cancellation: nil,
        cancellationReason: "", cancellationFirstSeen: nil, isTrialPeriod: false, isInIntroOfferPeriod: false, isUpgraded: false,
        ownershipType: "", currency: nil, unitPrice: nil, gross: nil, proceeds: nil, status: .unpriced, firstRecordID: 0,
        recordCount: 0)
}
