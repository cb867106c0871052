import Foundation
import Testing
@testable import ReceiptLedger

/// The signed kinds of record of SPEC §9 read into a `ParsedRecord`: JWS shape and payload,
/// every signed transaction field, V2 notifications, App Store Server API answers, a signed
/// transaction alone, `--bundle-id`, and bad input that must become rows, never a crash.
@Suite struct SignedRecordReaderTests {
    typealias S = SignedAnswers

    static func iso(_ reading: TimestampFieldReading) -> String? { reading.instant?.iso8601 }

    // MARK: - JWS shape

    @Test(arguments: [
        ("aGVhZA.cGF5bG9hZA.c2ln", true),
        ("  aGVhZA.cGF5bG9hZA.c2ln\r\n", true),
        ("aGVhZA.cGF5bG9hZA.", true),            // an empty signature keeps the shape
        ("aGVhZA==.cGF5bG9hZA.c2ln", true),      // `=` padding
        ("aGVhZA.-_09az.c2ln", true),
        (".cGF5bG9hZA.c2ln", false),             // the first two parts are non-empty
        ("aGVhZA..c2ln", false),
        ("aGVhZA.cGF5bG9hZA", false),            // two parts
        ("aGVhZA.cGF5bG9hZA.c2ln.eHg", false),   // four parts
        ("aGVhZA.cGF5+bG9hZA.c2ln", false),      // standard Base64 alphabet
        ("aGVhZA.cGF5 bG9hZA.c2ln", false),      // whitespace inside
        (#"{"status": 0, "receipt": {"a.b.c"#, false),  // a truncated body with two dots in it
        ("", false),
    ])
    func compactJWSShape(text: String, hasShape: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer(CompactJWS.hasShape) == hasShape)
    }

    @Test func truncatedBareTextWithTwoDotsStaysInvalidJSON() {
        let record = S.read(#"{"status": 0, "receipt": {"bundle_id": "a.b.c"#)
        #expect(record.rejectionCode == "invalid_json")
    }

    @Test(arguments: [
        ("1697679936049.7297", Int64(1_697_679_936_049)), ("1698148900000", 1_698_148_900_000), ("-1.5", -1), ("-0.9", 0),
        ("1e3", 1000), ("1.6981489E12", 1_698_148_900_000), ("0.0001", 0), ("12.5e-1", 1), ("9223372036854775807", Int64.max),
    ])
    func fractionalMillisAreTruncatedTowardZero(literal: String, expected: Int64) {
        #expect(Array(literal.utf8).withUnsafeBufferPointer(JSONView.truncatedInteger) == expected)
    }

    @Test(arguments: ["9223372036854775808", "1e30", "1.5.5", "abc"])
    func numbersBeyondInt64AreNotRead(literal: String) {
        #expect(Array(literal.utf8).withUnsafeBufferPointer(JSONView.truncatedInteger) == nil)
    }

    /// `integralValue` reads a literal of digits alone without its general path; both give the
    /// same values (leading zeros, 15 digits at most, a sign, fractions and exponents).
    @Test(arguments: [
        ("2", Int64(2)), ("-3", -3), ("0", 0), ("-0", 0), ("10990", 10990), ("007", 7), ("000000000000000000001", 1),
        ("999999999999999", 999_999_999_999_999), ("2.0", 2), ("1e0", 1), ("-1.50e1", -15), ("00.000", 0),
    ])
    func integralLiteralsAreReadExactly(literal: String, expected: Int64) {
        #expect(Array(literal.utf8).withUnsafeBufferPointer(JSONValue.integralValue) == expected)
    }

    @Test(arguments: ["1000000000000000", "-1000000000000000", "1.5", "-", "", "1-2", "0x10", "1e"])
    func otherLiteralsAreNoIntegralValue(literal: String) {
        #expect(Array(literal.utf8).withUnsafeBufferPointer(JSONValue.integralValue) == nil)
    }

    // MARK: - Apple's Xcode JWS (real, fractional ms)

    @Test func xcodeSignedTransactionDecodesAsBareTextAndAsJSONString() throws {
        let jws = try S.fixture("xcode-signed-transaction.jws")
        for response in [jws, S.quoted(jws.trimmingCharacters(in: .whitespacesAndNewlines))] {
            let record = S.read(response)
            #expect(record.kind == .signedTransaction)
            #expect(record.status == nil)
            // The answer names no environment (SPEC §9: a copy without its own takes the claim);
            // the copy carries its own, Xcode, booked as Sandbox.
            #expect(record.accepted?.inferred == true)
            #expect(record.transactions.first?.environment == .sandbox)
            #expect(record.transactions.count == 1)
            let entry = try #require(record.transactions.first)
            #expect(entry.environment == .sandbox)  // Xcode is booked as Sandbox
            let copy = entry.copy
            #expect(copy.transactionID == "0")
            #expect(copy.originalTransactionID?.string == "0")
            #expect(copy.productID == "pass.premium")
            #expect(copy.quantity == 1)
            #expect(Self.iso(copy.purchase) == "2023-10-19T01:45:36.049Z")
            #expect(Self.iso(copy.originalPurchase) == "2023-10-19T01:45:36.049Z")
            #expect(Self.iso(copy.expires) == "2023-11-19T01:45:36.049Z")
            #expect(copy.purchase.mismatch == false)
            #expect(copy.cancellation.isPresent == false)
            #expect(copy.isInIntroOfferPeriod)  // offerType 1
            #expect(!copy.isTrialPeriod && !copy.isUpgraded)
            #expect(copy.ownershipType == "PURCHASED")
            let signed = try #require(copy.signed)
            #expect(signed.signedDate?.iso8601 == "2023-10-19T01:45:36.056Z")
            #expect(signed.storefront == "USA")
            #expect(signed.productType == .autoRenewable)
            #expect(signed.priceMilliunits == nil && signed.currency == nil)
            #expect(record.anomalies.isEmpty)
        }
    }

    @Test func xcodeAppTransactionIsNoRecordOfSPEC() throws {
        let record = S.read(try S.fixture("xcode-signed-app-transaction.jws"))
        #expect(record.rejectionCode == "unknown_format")
    }

    // MARK: - Signed transaction fields

    @Test func decodedSignedTransactionGivesEveryField() throws {
        let record = S.read(try S.fixture("signedTransaction.json"))
        #expect(record.kind == .signedTransaction)
        #expect(record.transactions.first?.environment == .sandbox)  // LocalTesting
        let entry = try #require(record.transactions.first)
        #expect(record.transactions.count == 1)
        #expect(entry.environment == .sandbox)
        let copy = entry.copy
        #expect(copy.transactionID == "23456")
        #expect(copy.originalTransactionID?.string == "12345")
        #expect(copy.productID == "com.example.product")
        #expect(copy.quantity == 1 && !copy.quantityIsBad)
        #expect(Self.iso(copy.purchase) == "2023-10-24T12:01:40.000Z")
        #expect(Self.iso(copy.originalPurchase) == "2023-10-24T12:00:00.000Z")
        #expect(Self.iso(copy.expires) == "2023-10-24T12:03:20.000Z")
        #expect(Self.iso(copy.cancellation) == "2023-10-24T12:02:30.000Z")
        #expect(copy.cancellationReason == "1")
        #expect(copy.isUpgraded)
        #expect(copy.isInIntroOfferPeriod)
        #expect(!copy.isTrialPeriod)  // PAY_AS_YOU_GO is no trial
        #expect(copy.ownershipType == "PURCHASED")
        #expect(copy.signed == SignedTransactionFields(
            signedDate: UnixMillis(1_698_148_900_000), priceMilliunits: 10990, currency: "USD", storefront: "USA",
            appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138", productType: .autoRenewable))
    }

    @Test func revocationTypeAndPercentage() throws {
        let record = S.read(try S.fixture("signedTransactionWithRevocation.json"))
        let signed = try #require(record.transactions.first?.copy.signed)
        #expect(signed.revocationType == "REFUND_PRORATED")
        #expect(signed.revocationPercentageText == "50000")
        #expect(signed.revocationPercentage == 50000)
        #expect(!signed.isFamilyRevoke)
    }

    @Test func freeTrialQuantityAndPriceForms() throws {
        let payload = S.transaction("t1", fields: [
            "offerDiscountType": #""FREE_TRIAL""#, "offerType": #""1""#, "quantity": #"" 3 ""#, "price": #""0""#,
            "revocationPercentage": "100000.0", "type": #""Non-Renewing Subscription""#,
        ])
        let copy = try #require(S.read(payload).transactions.first?.copy)
        #expect(copy.isTrialPeriod && copy.isInIntroOfferPeriod)
        #expect(copy.quantity == 3)
        #expect(copy.signed?.priceMilliunits == 0)
        #expect(copy.signed?.revocationPercentage == 100000)
        #expect(copy.signed?.revocationPercentageText == "100000")
        #expect(copy.signed?.productType == .nonRenewing)
    }

    @Test(arguments: ["-5", "10.5", #""ten""#, "true", #""-1""#, "null"])
    func priceThatIsNoWholeNumberIsIgnored(price: String) throws {
        let copy = try #require(S.read(S.transaction("t1", fields: ["price": price, "currency": #""USD""#])).transactions.first?.copy)
        #expect(copy.signed?.priceMilliunits == nil)
        #expect(copy.signed?.currency == "USD")
    }

    @Test(arguments: ["0", "-2", "1.5", #""two""#, "1000001"])
    func badQuantityIsFlagged(quantity: String) throws {
        let copy = try #require(S.read(S.transaction("t1", fields: ["quantity": quantity])).transactions.first?.copy)
        #expect(copy.quantityIsBad)
        #expect(copy.effectiveQuantity == 1)
    }

    @Test func dateFormsInAPayload() throws {
        let payload = S.transaction("t1", fields: [
            "purchaseDate": #""2023-10-24T12:01:40Z""#, "originalPurchaseDate": #""yesterday""#, "expiresDate": "true",
            "revocationDate": "1.6981489e12", "signedDate": #""1698148900000""#,
        ])
        let copy = try #require(S.read(payload).transactions.first?.copy)
        #expect(Self.iso(copy.purchase) == "2023-10-24T12:01:40.000Z")
        #expect(copy.originalPurchase.isUnreadable)
        #expect(copy.expires.isUnreadable)
        #expect(Self.iso(copy.cancellation) == "2023-10-24T12:01:40.000Z")
        #expect(copy.signed?.signedDate == UnixMillis(1_698_148_900_000))
        // A year outside 1900…9998 is unreadable: bad_timestamp, never a crash.
        let ancient = try #require(S.read(S.transaction("t2", fields: ["purchaseDate": "-62135769600000"])).transactions.first?.copy)
        #expect(ancient.purchase.isUnreadable)
    }

    @Test(arguments: [
        ("Production", Environment?.some(.production)), ("Sandbox", .sandbox), ("Xcode", .sandbox), ("LocalTesting", .sandbox),
        (" sandbox ", .sandbox), ("Staging", nil),
    ])
    func transactionEnvironment(text: String, expected: Environment?) throws {
        let record = S.read(S.transaction("t1", environment: text))
        #expect(record.transactions.first?.environment == expected)
        // The record's own environment is inferred (no answer around the transaction says one):
        // only a copy without its own takes it, or the claim (SPEC §9).
        #expect(record.accepted?.environment == .production)
        #expect(record.accepted?.inferred == true)
    }

    // MARK: - Notifications V2

    /// Apple's decoded notification with its placeholders replaced by JWS of Apple's decoded
    /// transaction and renewal info, sent as a `signedPayload`.
    static func signedNotification(fixture: String = "signedNotification.json") throws -> String {
        let payload = try S.fixture(fixture)
            .replacingOccurrences(of: #""signed_transaction_info_value""#, with: S.quoted(S.jws(try S.fixture("signedTransaction.json"))))
            .replacingOccurrences(of: #""signed_renewal_info_value""#, with: S.quoted(S.jws(try S.fixture("signedRenewalInfo.json"))))
        return #"{"signedPayload": "\#(S.jws(payload))"}"#
    }

    @Test func signedPayloadGivesTheNotificationItsTransactionAndRenewal() throws {
        let record = S.read(try Self.signedNotification())
        #expect(record.kind == .notificationV2)
        #expect(record.status == nil)
        #expect(record.accepted?.environment == .sandbox)
        #expect(record.accepted?.inferred == false)
        #expect(record.transactions.map(\.copy.transactionID) == ["23456"])
        #expect(record.transactions.map(\.environment) == [.sandbox])
        #expect(record.notification == NotificationEvent(
            kind: .notificationV2, notificationType: "SUBSCRIBED", subtype: "INITIAL_BUY", uuid: "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
            signedDate: UnixMillis(1_698_148_900_000), environment: .sandbox, transactionID: "23456", originalTransactionID: "12345"))
        #expect(record.renewals == [RenewalInfo(subscription: "12345", autoRenewStatus: "1", expirationIntent: "1", inBillingRetry: true,
                                                signedDate: UnixMillis(1_698_148_800_000), environment: .sandbox)])
        #expect(record.consumableRefundEnvironments == [.sandbox])
        #expect(record.anomalies.isEmpty)
    }

    @Test func aBareSignedPayloadIsTheNotification() throws {
        let envelope = try Self.signedNotification()
        let jws = String(envelope.dropFirst(#"{"signedPayload": ""#.count).dropLast(2))
        let record = S.read(jws)
        #expect(record.kind == .notificationV2)
        #expect(record.notification?.notificationType == "SUBSCRIBED")
        #expect(record.transactions.map(\.copy.transactionID) == ["23456"])
    }

    @Test func decodedNotificationWithPlaceholdersIsAcceptedWithMalformedEntries() throws {
        let record = S.read(try S.fixture("signedNotification.json"))
        #expect(record.kind == .notificationV2)
        #expect(record.accepted?.environment == .sandbox)
        #expect(record.transactions.isEmpty && record.renewals.isEmpty)
        #expect(record.anomalies.map(\.kind) == [.malformedTransaction, .malformedTransaction])
        #expect(record.anomalies.map(\.detail) == [
            "data.signedTransactionInfo is not a readable JWS (invalid_jws: not three Base64URL parts joined by '.')",
            "data.signedRenewalInfo is not a readable JWS (invalid_jws: not three Base64URL parts joined by '.')",
        ])
        #expect(record.notification?.transactionID == "")
        #expect(record.notification?.notificationType == "SUBSCRIBED")
        let consumption = S.read(try S.fixture("signedConsumptionRequestNotification.json"))
        #expect(consumption.notification?.notificationType == "CONSUMPTION_REQUEST")
        #expect(consumption.notification?.subtype == "")
        #expect(consumption.consumableRefundEnvironments == [.sandbox])
    }

    @Test(arguments: [
        ("signedSummaryNotification.json", "RENEWAL_EXTENSION", "SUMMARY", Environment?.some(.sandbox)),
        ("signedRescindConsentNotification.json", "RESCIND_CONSENT", "", .sandbox),
        ("signedExternalPurchaseTokenNotification.json", "EXTERNAL_PURCHASE_TOKEN", "UNREPORTED", nil),
    ])
    func notificationWithoutDataIsARecordWithoutTransactions(file: String, type: String, subtype: String, environment: Environment?) throws {
        for response in [try S.fixture(file), #"{"signedPayload": "\#(S.jws(try S.fixture(file)))"}"#] {
            let record = S.read(response)
            #expect(record.kind == .notificationV2)
            #expect(record.accepted?.environment == environment ?? .production)
            #expect(record.accepted?.inferred == (environment == nil))
            #expect(record.transactions.isEmpty && record.anomalies.isEmpty)
            #expect(record.notification?.notificationType == type)
            #expect(record.notification?.subtype == subtype)
            #expect(record.notification?.signedDate == UnixMillis(1_698_148_900_000))
            #expect(record.notification?.environment == environment)
        }
    }

    @Test func transactionWithoutEnvironmentTakesDataEnvironment() throws {
        let info = S.jws(S.transaction("t9", environment: nil))
        let payload = #"{"notificationType": "REFUND", "data": {"environment": "Production", "signedTransactionInfo": "\#(info)"}}"#
        let record = S.read(payload)
        #expect(record.transactions.map(\.environment) == [.production])
        #expect(record.accepted?.environment == .production)
        #expect(record.notification?.environment == .production)
        #expect(record.notification?.transactionID == "t9")
    }

    @Test(arguments: [#"{"signedPayload": "not a jws"}"#, #"{"signedPayload": 42}"#, #"{"signedPayload": "\#(S.jws("[1, 2]"))"}"#])
    func unreadableSignedPayloadIsInvalidJWS(response: String) {
        let record = S.read(response)
        #expect(record.rejectionCode == "invalid_jws")
        #expect(record.kind == .notificationV2)
    }

    // MARK: - App Store Server API

    @Test func getAllSubscriptionStatuses() throws {
        var answer = try S.fixture("getAllSubscriptionStatusesResponse.json")
        for (index, (id, original)) in [("one", "3749183"), ("two", "5314314134"), ("three", "3413453")].enumerated() {
            let transaction = S.transaction("\(index + 1)00", original: original, environment: nil)
            answer = answer.replacingOccurrences(of: #""signed_transaction_\#(id)""#, with: S.quoted(S.jws(transaction)))
        }
        answer = answer.replacingOccurrences(of: #""signed_renewal_one""#,
                                             with: S.quoted(S.jws(#"{"autoRenewStatus": 0, "expirationIntent": 1, "signedDate": 1698148900000.9}"#)))
        let record = S.read(answer)
        #expect(record.kind == .serverAPI)
        #expect(record.accepted?.environment == .sandbox)
        #expect(record.accepted?.inferred == false)
        #expect(record.transactions.map(\.copy.transactionID) == ["100", "200", "300"])
        #expect(record.transactions.map(\.environment) == [.sandbox, .sandbox, .sandbox])
        #expect(record.renewals == [RenewalInfo(subscription: "3749183", autoRenewStatus: "0", expirationIntent: "1", inBillingRetry: nil,
                                                signedDate: UnixMillis(1_698_148_900_000), environment: .sandbox)])
        #expect(record.anomalies.map(\.detail) == [
            "data[0].lastTransactions[1].signedRenewalInfo is not a readable JWS (invalid_jws: not three Base64URL parts joined by '.')",
            "data[1].lastTransactions[0].signedRenewalInfo is not a readable JWS (invalid_jws: not three Base64URL parts joined by '.')",
        ])
        #expect(record.anomalies.map(\.transactionID) == ["5314314134", "3413453"])
        #expect(record.consumableRefundEnvironments.isEmpty)
    }

    @Test func getAllSubscriptionStatusesAsStoredIsAccountedFor() throws {
        let record = S.read(try S.fixture("getAllSubscriptionStatusesResponse.json"))
        #expect(record.kind == .serverAPI)
        #expect(record.transactions.isEmpty)
        #expect(record.anomalies.count == 6)
        #expect(record.anomalies.first?.field == "data[0].lastTransactions[0].signedTransactionInfo")
    }

    @Test func xcodeRenewalInfoBesideALastTransaction() throws {
        let renewal = try S.fixture("xcode-signed-renewal-info.jws").trimmingCharacters(in: .whitespacesAndNewlines)
        let transaction = try S.fixture("xcode-signed-transaction.jws").trimmingCharacters(in: .whitespacesAndNewlines)
        let answer = #"{"environment": "Xcode", "bundleId": "com.example.naturelab.backyardbirds.example", "data": [{"subscriptionGroupIdentifier": "6F3A93AB", "lastTransactions": [{"originalTransactionId": "0", "status": 1, "signedTransactionInfo": "\#(transaction)", "signedRenewalInfo": "\#(renewal)"}]}]}"#
        let record = S.read(answer, bundleIDs: ["com.example.naturelab.backyardbirds.example"])
        #expect(record.accepted?.environment == .sandbox)
        #expect(record.transactions.map(\.copy.transactionID) == ["0"])
        #expect(record.renewals == [RenewalInfo(subscription: "0", autoRenewStatus: "1", expirationIntent: nil, inBillingRetry: nil,
                                                signedDate: UnixMillis(1_697_679_936_711), environment: .sandbox)])
    }

    @Test func getRefundHistoryShowsItsTransactionsEnvironmentsConsumableRefunds() throws {
        let answer = try S.fixture("getRefundHistoryResponse.json")
            .replacingOccurrences(of: #""signed_transaction_one""#, with: S.quoted(S.jws(S.transaction("r1", environment: "Production"))))
            .replacingOccurrences(of: #""signed_transaction_two""#, with: S.quoted(S.jws(S.transaction("r2", environment: "Sandbox"))))
        let record = S.read(answer)
        #expect(record.kind == .serverAPI)
        #expect(record.accepted?.inferred == true)  // the answer does not say; every transaction does
        #expect(record.transactions.map(\.environment) == [.production, .sandbox])
        #expect(record.consumableRefundEnvironments == [.production, .sandbox])

        let stored = S.read(try S.fixture("getRefundHistoryResponse.json"))
        #expect(stored.accepted?.inferred == true)
        #expect(stored.anomalies.map(\.field) == ["signedTransactions[0]", "signedTransactions[1]"])
        #expect(stored.consumableRefundEnvironments.isEmpty)
    }

    @Test func transactionHistoryIsNoRefundHistory() {
        let answer = #"{"environment": "Sandbox", "bundleId": "com.example", "signedTransactions": ["\#(S.jws(S.transaction("h1", environment: nil)))"]}"#
        let record = S.read(answer)
        #expect(record.transactions.map(\.environment) == [.sandbox])
        #expect(record.consumableRefundEnvironments.isEmpty)
    }

    @Test func badEntriesOfAListAreMalformedTransactions() {
        let entries = [
            S.quoted(S.jws(S.transaction("a1"))), "42", S.quoted(S.jws(#"{"productId": "coins"}"#)), S.quoted(S.jws("[1]")),
            S.quoted("x.y.z"), "null", S.transaction("a2"),
        ]
        let record = S.read(#"{"environment": "Production", "signedTransactions": [\#(entries.joined(separator: ", "))]}"#)
        #expect(record.accepted?.environment == .production)
        #expect(record.transactions.map(\.copy.transactionID) == ["a1", "a2"])
        #expect(record.anomalies.map(\.kind) == Array(repeating: .malformedTransaction, count: 5))
        #expect(record.anomalies.map(\.detail) == [
            "signedTransactions[1] is not a readable JWS (invalid_jws: it is a JSON number)",
            "signedTransactions[2] has no transactionId",
            "signedTransactions[3] is not a readable JWS (invalid_jws: the payload is a JSON array)",
            "signedTransactions[4] is not a readable JWS (invalid_jws: the payload is not Base64URL)",
            "signedTransactions[5] is not a readable JWS (invalid_jws: it is a JSON null)",
        ])
    }

    @Test func getTransactionInfo() {
        let good = S.read(#"{"signedTransactionInfo": "\#(S.jws(S.transaction("i1")))"}"#)
        #expect(good.kind == .serverAPI)
        #expect(good.transactions.map(\.copy.transactionID) == ["i1"])
        let bad = S.read(#"{"signedTransactionInfo": "garbage"}"#)
        #expect(bad.rejectionCode == "invalid_jws")
        #expect(bad.rejectionDetail == "signedTransactionInfo is not a readable JWS (invalid_jws: not three Base64URL parts joined by '.')")
    }

    @Test func tenThousandSignedTransactionsInOneAnswer() {
        let entries = (0..<10_000).map { S.quoted(S.jws(S.transaction("n\($0)", purchaseMs: 1_698_148_900_000 + Int64($0)))) }
        let record = S.read(#"{"environment": "Production", "bundleId": "com.example", "signedTransactions": [\#(entries.joined(separator: ","))]}"#)
        #expect(record.transactions.count == 10_000)
        #expect(record.transactions.last?.copy.transactionID == "n9999")
        #expect(record.transactions.last?.copy.purchase.instant == UnixMillis(1_698_148_909_999))
        #expect(record.anomalies.isEmpty)
    }

    // MARK: - The whole response

    @Test(arguments: [
        (#""hello""#, "invalid_jws", "the response is not a readable JWS: not three Base64URL parts joined by '.'"),
        ("aGVhZA.bm90IGpzb24.c2ln", "invalid_jws", "the response is not a readable JWS: the payload is not JSON (invalid literal (expected null) at byte 0)"),
        ("aGVhZA.!!!.c2ln", "invalid_json", nil),
        ("aGVhZA.Zh.c2ln", "invalid_jws", "the response is not a readable JWS: the payload is not Base64URL"),
    ])
    func responseThatIsNoReadableJWS(response: String, code: String, detail: String?) {
        let record = S.read(response)
        #expect(record.rejectionCode == code)
        if let detail { #expect(record.rejectionDetail == detail) }
    }

    @Test(arguments: ["[1, 2]", "42", #""text""#, "null"])
    func payloadOfTheWrongTypeIsInvalidJWS(payload: String) {
        for response in [S.jws(payload), S.quoted(S.jws(payload))] {
            let record = S.read(response)
            #expect(record.rejectionCode == "invalid_jws")
            #expect(record.rejectionDetail?.hasPrefix("the response is not a readable JWS: the payload is a JSON ") == true)
        }
    }

    @Test func decodedTransactionWithoutUsableIDIsUnknownFormat() {
        let record = S.read(#"{"transactionId": "", "signedDate": 1698148900000}"#)
        #expect(record.rejectionCode == "unknown_format")
        #expect(record.kind == .signedTransaction)
    }

    // MARK: - --bundle-id

    @Test func foreignBundleRejectsEverySignedKind() throws {
        let other: Set<String> = ["com.other"]
        let detail = ResponseReader.foreignBundleDetail("com.example")
        let refundHistory = #"{"signedTransactions": ["\#(S.jws(S.transaction("b1")))"]}"#
        let responses = [
            try Self.signedNotification(), try S.fixture("signedNotification.json"), try S.fixture("signedSummaryNotification.json"),
            try S.fixture("getAllSubscriptionStatusesResponse.json"), refundHistory, S.transaction("b2"), S.jws(S.transaction("b3")),
        ]
        for response in responses {
            let record = S.read(response, bundleIDs: other)
            #expect(record.rejectionCode == "foreign_bundle")
            #expect(record.rejectionDetail == detail)
            #expect(S.read(response, bundleIDs: ["com.example"]).accepted != nil)
        }
    }
}
