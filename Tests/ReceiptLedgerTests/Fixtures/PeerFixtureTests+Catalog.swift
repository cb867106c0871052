import Testing
@testable import ReceiptLedger

/// Peer answers with a catalog: price source, the subscriptions view, and the issue's named
/// cases field by field.
extension PeerFixtureTests {
    /// The price source and the subscriptions view with a catalog: the file's products as
    /// catalog rows in effect since always (SPEC §1.2, §8 "Subscriptions", §9 `price_source`).
    @Test(arguments: [
        // file, catalog rows, transactions "id status price_source gross", subscriptions
        ("ladeiko__node-apple-receipt-verify__validate.expiredReceiptResponse.json", "com.myapp.product,auto_renewable,USD,4.99,,,",
         ["250000287737863 trial catalog 0.00", "250003338696952 sold catalog 4.99"],
         ["Production 250000287737863 com.myapp.product 2018-05-18T13:11:11.000Z 2018-05-28T13:11:11.000Z paid 1 refunded 0 0 1 false expired"]),
        ("nomad-cli__venice__receipt_expired_cancelled.json", "com.foo.product1,auto_renewable,USD,2.99,,,",
         ["140000527258824 trial catalog 0.00"],
         ["Production 140000527258824 com.foo.product1 2019-02-10T06:49:48.000Z 2019-02-17T06:49:48.000Z paid 0 refunded 0 0 1 false expired"]),
        ("youknowone__itunes-iap__conftest.itunes_autorenew_response2.json", "testproduct,auto_renewable,USD,0.99,,,",
         youknowoneResponse2.map { "\($0.0) sold catalog 0.99" },
         ["Sandbox 1000000318012065 testproduct 2017-07-24T08:13:24.000Z 2017-07-25T09:33:30.000Z paid 18 refunded 0 0 1 false expired"]),
        ("shoshins__apple-receipt__VerificatorTest.mohammadExample.json", "666,auto_renewable,USD,9.99,,,",
         ["666 sold catalog 9.99"],
         ["Production 666 666 2020-01-31T12:14:00.802Z 2021-12-12T11:34:15.000Z paid 1 refunded 0 0 - - expired"]),
        ("shoshins__apple-receipt__VerificatorTest.internetExample2.json", "br.com.jera.Example,non_consumable,USD,0.99,,,",
         ["1000000046178817 sold catalog 0.99"], []),
        ("youknowone__itunes-iap__conftest.itunes_response_legacy2.json", "TestProduction1,non_consumable,USD,1.99,,,",
         ["1000000012345678 sold catalog 1.99"], []),
    ])
    func withACatalog(file: String, rows: String, transactions: [String], subscriptions: [String]) throws {
        let catalog = try CatalogReader.parse("product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price\n" + rows + "\n",
                                              path: "catalog.csv")
        let journal = try PeerFixtures.journal(file, catalog: catalog)
        #expect(journal.transactions.map { "\($0.transactionID) \($0.status.rawValue) \($0.priceSource.rawValue) \($0.gross?.formatted ?? "-")" }
                == transactions)
        #expect(journal.anomalies(AnomalyKind.unpricedProduct).isEmpty)
        let all = Subscription.all(in: journal.transactions, renewals: journal.renewals, asOf: UnixMillis(1_700_000_000_000))
        #expect(all.map { s in
            [s.environment.rawValue, s.originalTransactionID.description, s.productID, s.firstPurchase.iso8601, s.latestExpires?.iso8601 ?? "-",
             "paid \(s.paidPeriods)", "refunded \(s.refundedPeriods)", s.renewal?.autoRenewStatus ?? "-", s.renewal?.expirationIntent ?? "-",
             s.renewal?.inBillingRetry.map(String.init) ?? "-", s.state.rawValue].joined(separator: " ")
        } == subscriptions)
    }

    /// The issue's named cases, field by field.
    @Test func issueCasesAreBooked() throws {
        let ladeiko = try PeerFixtures.journal("ladeiko__node-apple-receipt-verify__validate.expiredReceiptResponse.json")
        let trial = try #require(ladeiko.transaction("250000287737863"))
        #expect(trial.isTrialPeriod && trial.status == .trial)
        #expect(trial.originalPurchase?.iso8601 == "2018-05-18T13:11:12.000Z")
        let renewal = try #require(ladeiko.transaction("250003338696952"))
        #expect(renewal.originalTransactionID == "250000287737863")
        #expect(!renewal.isTrialPeriod)
        let info = try #require(ladeiko.renewals[TransactionKey(.production, "250000287737863")])
        #expect(info.autoRenewStatus == "0" && info.expirationIntent == "1" && info.inBillingRetry == false)

        let legacy2 = try PeerFixtures.journal("youknowone__itunes-iap__conftest.itunes_response_legacy2.json")
        let old = try #require(legacy2.transaction("1000000012345678"))
        #expect(old.purchase == UnixMillis(134_820_000_000))
        #expect(old.quantity == 1)
        let mismatch = legacy2.anomalies(AnomalyKind.timestampMismatch).filter { $0.detail.hasPrefix("purchase_date") }
        #expect(mismatch.map(\.transactionID) == ["1000000012345678"])
        #expect(mismatch.map(\.recordID) == [1])

        let response2 = try PeerFixtures.journal("youknowone__itunes-iap__conftest.itunes_autorenew_response2.json")
        let last = try #require(response2.transaction("1000000318407192", .sandbox))
        #expect(last.purchase == UnixMillis(1_500_973_279_000) && last.expires == UnixMillis(1_500_973_579_000))
        #expect(last.originalTransactionID == "1000000318012065" && !last.isTrialPeriod)
        #expect(response2.transaction("1000000318420598", .sandbox)?.expires == UnixMillis(1_500_975_210_000))
        #expect(response2.renewals.count == 1)
    }
}
