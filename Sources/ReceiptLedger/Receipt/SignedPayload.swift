/// The decoded payloads of SPEC §9: a signed transaction (`JWSTransactionDecodedPayload`) and
/// signed renewal info (`JWSRenewalInfoDecodedPayload`), read from an object on any view.
enum SignedPayload {
    /// One signed transaction as its payload says it.
    struct SignedTransaction {
        let copy: TransactionCopy
        /// `environment` (Xcode and LocalTesting are Sandbox); nil when absent or unknown.
        let environment: Environment?
        /// `bundleId`, for `--bundle-id` (nil when not asked for).
        let bundleID: String?
    }

    /// Calls `body` with the payload of the signed entry at `index`: a JWS string decoded into
    /// a document of its own, or an object stored already decoded (SPEC §9: read the same way).
    /// `.failure` says why there is none (`invalid_jws …`, or the JSON type found).
    static func withPayload<R>(_ view: JSONView, _ index: Int, scratch: CompactJWS.PayloadScratch,
                               _ body: (JSONView, Int) -> R) -> Result<R, CompactJWS.Failure> {
        switch view.kind(index) {
        case .object:
            return .success(body(view, index))
        case .string:
            return view.withString(index) { jws in scratch.withPayload(jws) { body($0, 0) } }
                ?? .failure(CompactJWS.Failure(message: "the string cannot be read"))
        default:
            return .failure(CompactJWS.Failure(message: "it is a JSON \(view.kind(index))"))
        }
    }

    static let transactionKeys = JSONKeySet([
        "transactionId", "originalTransactionId", "productId", "quantity", "purchaseDate", "originalPurchaseDate",
        "expiresDate", "inAppOwnershipType", "offerDiscountType", "offerType", "isUpgraded", "revocationDate",
        "revocationReason", "revocationType", "revocationPercentage", "price", "currency", "storefront",
        "appAccountToken", "type", "signedDate", "environment", "bundleId",
    ])

    private enum Key {
        static let transactionID = 0, originalTransactionID = 1, productID = 2, quantity = 3, purchase = 4
        static let originalPurchase = 5, expires = 6, ownership = 7, offerDiscountType = 8, offerType = 9
        static let isUpgraded = 10, revocationDate = 11, revocationReason = 12, revocationType = 13
        static let revocationPercentage = 14, price = 15, currency = 16, storefront = 17, appAccountToken = 18
        static let type = 19, signedDate = 20, environment = 21, bundleID = 22
    }

    /// Reads the transaction payload at `object`; nil when it is not an object or has no
    /// usable `transactionId` (`malformed_transaction`). Product ids and original transaction
    /// ids met before are taken from `texts`; `bundleId` is read only when `readsBundle`.
    static func transaction(_ view: JSONView, _ object: Int, texts: inout CopyTexts, readsBundle: Bool) -> SignedTransaction? {
        guard view.kind(object) == .object else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: transactionKeys.count) { slots in
            view.find(transactionKeys, in: object, into: slots)
            return transaction(view, slots: UnsafeBufferPointer(slots), texts: &texts, readsBundle: readsBundle)
        }
    }

    private static func transaction(_ view: JSONView, slots: UnsafeBufferPointer<Int>, texts: inout CopyTexts,
                                    readsBundle: Bool) -> SignedTransaction? {
        func value(_ key: Int) -> Int? {
            let index = slots[key]
            return index < 0 || view.kind(index) == .null ? nil : index
        }
        guard let idValue = value(Key.transactionID), let id = view.looseID(idValue), !id.isEmpty else { return nil }
        var quantity: Int64?
        var quantityIsBad = false
        if let quantityValue = value(Key.quantity) {
            if let parsed = view.quantityInteger(quantityValue), parsed >= 1, parsed <= TransactionCopy.maximumQuantity {
                quantity = parsed
            } else {
                quantityIsBad = true
            }
        }
        let percentage = value(Key.revocationPercentage)
        let signed = SignedTransactionFields(
            signedDate: view.signedTimestamp(slots[Key.signedDate]).instant,
            revocationType: value(Key.revocationType).flatMap(view.string),
            revocationPercentageText: percentage.flatMap(view.rawText),
            revocationPercentage: percentage.flatMap(view.signedWholeNumber).flatMap { $0 <= 100_000 ? $0 : nil },
            priceMilliunits: value(Key.price).flatMap(view.signedWholeNumber),
            currency: value(Key.currency).flatMap(view.string),
            storefront: value(Key.storefront).flatMap(view.string),
            appAccountToken: value(Key.appAccountToken).flatMap(view.looseText),
            productType: value(Key.type).flatMap { view.withString($0, SignedTransactionFields.productType(appleUTF8:)) } ?? nil)
        let offerDiscount = value(Key.offerDiscountType).flatMap(view.string).map(LooseText.trimmedLowercased)
        let originalTransactionID = value(Key.originalTransactionID).flatMap {
            view.looseID($0, reusing: id, or: texts.latestOriginalTransactionID)
        }
        if originalTransactionID != nil { texts.latestOriginalTransactionID = originalTransactionID }
        let copy = TransactionCopy(
            transactionID: id,
            originalTransactionID: originalTransactionID,
            productID: value(Key.productID).flatMap { view.looseText($0, pooledIn: &texts.products) },
            quantity: quantity, quantityIsBad: quantityIsBad,
            purchase: view.signedTimestamp(slots[Key.purchase]),
            originalPurchase: view.signedTimestamp(slots[Key.originalPurchase]),
            expires: view.signedTimestamp(slots[Key.expires]),
            cancellation: view.signedTimestamp(slots[Key.revocationDate]),
            cancellationReason: value(Key.revocationReason).flatMap(view.rawText),
            isTrialPeriod: offerDiscount == "free_trial",
            isInIntroOfferPeriod: value(Key.offerType).flatMap { view.looseInteger($0, trimmingSpaces: true) } == 1,
            isUpgraded: value(Key.isUpgraded).map(view.flag) ?? false,
            ownershipType: value(Key.ownership).flatMap(view.string),
            signed: signed)
        return SignedTransaction(copy: copy, environment: view.signedEnvironment(slots[Key.environment]),
                           bundleID: readsBundle ? value(Key.bundleID).flatMap(view.looseText) : nil)
    }

    static let renewalKeys = JSONKeySet([
        "originalTransactionId", "autoRenewStatus", "expirationIntent", "isInBillingRetryPeriod", "signedDate", "environment",
    ])

    /// Reads the renewal info payload at `object` (SPEC §9: `autoRenewStatus`, `expirationIntent`
    /// as sent, `isInBillingRetryPeriod` as a flag, `signedDate`, its own environment). Its
    /// subscription is its `originalTransactionId`, else `subscription` (the one the answer puts
    /// it beside); nil when it is not an object or names none.
    static func renewal(_ view: JSONView, _ object: Int, subscription: String?) -> RenewalInfo? {
        guard view.kind(object) == .object else { return nil }
        var slots = [Int](repeating: -1, count: renewalKeys.count)
        slots.withUnsafeMutableBufferPointer { view.find(renewalKeys, in: object, into: $0) }
        func value(_ key: Int) -> Int? { slots[key] < 0 || view.kind(slots[key]) == .null ? nil : slots[key] }
        let own = value(0).flatMap(view.looseText).flatMap { $0.isEmpty ? nil : $0 }
        guard let subscription = own ?? subscription, !subscription.isEmpty else { return nil }
        return RenewalInfo(subscription: subscription, autoRenewStatus: value(1).flatMap(view.rawText),
                           expirationIntent: value(2).flatMap(view.rawText), inBillingRetry: value(3).map(view.flag),
                           signedDate: view.signedTimestamp(slots[4]).instant, environment: view.signedEnvironment(slots[5]))
    }
}
