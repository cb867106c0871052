/// What the journal knows about one transaction while records stream past, in
/// (`verified_at`, `id`) order. SPEC §4 and §8 "Transactions" are applied copy by copy here.
///
/// A value kept where it lies in `TransactionStates`, which the merge updates in place: the
/// merge holds one per transaction until every record is read, so a state keeps no key (the
/// builder's index has it, by the state's number), no object header and no pointer to it, and
/// what only refunded, signed or shared transactions need lies behind a reference (issue 26).
struct TransactionState {
    /// The record a copy came from.
    struct Source {
        var recordID: Int64
        var verifiedAt: UnixMillis
        var user: UserID
    }

    /// How many records held it, and the last of them (SPEC `record_count`). First, with the
    /// product's number in its last 4 bytes: a state takes 88 bytes (issue 26).
    private(set) var mark = MergeMark()
    /// Fixed fields, from the first copy of the earliest record; one it lacks is taken from the
    /// first later copy that has it, without a conflict (SPEC §8 Revision 2). The product id
    /// is kept as its number in the builder's pool of product ids, + 1 (0: none yet).
    private var productNumberPlusOne: UInt32 = 0
    /// The product id, named by the pool the merge numbered it in.
    func productID(in products: StringPool) -> String? {
        productNumberPlusOne == 0 ? nil : products.text(Int(productNumberPlusOne) - 1)
    }
    /// The earliest record holding the transaction: its user owns it.
    let first: Source
    /// Which optional fields have a value, and the flags (in `first`'s padding).
    private var packed: Present = []
    /// The ownership type: 0 none, 1 `PURCHASED`, 2 `FAMILY_SHARED`, 3 another text, kept in
    /// `rare` (in `first`'s padding too).
    private var ownershipCode: UInt8 = 0
    /// nil while no copy gave a quantity (`quantity: null` counts as absent); 1 when bad.
    var givenQuantity: Int64? {
        get { packed.contains(.hasGivenQuantity) ? givenQuantityValue : nil }
        set { Self.store(newValue, in: &givenQuantityValue, present: .hasGivenQuantity, packed: &packed) }
    }
    /// The quantity booked (SPEC: absent means 1).
    var quantity: Int64 { givenQuantity ?? 1 }
    /// The first readable purchase instant (SPEC §8: used without conflict when the earliest
    /// copy's is unreadable).
    var purchase: UnixMillis? {
        get { instant(purchaseMillis, if: .hasPurchase) }
        set { Self.store(newValue?.rawValue, in: &purchaseMillis, present: .hasPurchase, packed: &packed) }
    }
    var originalPurchase: UnixMillis? {
        get { instant(originalPurchaseMillis, if: .hasOriginalPurchase) }
        set { Self.store(newValue?.rawValue, in: &originalPurchaseMillis, present: .hasOriginalPurchase, packed: &packed) }
    }
    var expires: UnixMillis? {
        get { instant(expiresMillis, if: .hasExpires) }
        set { Self.store(newValue?.rawValue, in: &expiresMillis, present: .hasExpires, packed: &packed) }
    }
    var ownershipType: String? {
        get {
            switch ownershipCode {
            case 0: return nil
            case 1: return "PURCHASED"
            case 2: return "FAMILY_SHARED"
            default: return rare?.shared?.otherOwnershipType
            }
        }
        set {
            // Byte for byte, as every text of a record is compared (`ExactString`).
            if let newValue, newValue.hasSameUTF8(as: "PURCHASED") {
                ownershipCode = 1
            } else if let newValue, newValue.hasSameUTF8(as: "FAMILY_SHARED") {
                ownershipCode = 2
            } else if let newValue {
                ownershipCode = 3
                rareFields().sharedFields().otherOwnershipType = newValue
            } else {
                ownershipCode = 0
            }
        }
    }
    /// The refund state (SPEC §4, §9): from the latest copy that says anything about it, by
    /// copy time (a signed copy's `signedDate`, else its record's `verified_at`), ties by
    /// reading order. A signed copy always says something (revoked or not); a receipt copy only
    /// when it carries a readable cancellation.
    var cancellation: UnixMillis? {
        get { rare?.cancellation }
        set { if newValue != nil || rare != nil { rareFields().cancellation = newValue } }
    }
    var cancellationReason: String? {
        get { rare?.cancellationReason }
        set { if newValue != nil || rare != nil { rareFields().cancellationReason = newValue } }
    }
    /// What only transactions with a cancellation, a signed copy, another user's record, an
    /// unusual ownership type or an original id not in plain digits need: made when first
    /// needed, so that the rest (nearly all) keep one nil pointer.
    private(set) var rare: Rare?
    var revocationType: String? { rare?.revocationType }
    var revocationPercentageText: String? { rare?.revocationPercentageText }
    var revocationPercentage: Int64? { rare?.revocationPercentage }
    var signedPriceMilliunits: Int64? { rare?.signedPriceMilliunits }
    var signedCurrency: String? { rare?.signedCurrency }
    var storefront: String? { rare?.storefront }
    var appAccountToken: String? { rare?.appAccountToken }
    var signedProductType: ProductType? { rare?.signedProductType }

    /// The order of the copies' refund state, the refund state itself, the signed copies'
    /// fields, the other users and an ownership type other than the two Apple documents.
    final class Rare {
        /// The refund state (see `cancellation`) and its first sighting.
        var cancellation: UnixMillis? {
            get { instant(0) }
            set { setInstant(newValue, 0) }
        }
        var cancellationReason: String?
        var cancellationFirstSeen: UnixMillis? {
            get { instant(1) }
            set { setInstant(newValue, 1) }
        }
        /// `revocationType` and `revocationPercentage` of the copy that gave the refund state.
        var revocationType: String?
        var revocationPercentageText: String?
        var revocationPercentage: Int64? {
            get { number(2) }
            set { setNumber(newValue, 2) }
        }
        /// The time of the copy that gave the refund state; nil while no copy said anything.
        var refundStateTime: UnixMillis? {
            get { instant(3) }
            set { setInstant(newValue, 3) }
        }
        /// Whether that copy was signed.
        var refundStateIsSigned = false
        /// The time of the latest cancelling copy (for `refund_reversed`).
        var lastCancellingTime: UnixMillis? {
            get { instant(4) }
            set { setInstant(newValue, 4) }
        }
        /// Signed copies without revocation read after the latest cancelling copy, by (time,
        /// reading order): the first is where a reversal is raised.
        var signedClearances: [Clearance] = []
        /// What signed copies say beyond receipts, each from the earliest signed copy that has
        /// it (price and currency together, SPEC §9).
        var signedPriceMilliunits: Int64? {
            get { number(5) }
            set { setNumber(newValue, 5) }
        }
        var signedCurrency: String?
        var storefront: String?
        var appAccountToken: String?
        var signedProductType: ProductType?
        /// What fewer still have: other users' records, an unusual ownership type, an original
        /// id not in plain digits.
        var shared: Shared?

        /// Users other than the owner whose records hold it, with their earliest record, and
        /// in the order their first records were merged; `ownershipType` when it is neither
        /// `PURCHASED` nor `FAMILY_SHARED`; `originalTransactionID` when not in plain digits.
        final class Shared {
            var otherUsersEarliestRecord: [UserID: Int64] = [:]
            var otherUserOrder: [UserID] = []
            var otherOwnershipType: String?
            var otherOriginalTransactionID: IDText?
        }

        /// `shared`, made when first needed.
        func sharedFields() -> Shared {
            if let shared { return shared }
            let made = Shared()
            shared = made
            return made
        }

        /// The six optional numbers above, where bit `i` of `present` says number `i` is there:
        /// an optional takes 16 bytes (65,090 of these at 1M records: issue 26).
        private var numbers: (Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0)
        private var present: UInt8 = 0

        private func number(_ index: Int) -> Int64? {
            guard present & 1 << index != 0 else { return nil }
            return withUnsafeBytes(of: numbers) { $0.load(fromByteOffset: 8 * index, as: Int64.self) }
        }

        private func setNumber(_ value: Int64?, _ index: Int) {
            guard let value else {
                present &= ~(1 << index)
                return
            }
            present |= 1 << index
            withUnsafeMutableBytes(of: &numbers) { $0.storeBytes(of: value, toByteOffset: 8 * index, as: Int64.self) }
        }

        private func instant(_ index: Int) -> UnixMillis? { number(index).map(UnixMillis.init) }
        private func setInstant(_ value: UnixMillis?, _ index: Int) { setNumber(value?.rawValue, index) }
    }
    /// `verified_at` of the earliest record showing a readable cancellation.
    var cancellationFirstSeen: UnixMillis? {
        get { rare?.cancellationFirstSeen }
        set { if newValue != nil || rare != nil { rareFields().cancellationFirstSeen = newValue } }
    }
    /// `cancellation_before_purchase` was raised (once per transaction).
    var cancellationBeforePurchaseRaised: Bool {
        get { packed.contains(.cancellationBeforePurchaseRaised) }
        set { set(.cancellationBeforePurchaseRaised, newValue) }
    }
    var isTrialPeriod: Bool {
        get { packed.contains(.isTrialPeriod) }
        set { set(.isTrialPeriod, newValue) }
    }
    var isInIntroOfferPeriod: Bool {
        get { packed.contains(.isInIntroOfferPeriod) }
        set { set(.isInIntroOfferPeriod, newValue) }
    }
    var isUpgraded: Bool {
        get { packed.contains(.isUpgraded) }
        set { set(.isUpgraded, newValue) }
    }
    /// Users other than the owner whose records hold it, with their earliest record.
    var otherUsers: [UserID: Int64] { rare?.shared?.otherUsersEarliestRecord ?? [:] }
    /// Those users in the order their first records were merged.
    var otherUserOrder: [UserID] { rare?.shared?.otherUserOrder ?? [] }

    /// The optional fields' values where `packed` says they are present: an optional `Int64`
    /// takes 16 bytes, and the merge holds a state per transaction (issue 26).
    private var givenQuantityValue: Int64 = 0
    private var purchaseMillis: Int64 = 0
    private var originalPurchaseMillis: Int64 = 0
    private var expiresMillis: Int64 = 0
    /// The original id: its value when in plain digits (`DecimalID`), else one of the marks
    /// below, the text then kept in `rare`. 8 bytes where an `IDText?` takes 18 (issue 26).
    private var originalIDValue: UInt64 = Self.noOriginalID
    private static let noOriginalID = UInt64.max
    private static let originalIDIsText = UInt64.max - 1
    var originalTransactionID: IDText? {
        get {
            switch originalIDValue {
            case Self.noOriginalID: return nil
            case Self.originalIDIsText: return rare?.shared?.otherOriginalTransactionID
            case let value: return DecimalID.text(value)
            }
        }
        set {
            if let newValue, let value = DecimalID.value(of: newValue) {
                originalIDValue = value
            } else if let newValue {
                originalIDValue = Self.originalIDIsText
                rareFields().sharedFields().otherOriginalTransactionID = newValue
            } else {
                originalIDValue = Self.noOriginalID
            }
        }
    }

    /// Whether `id` is the original id kept, byte for byte (without writing a plain one out).
    private func hasOriginalID(_ id: IDText) -> Bool {
        switch originalIDValue {
        case Self.noOriginalID: return false
        case Self.originalIDIsText: return rare?.shared?.otherOriginalTransactionID == id
        case let value: return DecimalID.value(of: id) == value
        }
    }

    /// Which optional fields have a value, and the flags.
    private struct Present: OptionSet {
        let rawValue: UInt8
        static let hasGivenQuantity = Present(rawValue: 1 << 0)
        static let hasPurchase = Present(rawValue: 1 << 1)
        static let hasOriginalPurchase = Present(rawValue: 1 << 2)
        static let hasExpires = Present(rawValue: 1 << 3)
        static let cancellationBeforePurchaseRaised = Present(rawValue: 1 << 4)
        static let isTrialPeriod = Present(rawValue: 1 << 5)
        static let isInIntroOfferPeriod = Present(rawValue: 1 << 6)
        static let isUpgraded = Present(rawValue: 1 << 7)
    }

    private mutating func set(_ flag: Present, _ value: Bool) {
        if value { packed.insert(flag) } else { packed.remove(flag) }
    }

    /// The rare fields, made when first needed.
    private mutating func rareFields() -> Rare {
        if let rare { return rare }
        let made = Rare()
        rare = made
        return made
    }

    private func instant(_ millis: Int64, if present: Present) -> UnixMillis? {
        packed.contains(present) ? UnixMillis(millis) : nil
    }

    private static func store(_ value: Int64?, in field: inout Int64, present: Present, packed: inout Present) {
        if let value {
            field = value
            packed.insert(present)
        } else {
            packed.remove(present)
        }
    }

    /// A signed copy without revocation: where `refund_reversed` is raised when it follows the
    /// last cancelling copy.
    struct Clearance {
        var time: UnixMillis
        var recordID: Int64
        var user: UserID
    }

    /// The state of the transaction whose first copy is `copy`, its product id numbered in
    /// `products`.
    init(first: Source, copy: TransactionCopy, products: inout StringPool) {
        self.first = first
        if let product = copy.productID { productNumberPlusOne = UInt32(products.number(of: product) + 1) }
        originalTransactionID = copy.originalTransactionID
        givenQuantity = copy.givenQuantity
    }

    /// Counts the record at `rank` (once however many copies of the transaction it holds).
    mutating func noteRecord(rank: Int) {
        mark.noteRecord(rank: rank)
    }

    /// Merges one copy; returns the fields that disagree with the fixed fields
    /// (for `conflicting_transaction`), empty when none. The record is counted by
    /// `noteRecord`. A product id not seen before is numbered in `products`.
    mutating func merge(_ copy: TransactionCopy, from source: Source, products: inout StringPool) -> [String] {
        noteUser(source)
        var conflicts: [String] = []
        // An absent id is not a disagreement (old answers omit some); two different ids are.
        if let product = copy.productID {
            if let fixed = productID(in: products) {
                if !product.hasSameUTF8(as: fixed) { conflicts.append("product_id \(product) vs \(fixed)") }
            } else {
                productNumberPlusOne = UInt32(products.number(of: product) + 1)
            }
        }
        if let original = copy.originalTransactionID {
            if originalIDValue == Self.noOriginalID {
                originalTransactionID = original
            } else if !hasOriginalID(original), let fixed = originalTransactionID {
                conflicts.append("original_transaction_id \(original) vs \(fixed)")
            }
        }
        if let given = copy.givenQuantity {
            if let fixed = givenQuantity {
                if given != fixed { conflicts.append("quantity \(given) vs \(fixed)") }
            } else {
                givenQuantity = given
            }
        }
        if let instant = copy.purchase.instant {
            if let purchase {
                if abs(instant.rawValue - purchase.rawValue) >= 1000 {
                    conflicts.append("purchase_date \(instant.iso8601) vs \(purchase.iso8601)")
                }
            } else {
                purchase = instant
            }
        }
        if originalPurchase == nil { originalPurchase = copy.originalPurchase.instant }
        // The latest readable expiry (SPEC §8 Revision 2): Apple extends renewal dates.
        if let expiry = copy.expires.instant { expires = expiry }
        if ownershipType == nil, let ownership = copy.ownershipType, !ownership.isEmpty { ownershipType = ownership }
        if copy.cancellation.instant != nil, cancellationFirstSeen == nil { cancellationFirstSeen = source.verifiedAt }
        mergeRefundState(copy, from: source)
        if let signed = copy.signed { mergeSignedFields(signed) }
        isTrialPeriod = isTrialPeriod || copy.isTrialPeriod
        isInIntroOfferPeriod = isInIntroOfferPeriod || copy.isInIntroOfferPeriod
        isUpgraded = isUpgraded || copy.isUpgraded
        return conflicts
    }

    /// SPEC §9 "Merging signed and receipt copies": the copy's refund state replaces the one
    /// kept when the copy says anything and is not earlier (copies are merged in reading
    /// order, so an equal time is a later read). A signed copy with an unreadable
    /// `revocationDate` says nothing.
    private mutating func mergeRefundState(_ copy: TransactionCopy, from source: Source) {
        let time = copy.signedDate ?? source.verifiedAt
        let revoked = copy.cancellation.instant
        if copy.isSigned {
            guard revoked != nil || !copy.cancellation.isPresent else { return }
        } else {
            guard revoked != nil else { return }
        }
        let order = rareFields()
        if revoked != nil {
            if order.lastCancellingTime.map({ time >= $0 }) ?? true {
                order.lastCancellingTime = time
                order.signedClearances.removeAll { $0.time <= time }
            }
        } else if order.lastCancellingTime.map({ time >= $0 }) ?? true {
            let clearance = Clearance(time: time, recordID: source.recordID, user: source.user)
            // Kept in (time, reading order); of equal times only the first read can come first.
            if let at = order.signedClearances.firstIndex(where: { $0.time >= time }) {
                if order.signedClearances[at].time != time { order.signedClearances.insert(clearance, at: at) }
            } else {
                order.signedClearances.append(clearance)
            }
        }
        guard order.refundStateTime.map({ time >= $0 }) ?? true else { return }
        order.refundStateTime = time
        order.refundStateIsSigned = copy.isSigned
        cancellation = revoked
        cancellationReason = revoked == nil ? nil : copy.cancellationReason
        let signed = revoked == nil ? nil : copy.signed
        order.revocationType = signed?.revocationType
        order.revocationPercentageText = signed?.revocationPercentageText
        order.revocationPercentage = signed?.revocationPercentage
    }

    /// Price and currency from the earliest signed copy that has both; storefront, account
    /// token and Apple's product type each from the earliest that has it (SPEC §9).
    private mutating func mergeSignedFields(_ signed: SignedTransactionFields) {
        let order = rareFields()
        if order.signedPriceMilliunits == nil, let price = signed.priceMilliunits, let currency = signed.currency, !currency.isEmpty {
            order.signedPriceMilliunits = price
            order.signedCurrency = currency
        }
        if order.storefront == nil, let value = signed.storefront, !value.isEmpty { order.storefront = value }
        if order.appAccountToken == nil, let value = signed.appAccountToken, !value.isEmpty { order.appAccountToken = value }
        if order.signedProductType == nil { order.signedProductType = signed.productType }
    }

    /// Where `refund_reversed` is raised (SPEC §9): the final refund state is a signed copy
    /// without revocation that follows a cancelling copy, and the transaction is no upgrade.
    /// Once per transaction, at the first signed copy without revocation after the last
    /// cancelling one.
    var refundReversal: Clearance? {
        guard cancellation == nil, let order = rare, order.refundStateIsSigned, order.lastCancellingTime != nil, !isUpgraded else { return nil }
        return order.signedClearances.first
    }

    /// Whether `cancellation_before_purchase` is to be raised now (SPEC §8 Revision 2): the
    /// cancellation just merged is earlier than the purchase instant, and none was raised
    /// before. The refund stands.
    mutating func takeCancellationBeforePurchase() -> Bool {
        guard !cancellationBeforePurchaseRaised, let cancellation, let purchase, cancellation < purchase else { return false }
        cancellationBeforePurchaseRaised = true
        return true
    }

    /// Notes the record's user when it is not the owner (for `shared_transaction`).
    mutating func noteUser(_ source: Source) {
        guard source.user != first.user else { return }
        let others = rareFields().sharedFields()
        if others.otherUsersEarliestRecord[source.user] == nil {
            others.otherUsersEarliestRecord[source.user] = source.recordID
            others.otherUserOrder.append(source.user)
        }
    }
}
