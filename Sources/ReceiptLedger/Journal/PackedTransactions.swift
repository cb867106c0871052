import Synchronization

/// The journal's booked transactions held in memory as compact bytes, in key order, made into
/// `Transaction` objects again for each pass (`StoredTransactions`).
///
/// Why: an object per transaction held for the whole report costs several times its bytes
/// (header, a dozen words, texts held apart); a pass makes each object, uses it and frees it,
/// so a run holds its transactions' bytes and only the few objects its passes keep (issue 26).
/// Figures: Benchmarks/EXPERIMENTS.md, "One run's journal packed".
/// The rare transaction with what `Transaction.Fields` has no room for (an amount in another
/// currency than its own) is kept whole.
///
/// The bytes are this process's own, written by `Builder` and read back by the same build: the
/// layout is not a file format (a run that keeps its transactions on disk uses
/// `TransactionFile`, whose format docs/PARTIAL-STATE.md documents).
final class PackedTransactions: StoredTransactions {
    let count: Int
    /// What each booking thread packed.
    private let parts: [Part]
    /// Where each transaction begins, in key order: its part in the top byte, its offset in
    /// that part's bytes below.
    private let begins: [UInt64]
    /// Whom the transactions name (the index's users).
    private let users: UserTable
    /// The journal's index, which holds the keys of the transactions packed with their number.
    private let keys: TransactionIndex?
    private let failure = Mutex<FatalError?>(nil)

    /// The bytes one `Builder` packed, with the tables its transactions' numbers refer to.
    /// A class holding its bytes in one block of their size, so that a transaction is read
    /// from it without copying or retaining the tables one by one. `@unchecked Sendable`: the
    /// block is written once, in `init`, and only read after.
    final class Part: @unchecked Sendable {
        private let block: ByteBlock
        fileprivate let texts: [String]
        fileprivate let currencies: [Currency]
        fileprivate let whole: [Transaction]

        fileprivate init(bytes: GrowingBytes, texts: [String], currencies: [Currency], whole: [Transaction]) {
            block = bytes.takeBlock()
            (self.texts, self.currencies, self.whole) = (texts, currencies, whole)
        }

        fileprivate var bytes: UnsafeBufferPointer<UInt8> { block.bytes }
    }

    /// Where a transaction packed by the builder of part `part` at `offset` begins, for `init`.
    static func begin(part: Int, offset: Int) -> UInt64 {
        precondition(part < 1 << 8 && offset < 1 << 56, "a packed journal's part or offset out of range")
        return UInt64(part) << 56 | UInt64(offset)
    }

    /// `begins`: where each transaction begins (`begin(part:offset:)`), in key order.
    /// `keys`: the index whose numbers `Builder.append` was given, if any.
    init(parts: [Part], begins: [UInt64], users: UserTable, keys: TransactionIndex? = nil) {
        self.parts = parts
        self.begins = begins
        self.users = users
        self.keys = keys
        count = begins.count
    }

    /// The transactions `parts` hold, in key order: `keyOrder` gives each one's part and its
    /// offset there (as `Builder.append` gave it), in key order. Each part's bytes are copied
    /// in that order, one part at a time, so that a pass reads every part from start to end
    /// instead of jumping (a cache miss per transaction).
    static func inKeyOrder(_ parts: consuming [Part], keyOrder: [(part: Int, offset: Int)], users: UserTable,
                           keys: TransactionIndex? = nil) -> PackedTransactions {
        // Each part is dropped once copied: the copies do not add to the old parts.
        var remaining: [Part?] = parts.map { $0 }
        _ = consume parts
        var orderedParts: [Part] = []
        // Each transaction's new offset in its part, in key order within the part.
        var moved: [[Int]] = []
        for number in remaining.indices {
            guard let part = remaining[number] else { continue }
            remaining[number] = nil
            let wanted = keyOrder.lazy.filter { $0.part == number }.map(\.offset)
            // In the order they were packed: where each transaction ends is where the next begins.
            let packedOrder = wanted.sorted()
            let bytes = GrowingBytes()
            var offsets: [Int] = []
            offsets.reserveCapacity(packedOrder.count)
            for offset in wanted {
                let next = packedOrder.firstIndexAbove(offset)
                let end = next < packedOrder.count ? packedOrder[next] : part.bytes.count
                offsets.append(bytes.count)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: part.bytes[offset..<end]))
            }
            orderedParts.append(Part(bytes: bytes, texts: part.texts, currencies: part.currencies, whole: part.whole))
            moved.append(offsets)
        }
        var taken = [Int](repeating: 0, count: moved.count)
        let begins = keyOrder.map { entry in
            defer { taken[entry.part] += 1 }
            return begin(part: entry.part, offset: moved[entry.part][taken[entry.part]])
        }
        return PackedTransactions(parts: orderedParts, begins: begins, users: users, keys: keys)
    }

    /// Kept in memory: a report made from it may build its parts side by side.
    var isOutsideMemory: Bool { false }

    var readFailure: FatalError? { failure.withLock { $0 } }

    func transaction(at position: Int) -> Transaction {
        unpack(begins[position])
    }

    func reader(from position: Int, count: Int) -> any StoredTransactionReader {
        Reader(packed: self, position: position, end: position + count)
    }

    private func unpack(_ begin: UInt64) -> Transaction {
        let partNumber = Int(begin >> 56), offset = Int(begin & (1 << 56 - 1))
        guard partNumber < parts.count else { return fail("a part that does not exist") }
        let part = parts[partNumber]
        var cursor = ByteCursor(bytes: part.bytes, offset: offset)
        return Self.unpack(&cursor, part: part, users: users, keys: keys) ?? fail("bytes that do not unpack at \(offset) of part \(partNumber)")
    }

    private func fail(_ what: String) -> Transaction {
        failure.withLock { if $0 == nil { $0 = FatalError("internal error: the packed journal holds \(what)") } }
        return .unreadable
    }

    /// One pass in key order.
    private struct Reader: StoredTransactionReader {
        let packed: PackedTransactions
        var position: Int
        let end: Int

        mutating func next() -> Transaction? {
            guard position < end else { return nil }
            defer { position += 1 }
            return packed.unpack(packed.begins[position])
        }
    }
}

// MARK: - Packing

extension PackedTransactions {
    /// Packs one booking thread's transactions, in any order: `append` gives where each begins.
    ///
    /// Each transaction is a tag byte (0: packed, 2: packed with what signed copies add, 1:
    /// kept whole, then its number in `whole`; plus `keyByNumber`), then its key: its number in
    /// the index, or the environment as a byte and the transaction id as a length and its
    /// UTF-8; then the product type, status and price source as a byte each, the original id
    /// as 0 when it is the transaction's own, else as its length + 1 and UTF-8, then as variable-length
    /// numbers: the user, the product id, cancellation reason and ownership type as numbers in
    /// `texts`, the currency's number + 1 (0: none), the `Packed`
    /// bits, quantity and purchase, each optional instant and amount the bits say is present,
    /// the first record id and the record count (signed numbers zigzag-encoded). Tag 2 adds the
    /// signed detail: its texts as numbers, its amounts as a currency number + 1 (0: none) and
    /// minor units, the refunded units, and its two flags as one number.
    struct Builder {
        private var bytes = GrowingBytes()
        private var texts = ExactStringIndex()
        private var currencies: [Currency] = []
        private var currencyNumbers: [String: Int] = [:]
        private var whole: [Transaction] = []

        init() {}

        /// Set in the tag byte when the transaction's key is written as its number in the
        /// journal's index (`append(_:number:)`), which the list is given to read it back.
        static let keyByNumber: UInt8 = 4

        /// Packs `transaction`; returns its offset in this builder's bytes. `number`: the
        /// transaction's number in the index the list will be given (`inKeyOrder`'s `keys`),
        /// written instead of its key (the index holds it for the whole run: issue 26).
        mutating func append(_ transaction: Transaction, number: Int? = nil) -> Int {
            let offset = bytes.count
            guard let f = transaction.fields else {
                bytes.append(1)
                unsigned(UInt64(whole.count))
                whole.append(transaction)
                return offset
            }
            let signed = f.signed
            bytes.append((signed.isNone ? 0 : 2) | (number == nil ? 0 : Self.keyByNumber))
            if let number {
                unsigned(UInt64(number))
            } else {
                bytes.append(f.key.environment == .production ? 0 : 1)
                id(f.key.transactionID.text)
            }
            bytes.append(Codes.productType(f.productType))
            bytes.append(Codes.status(f.status))
            bytes.append(Codes.priceSource(f.priceSource))
            originalID(f.originalTransactionID, own: f.key.transactionID.text)
            unsigned(UInt64(UInt32(bitPattern: f.user.index)))
            text(f.productID)
            text(f.cancellationReason)
            text(f.ownershipType)
            unsigned(f.currency.map { UInt64(currencyNumber($0)) + 1 } ?? 0)
            unsigned(UInt64(f.packedBits))
            self.signed(f.quantity)
            self.signed(f.purchase.rawValue)
            // Original purchase, expiry, cancellation, its first sighting, unit price, gross and
            // proceeds: `Packed`'s bits 0 to 6.
            self.signed(f.originalPurchaseMillis, if: f.packedBits & 1 << 0 != 0)
            self.signed(f.expiresMillis, if: f.packedBits & 1 << 1 != 0)
            self.signed(f.cancellationMillis, if: f.packedBits & 1 << 2 != 0)
            self.signed(f.cancellationFirstSeenMillis, if: f.packedBits & 1 << 3 != 0)
            self.signed(f.unitPriceUnits, if: f.packedBits & 1 << 4 != 0)
            self.signed(f.grossUnits, if: f.packedBits & 1 << 5 != 0)
            self.signed(f.proceedsUnits, if: f.packedBits & 1 << 6 != 0)
            self.signed(f.firstRecordID)
            unsigned(UInt64(f.recordCount))
            guard !signed.isNone else { return offset }
            text(signed.revocationType)
            text(signed.revocationPercentage)
            money(signed.customerPrice)
            text(signed.customerCurrency)
            text(signed.storefront)
            text(signed.appAccountToken)
            money(signed.refundGross)
            money(signed.refundProceeds)
            self.signed(signed.refundedUnits)
            unsigned((signed.isFamilyRevoke ? 1 : 0) | (signed.isPartialRefund ? 2 : 0))
            return offset
        }

        private mutating func money(_ money: Money?) {
            guard let money else { return unsigned(0) }
            unsigned(UInt64(currencyNumber(money.currency)) + 1)
            signed(money.minorUnits)
        }

        consuming func part() -> Part {
            Part(bytes: bytes, texts: texts.strings, currencies: currencies, whole: whole)
        }

        private mutating func unsigned(_ value: UInt64) {
            Varint.append(value, to: &bytes)
        }

        private mutating func signed(_ value: Int64) {
            unsigned(Varint.zigzag(value))
        }

        /// `value` when `present` (the reader then reads it back, else takes 0).
        private mutating func signed(_ value: Int64, if present: Bool) {
            if present { signed(value) }
        }

        private mutating func id(_ text: IDText) {
            text.withUTF8 { utf8 in
                unsigned(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        /// The original id as 0 when it is the transaction's own (a purchase, a subscription's
        /// first period: most transactions), else as its length + 1 and UTF-8.
        private mutating func originalID(_ text: IDText, own: IDText) {
            if text == own { return unsigned(0) }
            text.withUTF8 { utf8 in
                unsigned(UInt64(utf8.count) + 1)
                bytes.append(contentsOf: utf8)
            }
        }

        private mutating func text(_ text: String) {
            unsigned(UInt64(texts.insert(ExactString(text)).number))
        }

        private mutating func currencyNumber(_ currency: Currency) -> Int {
            if let number = currencyNumbers[currency.code] { return number }
            currencyNumbers[currency.code] = currencies.count
            currencies.append(currency)
            return currencies.count - 1
        }
    }

    /// The transaction packed at the cursor; nil when the bytes are not what `Builder` writes.
    fileprivate static func unpack(_ cursor: inout ByteCursor, part: Part, users: UserTable, keys: TransactionIndex?) -> Transaction? {
        let byte = cursor.byte()
        let tag = byte & ~Builder.keyByNumber
        if tag == 1 {
            let number = Int(cursor.unsigned())
            guard !cursor.failed, number < part.whole.count else { return nil }
            return part.whole[number]
        }
        let key: TransactionKey
        if byte & Builder.keyByNumber != 0 {
            let number = cursor.unsigned()
            guard let keys, number < UInt64(keys.count) else { return nil }
            key = keys.key(Int(number))
        } else {
            let environment: Environment = cursor.byte() == 0 ? .production : .sandbox
            guard let id = cursor.id() else { return nil }
            key = TransactionKey(environment, id)
        }
        guard let productType = Codes.productType(cursor.byte()), let status = Codes.status(cursor.byte()),
              let priceSource = Codes.priceSource(cursor.byte()),
              let original = cursor.originalID(own: key.transactionID.text) else { return nil }
        let user = cursor.unsigned()
        let productID = cursor.text(in: part.texts), reason = cursor.text(in: part.texts), ownership = cursor.text(in: part.texts)
        let currencyNumber = Int(cursor.unsigned())
        let bits = UInt16(truncatingIfNeeded: cursor.unsigned())
        let quantity = cursor.signed(), purchase = cursor.signed()
        let originalPurchase = cursor.signed(if: bits & 1 << 0 != 0), expires = cursor.signed(if: bits & 1 << 1 != 0)
        let cancellation = cursor.signed(if: bits & 1 << 2 != 0), cancellationFirstSeen = cursor.signed(if: bits & 1 << 3 != 0)
        let unitPrice = cursor.signed(if: bits & 1 << 4 != 0), gross = cursor.signed(if: bits & 1 << 5 != 0)
        let proceeds = cursor.signed(if: bits & 1 << 6 != 0)
        let firstRecordID = cursor.signed(), recordCount = cursor.unsigned()
        var signed = Transaction.SignedDetail()
        if tag == 2 {
            guard let revocationType = cursor.text(in: part.texts), let revocationPercentage = cursor.text(in: part.texts),
                  let customerPrice = cursor.money(in: part.currencies), let customerCurrency = cursor.text(in: part.texts),
                  let storefront = cursor.text(in: part.texts), let appAccountToken = cursor.text(in: part.texts),
                  let refundGross = cursor.money(in: part.currencies), let refundProceeds = cursor.money(in: part.currencies)
            else { return nil }
            let refundedUnits = cursor.signed(), flags = cursor.unsigned()
            (signed.revocationType, signed.revocationPercentage, signed.customerPrice) = (revocationType, revocationPercentage, customerPrice)
            (signed.customerCurrency, signed.storefront, signed.appAccountToken) = (customerCurrency, storefront, appAccountToken)
            (signed.refundGross, signed.refundProceeds, signed.refundedUnits) = (refundGross, refundProceeds, refundedUnits)
            (signed.isFamilyRevoke, signed.isPartialRefund) = (flags & 1 != 0, flags & 2 != 0)
        }
        guard tag <= 2, !cursor.failed, user < UInt64(users.count), let productID, let reason, let ownership,
              currencyNumber <= part.currencies.count, recordCount <= UInt64(Int.max) else { return nil }
        signed.priceSource = priceSource
        let userID = UserID(index: Int32(user))
        return Transaction(fields: Transaction.Fields(
            key: key, originalTransactionID: original, user: userID, userName: users.name(userID),
            productID: productID, productType: productType.value, quantity: quantity, purchase: UnixMillis(purchase),
            originalPurchaseMillis: originalPurchase, expiresMillis: expires, cancellationMillis: cancellation,
            cancellationFirstSeenMillis: cancellationFirstSeen, cancellationReason: reason, ownershipType: ownership,
            currency: currencyNumber == 0 ? nil : part.currencies[currencyNumber - 1], unitPriceUnits: unitPrice,
            grossUnits: gross, proceedsUnits: proceeds, firstRecordID: firstRecordID, recordCount: Int(recordCount),
            status: status, priceSource: priceSource, packedBits: bits, signed: signed))
    }

    /// The byte codes of the enumerations.
    private enum Codes {
        static let productTypes: [ProductType] = [.consumable, .nonConsumable, .autoRenewable, .nonRenewing]

        static func productType(_ type: ProductType?) -> UInt8 {
            type.flatMap { type in productTypes.firstIndex(of: type).map { UInt8($0 + 1) } } ?? 0
        }

        /// A product type, itself optional (code 0: none); nil for a code of none.
        static func productType(_ code: UInt8) -> Wrapped<ProductType?>? {
            if code == 0 { return Wrapped(value: nil) }
            return Int(code) <= productTypes.count ? Wrapped(value: productTypes[Int(code) - 1]) : nil
        }

        /// Made once: `allCases` makes a new array at each call.
        static let statuses = TransactionStatus.allCases
        static let priceSources = Array(Pricing.PriceSource.allCases)

        static func status(_ status: TransactionStatus) -> UInt8 {
            UInt8(statuses.firstIndex(of: status) ?? 0)
        }

        static func status(_ code: UInt8) -> TransactionStatus? {
            Int(code) < statuses.count ? statuses[Int(code)] : nil
        }

        static func priceSource(_ source: Pricing.PriceSource) -> UInt8 {
            UInt8(priceSources.firstIndex(of: source) ?? 0)
        }

        static func priceSource(_ code: UInt8) -> Pricing.PriceSource? {
            Int(code) < priceSources.count ? priceSources[Int(code)] : nil
        }

    }

    /// An optional value found, told apart from one not found.
    private struct Wrapped<Value> {
        var value: Value
    }
}

/// Reads what `PackedTransactions.Builder` wrote; past the end it gives zeros and sets `failed`.
private struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset: Int
    private(set) var failed = false

    init(bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else {
            failed = true
            return 0
        }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = byte()
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 || failed { return value }
            shift += 7
            if shift > 63 {
                failed = true
                return value
            }
        }
    }

    mutating func signed() -> Int64 {
        Varint.unzigzag(unsigned())
    }

    /// A signed number when `present`, else 0 (what `Transaction` holds for an absent value).
    mutating func signed(if present: Bool) -> Int64 {
        present ? signed() : 0
    }

    /// An id written as its length and UTF-8.
    mutating func id() -> IDText? {
        let length = Int(clamping: unsigned())
        guard !failed, length <= bytes.count - offset else {
            failed = true
            return nil
        }
        defer { offset += length }
        return IDText(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
    }

    /// An original id written by `Builder.originalID`: `own` for 0, else the id of the length
    /// that number less 1.
    mutating func originalID(own: IDText) -> IDText? {
        let lengthPlusOne = unsigned()
        guard lengthPlusOne != 0 else { return failed ? nil : own }
        let length = Int(clamping: lengthPlusOne - 1)
        guard !failed, length <= bytes.count - offset else {
            failed = true
            return nil
        }
        defer { offset += length }
        return IDText(utf8: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
    }

    /// An amount written as its currency's number + 1 in `currencies` (0: none) and its minor
    /// units; nil when the bytes are not one (none is `.some(nil)`).
    mutating func money(in currencies: [Currency]) -> Money?? {
        let number = unsigned()
        guard number != 0 else { return .some(nil) }
        let minorUnits = signed()
        guard !failed, number <= UInt64(currencies.count) else { return nil }
        return Money(minorUnits: minorUnits, currency: currencies[Int(number - 1)])
    }

    /// A text written as its number in `texts`.
    mutating func text(in texts: [String]) -> String? {
        let number = unsigned()
        guard !failed, number < UInt64(texts.count) else { return nil }
        return texts[Int(number)]
    }
}

private extension Array where Element == Int {
    /// The index of the first element greater than `value` in this ascending array.
    func firstIndexAbove(_ value: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
