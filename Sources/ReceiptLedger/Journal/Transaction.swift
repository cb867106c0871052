/// The status of a booked transaction (SPEC §4): the first that applies.
enum TransactionStatus: String, Sendable, CaseIterable {
    case trial
    case familyShared = "family_shared"
    case unpriced
    case upgraded
    case refunded
    case sold

    /// Statuses whose sale is booked in the ledgers' gross and proceeds.
    var booksSale: Bool { self == .sold || self == .upgraded || self == .refunded }
}

/// One deduplicated transaction of the journal: a row of `transactions.csv`.
///
/// Immutable and shared by reference: the ledgers, refunds, subscriptions, reconciliation and
/// pages all hold transactions, and a value copy would retain a dozen strings each time.
///
/// The journal holds one per transaction until the process exits, so the stored fields are
/// packed (issue 26): optional instants as an integer and a bit in `packed`, the flags as
/// bits, the three amounts as minor units of the one `currency` (the rare amount in another
/// currency kept whole in `amountsInOtherCurrency`); the properties give them back as they
/// were passed to `init`.
/// Figures: Benchmarks/EXPERIMENTS.md, "Memory per transaction (issue 26)".
final class Transaction: Sendable {
    let key: TransactionKey
    var environment: Environment { key.environment }
    /// As a `String`, for messages and small files; the hot paths take `key.transactionID.text`.
    var transactionID: String { key.transactionID.value }
    let originalTransactionID: IDText
    let user: UserID
    let userName: String
    let productID: String
    let quantity: Int64
    let purchase: UnixMillis
    private let originalPurchaseMillis: Int64
    private let expiresMillis: Int64
    private let cancellationMillis: Int64
    private let cancellationFirstSeenMillis: Int64
    let cancellationReason: String
    let ownershipType: String
    /// nil for an unpriced transaction (no catalog row in effect).
    let currency: Currency?
    /// `unitPrice`, `gross` and `proceeds` in minor units of `currency`, where `packed` says so.
    private let unitPriceUnits: Int64
    private let grossUnits: Int64
    private let proceedsUnits: Int64
    /// All three amounts as given, when one of them is in a currency other than `currency`
    /// (never from the pricing, which prices in one currency; kept so that no value is lost).
    private let amountsInOtherCurrency: AmountsBox?
    let firstRecordID: Int64
    let recordCount: Int
    /// Behind one reference, and nil when there is nothing to say (nearly every transaction of
    /// receipts): the journal holds every transaction for the whole run.
    private let signedDetail: SignedDetailBox?
    private let packed: Packed
    let productType: ProductType?
    let status: TransactionStatus
    /// `price_source` (SPEC §9), kept here: nearly every transaction has one.
    let priceSource: Pricing.PriceSource

    var originalPurchase: UnixMillis? { packed.contains(.hasOriginalPurchase) ? UnixMillis(originalPurchaseMillis) : nil }
    var expires: UnixMillis? { packed.contains(.hasExpires) ? UnixMillis(expiresMillis) : nil }
    var cancellation: UnixMillis? { packed.contains(.hasCancellation) ? UnixMillis(cancellationMillis) : nil }
    var cancellationFirstSeen: UnixMillis? { packed.contains(.hasCancellationFirstSeen) ? UnixMillis(cancellationFirstSeenMillis) : nil }
    var isTrialPeriod: Bool { packed.contains(.isTrialPeriod) }
    var isInIntroOfferPeriod: Bool { packed.contains(.isInIntroOfferPeriod) }
    var isUpgraded: Bool { packed.contains(.isUpgraded) }
    /// SPEC §4, §9: `false` for a consumable unless Apple reported the consumable refunds of
    /// its environment (V2 notifications, Get Refund History).
    var refundVisible: Bool { packed.contains(.refundVisible) }
    var unitPrice: Money? { amountsInOtherCurrency?.unitPrice ?? amount(unitPriceUnits, if: .hasUnitPrice) }
    var gross: Money? { amountsInOtherCurrency?.gross ?? amount(grossUnits, if: .hasGross) }
    var proceeds: Money? { amountsInOtherCurrency?.proceeds ?? amount(proceedsUnits, if: .hasProceeds) }
    /// What SPEC §9 adds from signed copies (empty texts and nil on receipt-only transactions).
    var signed: SignedDetail { signedDetail?.detail ?? .none }

    /// Which optional fields are present, and the flags.
    private struct Packed: OptionSet, Sendable {
        let rawValue: UInt16
        static let hasOriginalPurchase = Packed(rawValue: 1 << 0)
        static let hasExpires = Packed(rawValue: 1 << 1)
        static let hasCancellation = Packed(rawValue: 1 << 2)
        static let hasCancellationFirstSeen = Packed(rawValue: 1 << 3)
        static let hasUnitPrice = Packed(rawValue: 1 << 4)
        static let hasGross = Packed(rawValue: 1 << 5)
        static let hasProceeds = Packed(rawValue: 1 << 6)
        static let isTrialPeriod = Packed(rawValue: 1 << 7)
        static let isInIntroOfferPeriod = Packed(rawValue: 1 << 8)
        static let isUpgraded = Packed(rawValue: 1 << 9)
        static let refundVisible = Packed(rawValue: 1 << 10)
    }

    private final class AmountsBox: Sendable {
        let unitPrice: Money?
        let gross: Money?
        let proceeds: Money?
        init(unitPrice: Money?, gross: Money?, proceeds: Money?) {
            (self.unitPrice, self.gross, self.proceeds) = (unitPrice, gross, proceeds)
        }
    }

    private func amount(_ minorUnits: Int64, if present: Packed) -> Money? {
        guard packed.contains(present), let currency else { return nil }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    /// The columns and amounts SPEC §9 adds.
    struct SignedDetail: Sendable {
        /// `revocationType` and `revocationPercentage` as sent, of the copy that gave the refund state.
        var revocationType = ""
        var revocationPercentage = ""
        /// `signed`, `catalog`, or empty (unpriced): given to the transaction, which keeps it
        /// as `Transaction.priceSource`.
        var priceSource = Pricing.PriceSource.none
        /// The signed price ÷ 1000 in its currency (any status); nil without one.
        var customerPrice: Money?
        var customerCurrency = ""
        var storefront = ""
        var appAccountToken = ""
        /// What a prorated refund below 100 % reverses (§9); nil for a whole refund, which
        /// reverses the gross and proceeds (read `refundGross ?? gross`).
        var refundGross: Money?
        var refundProceeds: Money?
        /// Units a prorated refund below 100 % takes back: none.
        var refundedUnits: Int64 = 0
        /// `revocationType` `FAMILY_REVOKE`: not a refund.
        var isFamilyRevoke = false
        /// A `REFUND_PRORATED` refund below 100 %.
        var isPartialRefund = false

        init() {}

        /// Nothing to say: a receipt-only transaction's.
        static let none = SignedDetail()

        /// Whether it says nothing beyond `none` (then no box is kept).
        var isNone: Bool {
            revocationType.isEmpty && revocationPercentage.isEmpty && customerPrice == nil && customerCurrency.isEmpty
                && storefront.isEmpty && appAccountToken.isEmpty && refundGross == nil && refundProceeds == nil && refundedUnits == 0
                && !isFamilyRevoke && !isPartialRefund
        }
    }

    private final class SignedDetailBox: Sendable {
        let detail: SignedDetail
        init(_ detail: SignedDetail) { self.detail = detail }
    }

    init(key: TransactionKey,
         originalTransactionID: IDText,
         user: UserID,
         userName: String,
         productID: String,
         productType: ProductType?,
         quantity: Int64,
         purchase: UnixMillis,
         originalPurchase: UnixMillis?,
         expires: UnixMillis?,
         cancellation: UnixMillis?,
         cancellationReason: String,
         cancellationFirstSeen: UnixMillis?,
         isTrialPeriod: Bool,
         isInIntroOfferPeriod: Bool,
         isUpgraded: Bool,
         ownershipType: String,
         currency: Currency?,
         unitPrice: Money?,
         gross: Money?,
         proceeds: Money?,
         status: TransactionStatus,
         firstRecordID: Int64,
         recordCount: Int,
         signed: SignedDetail = SignedDetail(),
         refundVisible: Bool? = nil) {
        self.key = key
        self.originalTransactionID = originalTransactionID
        self.user = user
        self.userName = userName
        self.productID = productID
        self.productType = productType
        self.quantity = quantity
        self.purchase = purchase
        originalPurchaseMillis = originalPurchase?.rawValue ?? 0
        expiresMillis = expires?.rawValue ?? 0
        cancellationMillis = cancellation?.rawValue ?? 0
        cancellationFirstSeenMillis = cancellationFirstSeen?.rawValue ?? 0
        self.cancellationReason = cancellationReason
        self.ownershipType = ownershipType
        self.currency = currency
        unitPriceUnits = unitPrice?.minorUnits ?? 0
        grossUnits = gross?.minorUnits ?? 0
        proceedsUnits = proceeds?.minorUnits ?? 0
        let inCurrency = (unitPrice.map { $0.currency == currency } ?? true) && (gross.map { $0.currency == currency } ?? true)
            && (proceeds.map { $0.currency == currency } ?? true)
        amountsInOtherCurrency = inCurrency ? nil : AmountsBox(unitPrice: unitPrice, gross: gross, proceeds: proceeds)
        self.status = status
        self.firstRecordID = firstRecordID
        self.recordCount = recordCount
        priceSource = signed.priceSource
        signedDetail = signed.isNone ? nil : SignedDetailBox(signed)
        var packed: Packed = []
        if originalPurchase != nil { packed.insert(.hasOriginalPurchase) }
        if expires != nil { packed.insert(.hasExpires) }
        if cancellation != nil { packed.insert(.hasCancellation) }
        if cancellationFirstSeen != nil { packed.insert(.hasCancellationFirstSeen) }
        if unitPrice != nil { packed.insert(.hasUnitPrice) }
        if gross != nil { packed.insert(.hasGross) }
        if proceeds != nil { packed.insert(.hasProceeds) }
        if isTrialPeriod { packed.insert(.isTrialPeriod) }
        if isInIntroOfferPeriod { packed.insert(.isInIntroOfferPeriod) }
        if isUpgraded { packed.insert(.isUpgraded) }
        if refundVisible ?? (productType != .consumable) { packed.insert(.refundVisible) }
        self.packed = packed
    }

    /// The transaction of `fields`, with no amounts in another currency.
    private init(fields f: Fields, packed: Packed) {
        (key, originalTransactionID, user, userName, productID) = (f.key, f.originalTransactionID, f.user, f.userName, f.productID)
        (productType, quantity, purchase) = (f.productType, f.quantity, f.purchase)
        (originalPurchaseMillis, expiresMillis) = (f.originalPurchaseMillis, f.expiresMillis)
        (cancellationMillis, cancellationFirstSeenMillis) = (f.cancellationMillis, f.cancellationFirstSeenMillis)
        (cancellationReason, ownershipType, currency) = (f.cancellationReason, f.ownershipType, f.currency)
        (unitPriceUnits, grossUnits, proceedsUnits) = (f.unitPriceUnits, f.grossUnits, f.proceedsUnits)
        amountsInOtherCurrency = nil
        signedDetail = f.signed.isNone ? nil : SignedDetailBox(f.signed)
        (firstRecordID, recordCount, status, priceSource) = (f.firstRecordID, f.recordCount, f.status, f.priceSource)
        self.packed = packed
    }

    /// A refund in the sense of `refunds.csv`: a cancellation that is neither an upgrade nor a
    /// family revocation (SPEC §4, §9).
    var isRefund: Bool { cancellation != nil && !isUpgraded && !signed.isFamilyRevoke }
}

extension Transaction {
    /// A transaction's stored fields as it holds them, for `PackedTransactions`, which keeps a
    /// large journal as bytes and makes the objects again for each pass:
    /// `Transaction(fields: t.fields!)` holds what `t` holds.
    struct Fields {
        var key: TransactionKey
        var originalTransactionID: IDText
        var user: UserID
        var userName: String
        var productID: String
        var productType: ProductType?
        var quantity: Int64
        var purchase: UnixMillis
        var originalPurchaseMillis: Int64
        var expiresMillis: Int64
        var cancellationMillis: Int64
        var cancellationFirstSeenMillis: Int64
        var cancellationReason: String
        var ownershipType: String
        var currency: Currency?
        var unitPriceUnits: Int64
        var grossUnits: Int64
        var proceedsUnits: Int64
        var firstRecordID: Int64
        var recordCount: Int
        var status: TransactionStatus
        var priceSource: Pricing.PriceSource
        /// Which optional fields are present, and the flags (`Packed`'s bits).
        var packedBits: UInt16
        var signed: SignedDetail
    }

    /// Its fields, or nil when it holds what `Fields` has no room for (an amount in another
    /// currency than the transaction's): the rare transaction kept as it is.
    var fields: Fields? {
        guard amountsInOtherCurrency == nil else { return nil }
        return Fields(key: key, originalTransactionID: originalTransactionID, user: user, userName: userName, productID: productID,
                      productType: productType, quantity: quantity, purchase: purchase, originalPurchaseMillis: originalPurchaseMillis,
                      expiresMillis: expiresMillis, cancellationMillis: cancellationMillis,
                      cancellationFirstSeenMillis: cancellationFirstSeenMillis, cancellationReason: cancellationReason,
                      ownershipType: ownershipType, currency: currency, unitPriceUnits: unitPriceUnits, grossUnits: grossUnits,
                      proceedsUnits: proceedsUnits, firstRecordID: firstRecordID, recordCount: recordCount, status: status,
                      priceSource: priceSource, packedBits: packed.rawValue, signed: signed)
    }

    /// The transaction whose fields are `fields` (as `fields` gave them).
    convenience init(fields: Fields) {
        self.init(fields: fields, packed: Packed(rawValue: fields.packedBits))
    }
}
