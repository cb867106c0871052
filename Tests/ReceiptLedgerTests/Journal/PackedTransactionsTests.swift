import Testing
@testable import ReceiptLedger

/// `PackedTransactions`: the journal of one run, held as bytes and made into transactions again
/// for each pass, must give back every field exactly as booked.
@Suite struct PackedTransactionsTests {
    /// Every field a consumer reads, as text, so that two transactions compare field by field.
    static func fields(_ t: Transaction) -> [String] {
        let s = t.signed
        func money(_ m: Money?) -> String { m.map { "\($0.minorUnits) \($0.currency.code)" } ?? "nil" }
        return [
            t.environment.rawValue, t.transactionID, t.originalTransactionID.string, "\(t.user.index)", t.userName, t.productID,
            t.productType?.rawValue ?? "nil", "\(t.quantity)", "\(t.purchase.rawValue)", "\(t.originalPurchase?.rawValue as Int64?)",
            "\(t.expires?.rawValue as Int64?)", "\(t.cancellation?.rawValue as Int64?)", t.cancellationReason,
            "\(t.cancellationFirstSeen?.rawValue as Int64?)", "\(t.isTrialPeriod)", "\(t.isInIntroOfferPeriod)", "\(t.isUpgraded)",
            "\(t.refundVisible)", t.ownershipType, t.currency?.code ?? "nil", money(t.unitPrice), money(t.gross), money(t.proceeds),
            t.status.rawValue, "\(t.firstRecordID)", "\(t.recordCount)", t.priceSource.rawValue, s.revocationType,
            s.revocationPercentage, money(s.customerPrice), s.customerCurrency, s.storefront, s.appAccountToken, money(s.refundGross),
            money(s.refundProceeds), "\(s.refundedUnits)", "\(s.isFamilyRevoke)", "\(s.isPartialRefund)",
        ]
    }

    static let users: UserTable = {
        var users = UserTable()
        _ = users.intern("ann")
        _ = users.intern("bob")
        return users
    }()

    /// Every optional present, every flag set, a 24-byte id, yen, negative and large numbers.
    static let everything: Transaction = {
        let yen = Currency(code: "JPY")
        return Transaction(
            key: TransactionKey(.sandbox, "100000123456789012345678"), originalTransactionID: "1000001234567890", user: UserID(index: 1),
            userName: "bob", productID: "com.example.app.gems_1000 – «big»", productType: .consumable, quantity: 1_000_000,
            purchase: UnixMillis(-62_135_596_800_000), originalPurchase: UnixMillis(1_600_000_000_123), expires: UnixMillis(253_402_300_799_999),
            cancellation: UnixMillis(1_700_000_000_000), cancellationReason: "1", cancellationFirstSeen: UnixMillis(1_700_000_000_500),
            isTrialPeriod: true, isInIntroOfferPeriod: true, isUpgraded: true, ownershipType: "FAMILY_SHARED", currency: yen,
            unitPrice: Money(minorUnits: 12_000, currency: yen), gross: Money(minorUnits: Int64.max / 4, currency: yen),
            proceeds: Money(minorUnits: -8_400, currency: yen), status: .refunded, firstRecordID: -7, recordCount: 123_456,
            refundVisible: true)
    }()

    /// Every optional absent: no product type, no currency, unpriced.
    static let nothing = Transaction(
        key: TransactionKey(.production, ""), originalTransactionID: "", user: UserID(index: 0), userName: "ann", productID: "",
        productType: nil, quantity: 1, purchase: UnixMillis(0), originalPurchase: nil, expires: nil, cancellation: nil,
        cancellationReason: "", cancellationFirstSeen: nil, isTrialPeriod: false, isInIntroOfferPeriod: false, isUpgraded: false,
        ownershipType: "PURCHASED", currency: nil, unitPrice: nil, gross: nil, proceeds: nil, status: .unpriced, firstRecordID: 0,
        recordCount: 1, refundVisible: false)

    /// What signed copies add, amounts in two currencies among it.
    static let signed: Transaction = {
        let usd = Currency(code: "USD")
        var detail = Transaction.SignedDetail()
        detail.revocationType = "REFUND_PRORATED"
        detail.revocationPercentage = "25000"
        detail.priceSource = .signed
        detail.customerPrice = Money(minorUnits: 999, currency: usd)
        detail.customerCurrency = "USD"
        detail.storefront = "USA"
        detail.appAccountToken = "3b7c1c5e-5e0b-4b8a-9d55-1c2b3a4d5e6f"
        detail.refundGross = Money(minorUnits: -250, currency: usd)
        detail.refundProceeds = Money(minorUnits: 175, currency: Currency(code: "BHD"))
        detail.refundedUnits = 3
        detail.isFamilyRevoke = true
        detail.isPartialRefund = true
        return Transaction(
            key: TransactionKey(.production, "2000000000000001"), originalTransactionID: "2000000000000001", user: UserID(index: 0),
            userName: "ann", productID: "p", productType: .autoRenewable, quantity: 1, purchase: UnixMillis(5), originalPurchase: nil,
            expires: UnixMillis(6), cancellation: UnixMillis(7), cancellationReason: "", cancellationFirstSeen: UnixMillis(8),
            isTrialPeriod: false, isInIntroOfferPeriod: false, isUpgraded: false, ownershipType: "PURCHASED", currency: usd,
            unitPrice: Money(minorUnits: 999, currency: usd), gross: Money(minorUnits: 999, currency: usd),
            proceeds: Money(minorUnits: 699, currency: usd), status: .refunded, firstRecordID: 3, recordCount: 2, signed: detail)
    }()

    /// An amount in a currency other than the transaction's: kept whole.
    static let otherCurrency: Transaction = {
        let usd = Currency(code: "USD"), eur = Currency(code: "EUR")
        return Transaction(
            key: TransactionKey(.production, "3"), originalTransactionID: "3", user: UserID(index: 0), userName: "ann", productID: "p",
            productType: .nonConsumable, quantity: 2, purchase: UnixMillis(5), originalPurchase: nil, expires: nil, cancellation: nil,
            cancellationReason: "", cancellationFirstSeen: nil, isTrialPeriod: false, isInIntroOfferPeriod: false, isUpgraded: false,
            ownershipType: "PURCHASED", currency: usd, unitPrice: Money(minorUnits: 100, currency: eur),
            gross: Money(minorUnits: 200, currency: usd), proceeds: nil, status: .sold, firstRecordID: 1, recordCount: 1)
    }()

    /// Packs `parts` (each a builder's transactions), then lists them in `order` (part, index).
    static func packed(_ parts: [[Transaction]], order: [(Int, Int)]) -> PackedTransactions {
        var offsets: [[Int]] = []
        var packedParts: [PackedTransactions.Part] = []
        for transactions in parts {
            var builder = PackedTransactions.Builder()
            offsets.append(transactions.map { builder.append($0) })
            packedParts.append(builder.part())
        }
        return PackedTransactions(parts: packedParts, begins: order.map { PackedTransactions.begin(part: $0.0, offset: offsets[$0.0][$0.1]) },
                                  users: users)
    }

    @Test func everyFieldComesBackAsBooked() {
        let originals = [Self.everything, Self.nothing, Self.signed, Self.otherCurrency]
        let list = TransactionList(stored: Self.packed([originals], order: [(0, 0), (0, 1), (0, 2), (0, 3)]))
        #expect(list.count == 4 && !list.isStored)
        var unpacked: [Transaction] = []
        for t in list { unpacked.append(t) }
        for (original, back) in zip(originals, unpacked) { #expect(Self.fields(back) == Self.fields(original)) }
        #expect(Self.fields(Self.everything)[1] == "100000123456789012345678" && Self.fields(Self.everything)[22] == "-8400 JPY")
        #expect(Self.fields(Self.signed)[33] == "-250 USD" && Self.fields(Self.signed)[34] == "175 BHD")
        // The one a packed transaction has no room for is the very object booked.
        #expect(unpacked[3] === Self.otherCurrency)
        #expect(unpacked[0] !== Self.everything && unpacked[2] !== Self.signed)
        #expect(list[1].userName == "ann" && list[0].userName == "bob")
    }

    @Test func theListIsInTheOrderOfItsBeginsAcrossParts() {
        func booked(_ id: String) -> Transaction {
            TransactionFileTests.transaction(id, user: UserID(index: 0), userName: "ann")
        }
        let parts = [[booked("3"), booked("1")], [booked("4"), booked("2"), booked("5")]]
        let packed = Self.packed(parts, order: [(0, 1), (1, 1), (0, 0), (1, 0), (1, 2)])
        let list = TransactionList(stored: packed)
        #expect(list.map(\.transactionID) == ["1", "2", "3", "4", "5"])
        #expect(list.elements(1..<4).map(\.transactionID) == ["2", "3", "4"])
        #expect(list[4].transactionID == "5" && list[4].gross?.minorUnits == 499)
        #expect(packed.readFailure == nil)
    }

    @Test func inKeyOrderCopiesEachPartInTheOrderItIsRead() {
        func booked(_ id: String, gross: Int64) -> Transaction {
            TransactionFileTests.transaction(id, user: UserID(index: 1), userName: "bob", gross: gross)
        }
        // Packed in the order booked (ids 3, 1, 6 and 4, 2, 5, with an odd-sized one between),
        // listed in key order.
        var first = PackedTransactions.Builder(), second = PackedTransactions.Builder()
        let a = [first.append(booked("3", gross: 3)), first.append(Self.everything), first.append(booked("1", gross: 1)),
                 first.append(booked("6", gross: 6))]
        let b = [second.append(booked("4", gross: 4)), second.append(booked("2", gross: 2)), second.append(booked("5", gross: 5))]
        let keyOrder = [(part: 0, offset: a[2]), (1, b[1]), (0, a[0]), (1, b[0]), (1, b[2]), (0, a[3]), (0, a[1])]
        let packed = PackedTransactions.inKeyOrder([first.part(), second.part()], keyOrder: keyOrder, users: Self.users)
        let list = TransactionList(stored: packed)
        var read: [String] = []
        for t in list { read.append("\(t.transactionID) \(t.gross?.minorUnits ?? -1)") }
        #expect(read == ["1 1", "2 2", "3 3", "4 4", "5 5", "6 6", "100000123456789012345678 \(Int64.max / 4)"])
        #expect(Self.fields(list[6]) == Self.fields(Self.everything))
        #expect(list[3].transactionID == "4" && packed.readFailure == nil)
    }

    @Test func aBeginOutsideThePartsIsAFailureNotACrash() {
        var builder = PackedTransactions.Builder()
        let offset = builder.append(Self.nothing)
        let packed = PackedTransactions(parts: [builder.part()],
                                        begins: [PackedTransactions.begin(part: 0, offset: offset), PackedTransactions.begin(part: 3, offset: 0),
                                                 PackedTransactions.begin(part: 0, offset: 9_999)],
                                        users: Self.users)
        let list = TransactionList(stored: packed)
        #expect(list[0].userName == "ann" && packed.readFailure == nil)
        #expect(list[1] === Transaction.unreadable)
        #expect(packed.readFailure?.message.contains("a part that does not exist") == true)
        #expect(list[2] === Transaction.unreadable)
        #expect(throws: FatalError.self) { try list.requireEveryRead() }
    }
}
