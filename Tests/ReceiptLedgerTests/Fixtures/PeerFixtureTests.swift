import Testing
@testable import ReceiptLedger

/// Every peer verifyReceipt answer (`Tests/Fixtures/peers/`), through the pipeline, with exact
/// values worked out by hand from the JSON and SPEC §3, §4, §8 and §9 (issue 23: "each
/// transaction present with the right ids, instants, status, price source and environment; each
/// iOS 6 case booked"). Each file is record 1 of user `u`, without a catalog unless a test says.
@Suite struct PeerFixtureTests {
    /// What one file gives, as text rows compared whole.
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        var claimed: String? = nil
        var accepted = 1, redirected = 0, rejected = 0
        /// `rejected.csv` reasons.
        var rejections: [String] = []
        /// `environment_check.csv`: "record_id environment findings".
        var checks: [String] = []
        /// Journal order (environment, transaction_id): "environment transaction_id
        /// original_transaction_id product_id purchase expires status price_source", `-` for none.
        var transactions: [String] = []
        /// Sorted: "kind transaction_id", a timestamp kind followed by its field.
        var anomalies: [String] = []
        /// "environment subscription auto_renew_status expiration_intent in_billing_retry", `-` for none.
        var renewals: [String] = []

        var testDescription: String { file + (claimed.map { " claimed \($0)" } ?? "") }
    }

    static let rejectedCases: [Expected] = [
        // SPEC §8: status 0 without a receipt object.
        .init(file: "awa__go-iap__validator_test.status_0_no_receipt.json", accepted: 0, rejected: 1, rejections: ["missing_receipt"]),
        // SPEC §8: `bad_status`, not an integer (a JSON boolean, a non-digit text).
        .init(file: "awa__go-iap__validator_test.status_true.json", accepted: 0, rejected: 1, rejections: ["bad_status"]),
        .init(file: "dotpot__InAppPy__test_appstore.status_x.json", accepted: 0, rejected: 1, rejections: ["bad_status"]),
        // Not JSON: a trailing comma; unquoted keys.
        .init(file: "crashoverride777__swifty-receipt-validator__ReceiptResponseInvalidFormat.json", accepted: 0, rejected: 1,
              rejections: ["invalid_json"]),
        .init(file: "shoshins__apple-receipt__VerificatorTest.internetExample3.json", accepted: 0, rejected: 1, rejections: ["invalid_json"]),
        .init(file: "nomad-cli__venice__client_spec.retryable_21000.json", accepted: 0, rejected: 1, rejections: ["status_21000"]),
        // SPEC §3: 21007 carries no transactions, whatever its body holds; listed as status_21007, Sandbox.
        .init(file: "crashoverride777__swifty-receipt-validator__ReceiptResponseSandbox.json", accepted: 0, redirected: 1,
              checks: ["1 Sandbox status_21007"]),
    ]

    static let swiftyTransactions = [
        "Sandbox 1000000528099637 1000000521153418 com.swiftyreceiptvalidator.03months 2019-04-21T09:04:26.000Z 2019-04-21T09:19:26.000Z unpriced -",
        "Sandbox 1000000528099649 1000000521153418 com.swiftyreceiptvalidator.03months 2019-04-20T14:21:57.000Z 2019-04-20T14:36:57.000Z unpriced -",
    ]
    static let swiftyAnomalies = [
        "timestamp_mismatch 1000000528099637 expires_date", "unpriced_product 1000000528099637", "unpriced_product 1000000528099649",
    ]

    static let acceptedCases: [Expected] = [
        // Edited: LRI text expires_date 2021 (and 2019-01-21) against _ms/_pst 2019-04-21; _ms decides.
        .init(file: "crashoverride777__swifty-receipt-validator__ReceiptResponseValidSubscription.json",
              transactions: swiftyTransactions, anomalies: swiftyAnomalies, renewals: ["Sandbox 1000000521153418 1 - -"]),
        .init(file: "crashoverride777__swifty-receipt-validator__ReceiptResponseSubscriptionExpired.json",
              transactions: swiftyTransactions, anomalies: swiftyAnomalies, renewals: ["Sandbox 1000000521153418 1 - -"]),
        // SPEC §9 iOS 6, 21006: the trial in `receipt`, its renewal in latest_expired_receipt_info,
        // top-level renewal fields on the subscription of the latest by purchase.
        .init(file: "ladeiko__node-apple-receipt-verify__validate.expiredReceiptResponse.json",
              checks: ["1 Production environment_inferred"],
              transactions: [
                  "Production 250000287737863 250000287737863 com.myapp.product 2018-05-18T13:11:11.000Z 2018-05-21T13:11:11.000Z trial -",
                  "Production 250003338696952 250000287737863 com.myapp.product 2018-05-21T13:11:11.000Z 2018-05-28T13:11:11.000Z unpriced -",
              ],
              anomalies: ["unpriced_product 250000287737863", "unpriced_product 250003338696952"],
              renewals: ["Production 250000287737863 0 1 false"]),
        // The same answer stored with the claim Sandbox (SPEC §9): Sandbox, renewal info keyed in Sandbox.
        .init(file: "ladeiko__node-apple-receipt-verify__validate.expiredReceiptResponse.json", claimed: "Sandbox",
              checks: ["1 Sandbox environment_from_claim"],
              transactions: [
                  "Sandbox 250000287737863 250000287737863 com.myapp.product 2018-05-18T13:11:11.000Z 2018-05-21T13:11:11.000Z trial -",
                  "Sandbox 250003338696952 250000287737863 com.myapp.product 2018-05-21T13:11:11.000Z 2018-05-28T13:11:11.000Z unpriced -",
              ],
              anomalies: ["unpriced_product 250000287737863", "unpriced_product 250003338696952"],
              renewals: ["Sandbox 250000287737863 0 1 false", "Production 250000287737863 - - -"]),
        // SPEC §9 iOS 6: `receipt` and latest_expired_receipt_info hold the same trial.
        .init(file: "nomad-cli__venice__receipt_expired_cancelled.json", checks: ["1 Production environment_inferred"],
              transactions: [
                  "Production 140000527258824 140000527258824 com.foo.product1 2019-02-10T06:49:48.000Z 2019-02-17T06:49:48.000Z trial -",
              ],
              anomalies: ["unpriced_product 140000527258824"], renewals: ["Production 140000527258824 0 1 false"]),
        // Text-only expires_date; pending_renewal_info names another subscription (37xxxxxxxxx89).
        .init(file: "nomad-cli__venice__receipt_not_expired_cancelled.json",
              transactions: [
                  "Production 1000000070107111 1000000061051111 com.foo.product1 2014-05-28T14:47:53.000Z 2014-06-28T14:47:53.000Z unpriced -",
              ],
              anomalies: ["unpriced_product 1000000070107111"],
              renewals: ["Production 37xxxxxxxxx89 0 1 false", "Production 1000000061051111 - - -"]),
        // SPEC §9 "Environment when the answer does not say": no environment, no receipt_type.
        venice("nomad-cli__venice__client_spec.latest_receipt_info_array.json", claimed: nil),
        venice("nomad-cli__venice__client_spec.latest_receipt_info_array.json", claimed: "Sandbox"),
        venice("nomad-cli__venice__client_spec.latest_receipt_info_array.json", claimed: "Production"),
        // A claim counts trimmed and in any case (SPEC §9); any other claim is set but usable
        // only to differ (SPEC §8): environment_mismatch, and Production stays inferred.
        .init(file: "nomad-cli__venice__client_spec.latest_receipt_info_array.json", claimed: " sandbox ",
              checks: ["1 Sandbox environment_from_claim"],
              transactions: venice("", claimed: "Sandbox").transactions, anomalies: ["unpriced_product 1000000070104252"]),
        .init(file: "nomad-cli__venice__client_spec.latest_receipt_info_array.json", claimed: "staging",
              checks: ["1 Production environment_mismatch;environment_inferred"],
              transactions: venice("", claimed: nil).transactions, anomalies: ["unpriced_product 1000000070104252"]),
        venice("nomad-cli__venice__client_spec.latest_receipt_info_hash.json", claimed: nil),
        venice("nomad-cli__venice__client_spec.latest_receipt_info_hash.json", claimed: "Sandbox"),
        // Spaces removed from every text date: the _ms forms decide, without an anomaly.
        .init(file: "shoshins__apple-receipt__VerificatorTest.internetExample.json",
              transactions: [
                  "Sandbox 1000000579060971 1000000579060971 SixthWeekly 2019-10-14T22:00:54.000Z 2019-10-14T22:03:54.000Z trial -",
                  "Sandbox 1000000579061533 1000000579060971 SixthWeekly 2019-10-14T22:03:54.000Z 2019-10-14T22:06:54.000Z unpriced -",
              ],
              anomalies: ["unpriced_product 1000000579060971", "unpriced_product 1000000579061533"],
              renewals: ["Sandbox 1000000579060971 0 1 false"]),
        // SPEC §9 iOS 6: `receipt` alone is the transaction.
        .init(file: "shoshins__apple-receipt__VerificatorTest.internetExample2.json", checks: ["1 Production environment_inferred"],
              transactions: ["Production 1000000046178817 1000000046178817 br.com.jera.Example 2012-04-30T15:05:55.868Z - unpriced -"],
              anomalies: ["unpriced_product 1000000046178817"]),
        // Masked: `receipt` and the LRI object are both 666 with purchases ten months apart
        // (conflicting_transaction; the earliest copy's purchase stands, the last copy's expiry).
        .init(file: "shoshins__apple-receipt__VerificatorTest.mohammadExample.json", checks: ["1 Production environment_inferred"],
              transactions: ["Production 666 666 666 2020-01-31T12:14:00.802Z 2021-12-12T11:34:15.000Z unpriced -"],
              anomalies: ["conflicting_transaction 666", "unpriced_product 666"],
              renewals: ["Production 666 0 - -"]),
        .init(file: "voltrue2__in-app-purchase__apple.duplicates.json", checks: ["1 Production environment_inferred"],
              transactions: [
                  "Production 1000000381600687 1000000381600687 basicmembership 2018-03-08T19:58:55.000Z 2018-03-08T20:03:55.000Z unpriced -",
                  "Production 1000000381600903 1000000381600687 basicmembership 2018-03-08T20:03:55.000Z 2018-03-08T20:08:55.000Z unpriced -",
                  "Production 1000000381601336 1000000381600687 basicmembership 2018-03-08T20:09:15.000Z 2018-03-08T20:14:15.000Z unpriced -",
                  "Production 1000000381601740 1000000381600687 basicmembership 2018-03-08T20:14:30.000Z 2018-03-08T20:19:30.000Z unpriced -",
                  "Production 1000000381602052 1000000381600687 basicmembership 2018-03-08T20:19:30.000Z 2018-03-08T20:24:30.000Z unpriced -",
                  "Production 1000000381602343 1000000381600687 basicmembership 2018-03-08T20:24:30.000Z 2018-03-08T20:29:30.000Z unpriced -",
              ],
              anomalies: ["1000000381600687", "1000000381600903", "1000000381601336", "1000000381601740", "1000000381602052",
                          "1000000381602343"].map { "unpriced_product \($0)" }),
        // Synthetic: one transaction_id with another product_id in the LRI (a conflict; the
        // in_app copy's product and purchase stand, 982 ms is no purchase conflict), the LRI's expiry.
        .init(file: "voltrue2__in-app-purchase__apple.in_app_and_lri.json", checks: ["1 Production environment_inferred"],
              transactions: [
                  "Production 210000259386802 210000259386802 in_app.0 2016-04-14T16:03:33.000Z 2016-05-14T16:03:33.982Z unpriced -",
                  "Production 210000265773203 210000259386802 latest_receipt_info.1 2016-05-14T16:03:33.000Z 2016-06-14T16:03:33.000Z unpriced -",
              ],
              anomalies: ["conflicting_transaction 210000259386802", "unpriced_product 210000259386802", "unpriced_product 210000265773203"]),
        // Edited: text dates 2013, _ms 2015 (purchase and original purchase of both); the
        // receipt-level original_purchase_date text (07:00 GMT) against its _pst (08:00 GMT).
        .init(file: "youknowone__itunes-iap__conftest.itunes_autorenew_response1.json", checks: ["1 Production environment_inferred"],
              transactions: [
                  "Production 1000000155715958 1000000155715958 org.itunesiap 2015-05-19T03:21:09.000Z - unpriced -",
                  "Production 1000000155718067 1000000155718067 org.itunesiap 2015-05-19T03:21:09.000Z - unpriced -",
              ],
              anomalies: [
                  "timestamp_mismatch  original_purchase_date",
                  "timestamp_mismatch 1000000155715958 original_purchase_date", "timestamp_mismatch 1000000155715958 purchase_date",
                  "timestamp_mismatch 1000000155718067 original_purchase_date", "timestamp_mismatch 1000000155718067 purchase_date",
                  "unpriced_product 1000000155715958", "unpriced_product 1000000155718067",
              ]),
        // Real 2017 sandbox: 13 in_app repeated in 18 LRI; pending_renewal_info without
        // original_transaction_id applies to the subscription of its product (SPEC §9).
        .init(file: "youknowone__itunes-iap__conftest.itunes_autorenew_response2.json",
              transactions: youknowoneResponse2.map { "Sandbox \($0.0) 1000000318012065 testproduct \($0.1) \($0.2) unpriced -" },
              anomalies: youknowoneResponse2.map { "unpriced_product \($0.0)" },
              renewals: ["Sandbox 1000000318012065 0 1 false"]),
        // Masked ids; the LRI's expires_date "*****" is unreadable, its expires_date_formatted decides.
        .init(file: "youknowone__itunes-iap__conftest.itunes_autorenew_response3.json", checks: ["1 Production environment_inferred"],
              transactions: ["Production \(masked) \(masked) \(masked) 2017-09-27T15:04:30.000Z 2017-09-27T15:09:30.000Z unpriced -"],
              anomalies: ["unpriced_product \(masked)"], renewals: ["Production \(masked) 1 - -"]),
        .init(file: "youknowone__itunes-iap__conftest.itunes_autorenew_response_legacy.json", checks: ["1 Production environment_inferred"],
              transactions: [
                  "Production 1000000059630000 1000000059630000 com.example.premium.1y 2012-12-02T07:15:54.000Z 2012-12-02T08:15:54.000Z unpriced -",
              ],
              anomalies: ["unpriced_product 1000000059630000"]),
        // Edited: purchase_date_ms 134820000000 (1974) against text 2013; _ms decides. The
        // `receipt` is the transaction: its dates are the transaction's, no receipt-level ones.
        .init(file: "youknowone__itunes-iap__conftest.itunes_response_legacy2.json", checks: ["1 Production environment_inferred"],
              transactions: ["Production 1000000012345678 1000000012345678 TestProduction1 1974-04-10T10:00:00.000Z - unpriced -"],
              anomalies: ["timestamp_mismatch 1000000012345678 original_purchase_date", "timestamp_mismatch 1000000012345678 purchase_date",
                          "unpriced_product 1000000012345678"]),
    ]

    static let masked = String(repeating: "*", count: 30)

    /// (transaction_id, purchase, expires) of the 18 LRI entries of response2, in id order.
    static let youknowoneResponse2: [(String, String, String)] = [
        ("1000000318012065", "2017-07-24T08:13:24.000Z", "2017-07-24T08:18:24.000Z"),
        ("1000000318014271", "2017-07-24T08:20:19.000Z", "2017-07-24T08:25:19.000Z"),
        ("1000000318015678", "2017-07-24T08:25:19.000Z", "2017-07-24T08:30:19.000Z"),
        ("1000000318021093", "2017-07-24T08:32:23.000Z", "2017-07-24T08:37:23.000Z"),
        ("1000000318022372", "2017-07-24T08:37:23.000Z", "2017-07-24T08:42:23.000Z"),
        ("1000000318024256", "2017-07-24T08:42:23.000Z", "2017-07-24T08:47:23.000Z"),
        ("1000000318060909", "2017-07-24T10:21:48.000Z", "2017-07-24T10:26:48.000Z"),
        ("1000000318063451", "2017-07-24T10:26:51.000Z", "2017-07-24T10:31:51.000Z"),
        ("1000000318065205", "2017-07-24T10:31:51.000Z", "2017-07-24T10:36:51.000Z"),
        ("1000000318066018", "2017-07-24T10:36:51.000Z", "2017-07-24T10:41:51.000Z"),
        ("1000000318067267", "2017-07-24T10:42:17.000Z", "2017-07-24T10:47:17.000Z"),
        ("1000000318069609", "2017-07-24T10:47:17.000Z", "2017-07-24T10:52:17.000Z"),
        ("1000000318407192", "2017-07-25T09:01:19.000Z", "2017-07-25T09:06:19.000Z"),
        ("1000000318408761", "2017-07-25T09:06:19.000Z", "2017-07-25T09:11:19.000Z"),
        ("1000000318410476", "2017-07-25T09:11:19.000Z", "2017-07-25T09:16:19.000Z"),
        ("1000000318413351", "2017-07-25T09:16:19.000Z", "2017-07-25T09:21:19.000Z"),
        ("1000000318417975", "2017-07-25T09:23:30.000Z", "2017-07-25T09:28:30.000Z"),
        ("1000000318420598", "2017-07-25T09:28:30.000Z", "2017-07-25T09:33:30.000Z"),
    ]

    /// venice's client_spec answer: no `environment` nor `receipt_type`, so the claim decides
    /// (`environment_from_claim`), else Production, inferred (SPEC §9).
    static func venice(_ file: String, claimed: String?) -> Expected {
        let environment = claimed ?? "Production"
        return Expected(file: file, claimed: claimed,
                        checks: ["1 \(environment) \(claimed == nil ? "environment_inferred" : "environment_from_claim")"],
                        transactions: ["\(environment) 1000000070104252 1000000061051565 com.ficklebits.nsscreencast.monthly_sub "
                                       + "2013-04-04T22:27:11.000Z 2013-04-04T22:32:11.000Z unpriced -"],
                        anomalies: ["unpriced_product 1000000070104252"])
    }

    @Test func everyPeerFileHasItsCase() throws {
        let covered = Set((Self.rejectedCases + Self.acceptedCases).map(\.file))
        #expect(try Set(PeerFixtures.files()) == covered)
        #expect(covered.count == 24)
        #expect(!covered.contains { $0.contains("isowords") })
    }

    @Test(arguments: rejectedCases + acceptedCases)
    func everyPeerAnswerGivesItsExactValues(_ expected: Expected) throws {
        let journal = try PeerFixtures.journal(expected.file, claimed: expected.claimed)
        #expect(journal.counts.accepted == expected.accepted)
        #expect(journal.counts.redirected == expected.redirected)
        #expect(journal.counts.rejected == expected.rejected)
        #expect(journal.counts.isBalanced)
        #expect(journal.rejected.map(\.reason.code) == expected.rejections)
        #expect(journal.environmentChecks.map { "\($0.recordID) \($0.environmentText) \($0.findingText)" } == expected.checks)
        #expect(journal.transactions.map(Self.row) == expected.transactions)
        #expect(journal.anomalies.map(Self.row).sorted() == expected.anomalies)
        for renewal in expected.renewals {
            let parts = renewal.split(separator: " ").map(String.init)
            let environment = try #require(Environment(rawValue: parts[0]))
            let info = journal.renewals[TransactionKey(environment, ExactString(parts[1]))]
            let got = info.map { [$0.autoRenewStatus ?? "-", $0.expirationIntent ?? "-", $0.inBillingRetry.map(String.init) ?? "-"] }
            #expect(got.map { ([parts[0], parts[1]] + $0).joined(separator: " ") } ?? "\(parts[0]) \(parts[1]) - - -" == renewal)
        }
        #expect(journal.renewals.count == expected.renewals.filter { !$0.hasSuffix(" - - -") }.count)
    }

    static func row(_ t: Transaction) -> String {
        [t.environment.rawValue, t.transactionID, t.originalTransactionID.description, t.productID, t.purchase.iso8601,
         t.expires?.iso8601 ?? "-", t.status.rawValue, t.priceSource.rawValue.isEmpty ? "-" : t.priceSource.rawValue].joined(separator: " ")
    }

    static func row(_ a: Anomaly) -> String {
        let timestampKinds: Set<AnomalyKind> = [.timestampMismatch, .badTimestamp, .ambiguousPST, .invalidPST]
        guard timestampKinds.contains(a.kind) else { return "\(a.kind.rawValue) \(a.transactionID)" }
        let field = a.detail.prefix { $0 != " " && $0 != ":" }
        return "\(a.kind.rawValue) \(a.transactionID) \(field)"
    }
}
