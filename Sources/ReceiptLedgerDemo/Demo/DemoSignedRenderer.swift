import ReceiptLedger

/// Writes signed records (SPEC §9): V2 notifications (`signedPayload`, or the decoded payload),
/// Get Transaction History answers (`signedTransactions`) and bare signed transactions.
///
/// A JWS here is a fixed ES256 header with a chain of three seeded random "certificates" of
/// Apple's sizes, the Base64URL payload written straight from JSON text,
/// and a signature of seeded random bytes (the reader does not verify signatures). Payloads are
/// built in reused buffers, nested payloads innermost first.
struct DemoSignedRenderer {
    static let appAppleID: Int64 = 1_530_000_001

    private var transaction = DemoJSONWriter(capacity: 2_048)
    private var notification = DemoJSONWriter(capacity: 8_192)
    private let header: [UInt8]
    /// The DER sizes of the `x5c` chain Apple signs production data with (its leaf, the
    /// Worldwide Developer Relations intermediate and Apple Root CA - G3): stored records carry
    /// the whole chain in every JWS, so the demo's are as long as Apple's.
    static let certificateSizes = [1_076, 794, 583]
    private let signature: [UInt8]

    init(seed: UInt64) {
        var random = DemoRandom(seed: seed, stream: .max - 5)
        var header = DemoJSONWriter(capacity: 4_096)
        header.append("{\"alg\":\"ES256\",\"x5c\":[")
        for (number, size) in Self.certificateSizes.enumerated() {
            let certificate = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            header.append(number == 0 ? "\"" : ",\"")
            header.append(Array(Base64URL.encode(certificate).utf8))
            header.append("\"")
        }
        header.append("]}")
        self.header = Array(Base64URL.encode(header.bytes).utf8)
        let signatureBytes = (0..<64).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        signature = Array(Base64URL.encode(signatureBytes).utf8)
    }

    mutating func write(_ answer: DemoSignedAnswer, into writer: inout DemoJSONWriter) {
        let profile = answer.account.signed ?? DemoSignedProfile(storefront: .usa)
        switch answer.body {
        case .automatic, .history:
            writer.append("{")
            writer.field("revision", "r" + String(answer.plan.verifiedAt / DemoCalendar.second))
            writer.field("bundleId", answer.account.bundleID)
            if profile.environment == "Production" {
                writer.key("appAppleId")
                writer.integer(DemoSignedRenderer.appAppleID)
            }
            writer.field("environment", profile.environment)
            writer.append(",\"hasMore\":false,\"signedTransactions\":[")
            for index in answer.account.transactions {
                let shown = answer.transactions[Int(index)]
                guard answer.listedInHistory(shown) else { continue }
                writer.separate()
                writer.append("\"")
                writeTransactionJWS(shown, signedAt: answer.signedAt, account: answer.account, into: &writer)
                writer.append("\"")
            }
            writer.append("]}")
        case .notification(let event):
            writeNotification(event, answer: answer, profile: profile, into: &writer)
        case .transaction(let index, let bare):
            if !bare { writer.append("\"") }
            writeTransactionJWS(answer.transactions[Int(index)], signedAt: answer.signedAt, account: answer.account, into: &writer)
            if !bare { writer.append("\"") }
        }
    }

    /// `{"signedPayload":"…"}`, or the decoded payload itself.
    private mutating func writeNotification(
        _ event: DemoNotification, answer: DemoSignedAnswer, profile: DemoSignedProfile, into writer: inout DemoJSONWriter
    ) {
        let shown = answer.transactions[Int(event.transaction)]
        // The notification's buffer is taken out of `self` while the transaction's is written into it.
        var notification = DemoJSONWriter(capacity: 0)
        swap(&notification, &self.notification)
        defer { swap(&notification, &self.notification) }
        notification.removeAll()
        notification.append("{")
        notification.field("notificationType", event.type)
        if let subtype = event.subtype { notification.field("subtype", subtype) }
        notification.field("notificationUUID", event.uuid)
        notification.append(",\"data\":{")
        if profile.environment == "Production" {
            notification.key("appAppleId")
            notification.integer(DemoSignedRenderer.appAppleID)
        }
        notification.field("bundleId", answer.account.bundleID)
        notification.field("bundleVersion", String(100 + (event.signedAt - DemoWorld.start) / (14 * DemoCalendar.day)))
        notification.field("environment", profile.environment)
        notification.key("signedTransactionInfo")
        notification.append("\"")
        writeTransactionJWS(shown, signedAt: event.signedAt, account: answer.account, into: &notification)
        notification.append("\"")
        if shown.isSubscription, let renewal = answer.account.renewals.first(where: { $0.originalTransactionID == shown.originalTransactionID }) {
            notification.key("signedRenewalInfo")
            notification.append("\"")
            writeRenewalJWS(renewal, of: shown, signedAt: event.signedAt, environment: profile.environment, into: &notification)
            notification.append("\"")
            let active = (shown.expires ?? .max) > event.signedAt && !(renewal.end.map { $0 <= event.signedAt } ?? false)
            notification.key("status")
            notification.integer(active ? 1 : 2)
        }
        notification.append("},\"version\":\"2.0\"")
        notification.key("signedDate")
        notification.integer(event.signedAt)
        notification.append("}")
        if event.decoded {
            writer.append(notification.bytes)
        } else {
            writer.append("{\"signedPayload\":\"")
            jws(notification.bytes, into: &writer)
            writer.append("\"}")
        }
    }

    /// `JWSTransactionDecodedPayload` of the transaction as Apple signed it at `signedAt`.
    private mutating func writeTransactionJWS(
        _ shown: DemoTransaction, signedAt: Int64, account: DemoAppleAccount, into writer: inout DemoJSONWriter
    ) {
        let profile = account.signed ?? DemoSignedProfile(storefront: .usa)
        transaction.removeAll()
        transaction.append("{")
        transaction.field("transactionId", shown.transactionID)
        transaction.field("originalTransactionId", shown.originalTransactionID)
        if let lineItem = shown.webOrderLineItemID { transaction.field("webOrderLineItemId", lineItem) }
        transaction.field("bundleId", account.bundleID)
        transaction.field("productId", shown.product.productID)
        if shown.isSubscription { transaction.field("subscriptionGroupIdentifier", DemoProduct.subscriptionGroup) }
        transaction.key("purchaseDate")
        transaction.integer(shown.purchase)
        transaction.key("originalPurchaseDate")
        transaction.integer(shown.originalPurchase)
        if let expires = shown.expires {
            transaction.key("expiresDate")
            transaction.integer(expires)
        }
        transaction.key("quantity")
        transaction.integer(Int64(shown.quantity))
        transaction.field("type", DemoSignedRenderer.type(of: shown.product))
        transaction.field("inAppOwnershipType", shown.familyShared ? "FAMILY_SHARED" : "PURCHASED")
        transaction.key("signedDate")
        transaction.integer(signedAt)
        if shown.isTrial || shown.isIntro {
            transaction.append(",\"offerType\":1")
            transaction.field("offerDiscountType", shown.isTrial ? "FREE_TRIAL" : "PAY_AS_YOU_GO")
        }
        let reversed = shown.reversal.map { $0 <= signedAt } ?? false
        if let cancellation = shown.cancellation, cancellation <= signedAt, !reversed {
            transaction.key("revocationDate")
            transaction.integer(cancellation)
            if shown.isUpgraded {
                transaction.append(",\"isUpgraded\":true")
            } else {
                transaction.key("revocationReason")
                transaction.integer(shown.cancellationReason == "1" ? 1 : 0)
                transaction.field("revocationType", shown.revocationType ?? "REFUND_FULL")
                if let percentage = shown.revocationPercentage {
                    transaction.key("revocationPercentage")
                    transaction.integer(percentage)
                }
            }
        }
        transaction.field("environment", profile.environment)
        transaction.field("transactionReason", shown.transactionID == shown.originalTransactionID ? "PURCHASE" : "RENEWAL")
        transaction.field("storefront", profile.storefront.code)
        transaction.field("storefrontId", profile.storefront.storefrontID)
        transaction.key("price")
        transaction.integer(DemoSignedPrice.milliunits(shown, storefront: profile.storefront))
        transaction.field("currency", profile.storefront.currency)
        transaction.append("}")
        jws(transaction.bytes, into: &writer)
    }

    /// `JWSRenewalInfoDecodedPayload` of a subscription at `signedAt`.
    private mutating func writeRenewalJWS(
        _ renewal: DemoRenewal, of shown: DemoTransaction, signedAt: Int64, environment: String, into writer: inout DemoJSONWriter
    ) {
        transaction.removeAll()
        transaction.append("{")
        transaction.field("originalTransactionId", renewal.originalTransactionID)
        transaction.field("autoRenewProductId", shown.product.productID)
        transaction.field("productId", shown.product.productID)
        let off = renewal.autoRenewOff.map { $0 <= signedAt } ?? false
        transaction.key("autoRenewStatus")
        transaction.integer(off ? 0 : 1)
        if renewal.end.map({ $0 <= signedAt }) ?? false {
            if let intent = renewal.expirationIntent, let code = Int64(intent) {
                transaction.key("expirationIntent")
                transaction.integer(code)
            }
            let retrying = renewal.retryUntil.map { $0 > signedAt } ?? false
            transaction.append(retrying ? ",\"isInBillingRetryPeriod\":true" : ",\"isInBillingRetryPeriod\":false")
        }
        transaction.key("signedDate")
        transaction.integer(signedAt)
        transaction.field("environment", environment)
        transaction.key("recentSubscriptionStartDate")
        transaction.integer(shown.originalPurchase)
        if let expires = shown.expires, !off {
            transaction.key("renewalDate")
            transaction.integer(expires)
        }
        transaction.append("}")
        jws(transaction.bytes, into: &writer)
    }

    /// `header.payload.signature`, the payload Base64URL-encoded.
    private func jws(_ payload: [UInt8], into writer: inout DemoJSONWriter) {
        writer.bytes.append(contentsOf: header)
        writer.bytes.append(UInt8(ascii: "."))
        Base64URL.encode(payload, into: &writer.bytes)
        writer.bytes.append(UInt8(ascii: "."))
        writer.bytes.append(contentsOf: signature)
    }

    /// Apple's `type` of a product.
    static func type(of product: DemoProduct) -> String {
        switch product {
        case .monthly, .yearly: return "Auto-Renewable Subscription"
        case .lifetime, .stickerPack: return "Non-Consumable"
        case .coins, .coinsJP: return "Consumable"
        case .seasonPass: return "Non-Renewing Subscription"
        }
    }
}
