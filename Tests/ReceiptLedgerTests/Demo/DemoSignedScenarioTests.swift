import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// The demo's signed customers (SPEC §9, issue 23): the data holds each planted modern case, and
/// the report made from it shows each one, with exact values.
@Suite struct DemoSignedScenarioTests {
    /// The report of `DemoSample`'s data, made once.
    static let report: DemoSampleReport = DemoSampleReport.make()

    // MARK: The data

    @Test func aboutOneUserInTenIsASignedCustomer() {
        let users = Set(DemoSample.records.compactMap(\.userID))
        let signed = users.filter { $0.hasPrefix("s_") || $0.hasPrefix("u_signed_") }
        #expect(signed.count * 100 > users.count * 7, "\(signed.count) of \(users.count)")
        #expect(signed.count * 100 < users.count * 15, "\(signed.count) of \(users.count)")
    }

    @Test func aSubscribersLaterRecordsAreNotificationsAndHistoryAnswers() throws {
        let texts = DemoSample.records(of: "u_signed_deu").map(DemoSample.text)
        // Before the server's switch on 2024-10-01: verifyReceipt answers.
        #expect(texts.prefix(2).allSatisfy { $0.hasPrefix(#"{"receipt":"#) })
        #expect(texts.filter { $0.hasPrefix(#"{"signedPayload":""#) }.count >= 4)
        #expect(texts.filter { $0.hasPrefix(#"{"notificationType":"DID_RENEW""#) }.count >= 1)
        #expect(texts.filter { $0.hasPrefix(#"{"revision":"#) && $0.contains(#""signedTransactions":["#) }.count == 2)
        let payload = try #require(Self.payloads(in: texts.first { $0.hasPrefix(#"{"signedPayload":""#) } ?? "").first)
        #expect(payload["notificationType"] as? String == "DID_RENEW")
        let data = try #require(payload["data"] as? [String: Any])
        #expect(data["bundleId"] as? String == DemoProduct.bundleID)
        #expect(data["environment"] as? String == "Production")
    }

    @Test func everySignedTransactionCarriesTheFieldsOfSPEC9() throws {
        let required = ["signedDate", "environment", "bundleId", "type", "inAppOwnershipType", "transactionId",
                        "originalTransactionId", "productId", "purchaseDate", "quantity"]
        var checked = 0
        var storefronts: Set<String> = []
        for record in DemoSample.records where record.userID?.hasPrefix("s_") == true || record.userID?.hasPrefix("u_signed_") == true {
            for payload in Self.payloads(in: DemoSample.text(record)) where payload["transactionId"] != nil {
                for key in required { #expect(payload[key] != nil, "record \(record.id) lacks \(key)") }
                #expect(payload["bundleId"] as? String == DemoProduct.bundleID)
                if let storefront = payload["storefront"] as? String, let currency = payload["currency"] as? String {
                    storefronts.insert(storefront + "/" + currency)
                }
                checked += 1
            }
        }
        #expect(checked > 250)
        #expect(storefronts == ["USA/USD", "DEU/EUR", "JPN/JPY", "GBR/GBP"])
    }

    @Test func theRetriedNotificationIsStoredTwiceWithOneUUID() throws {
        let records = DemoSample.records(of: "u_signed_jpn")
        let charges = records.filter { DemoSample.text($0).hasPrefix(#"{"signedPayload":""#) && Self.type(of: $0) == "ONE_TIME_CHARGE" }
        let first = try #require(charges.first)
        let copies = charges.filter { $0.response == first.response }
        #expect(copies.count == 2)
        #expect(copies[0].id != copies[1].id)
    }

    @Test func xcodeAndBareTransactionsAreWholeResponses() throws {
        let xcode = try #require(DemoSample.records(of: "u_signed_xcode").first)
        let text = DemoSample.text(xcode)
        #expect(text.hasPrefix("\"") && text.hasSuffix("\"") && text.split(separator: ".").count == 3)
        #expect(Self.payloads(in: text).first?["environment"] as? String == "Xcode")
        #expect(xcode.claimedEnvironment == "Sandbox")
        let bare = try #require(DemoSample.records(of: "u_signed_bare").first)
        let bareText = DemoSample.text(bare)
        #expect(!bareText.hasPrefix("\"") && !bareText.hasPrefix("{") && bareText.split(separator: ".").count == 3)
        #expect(!bare.isJSON)
        #expect(Self.payloads(in: bareText).first?["type"] as? String == "Non-Renewing Subscription")
    }

    // MARK: The report

    @Test func signedPricesComeWithTheirStorefrontAndCurrency() throws {
        let deu = Self.report.rows("transactions.csv", user: "u_signed_deu")
        #expect(deu.count >= 10)
        for row in deu {
            #expect(row["price_source"] == "signed" && row["storefront"] == "DEU" && row["currency"] == "EUR")
            #expect(row["customer_price"] == "5.99" && row["gross_amount"] == "5.99" && row["customer_currency"] == "EUR")
        }
        let jpn = Self.report.rows("transactions.csv", user: "u_signed_jpn")
        #expect(jpn.map { "\($0["storefront"]!) \($0["gross_amount"]!) \($0["currency"]!) \($0["status"]!)" }
                == ["JPN 120 JPY sold", "JPN 240 JPY refunded"])
        // Receipt-only transactions have no storefront and are priced by the catalog.
        let receipt = try #require(Self.report.rows("transactions.csv", user: "u_refund_leak_2").first)
        #expect(receipt["price_source"] == "catalog" && receipt["storefront"] == "")
    }

    @Test func onlyApplesRaisedUSDPriceDiffersFromTheCatalog() throws {
        let differs = Self.report.rows("anomalies.csv").filter { $0["kind"] == "catalog_price_differs" }
        #expect(differs.count >= 2)
        #expect(differs.allSatisfy { $0["detail"] == "signed price 44.99 USD, catalog 39.99" })
        let usa = Self.report.rows("transactions.csv", user: "u_signed_usa")
        #expect(usa.map { "\($0["gross_amount"]!) \($0["currency"]!)" } == ["39.99 USD", "44.99 USD"])
        #expect(differs.contains { $0["user_id"] == "u_signed_usa" && $0["transaction_id"] == usa[1]["transaction_id"] })
    }

    @Test func theReversedRefundIsSoldWithAnAnomaly() throws {
        let row = try #require(Self.report.rows("transactions.csv", user: "u_signed_reversed").first)
        #expect(row["status"] == "sold" && row["cancellation_date"] == "")
        let reversed = Self.report.rows("anomalies.csv").filter { $0["kind"] == "refund_reversed" }
        #expect(reversed.map { "\($0["user_id"]!) \($0["transaction_id"]!) \($0["detail"]!)" }
                == ["u_signed_reversed \(row["transaction_id"]!) a signed copy of 2025-02-04T16:00:03.000Z without revocationDate reverses the refund"])
        #expect(Self.report.rows("refunds.csv", user: "u_signed_reversed").isEmpty)
    }

    @Test func theProratedAndTheConsumableRefundsAreInRefunds() throws {
        let prorated = try #require(Self.report.rows("transactions.csv", user: "u_signed_gbr").first)
        #expect(prorated["revocation_type"] == "REFUND_PRORATED" && prorated["revocation_percentage"] == "50000")
        #expect(prorated["status"] == "refunded" && prorated["gross_amount"] == "39.99")
        let refunds = Self.report.rows("refunds.csv").filter { $0["user_id"]?.hasPrefix("u_signed_") == true }
        #expect(refunds.map { "\($0["user_id"]!) \($0["product_type"]!) \($0["refund_amount"]!) \($0["currency"]!)" }
                == ["u_signed_gbr auto_renewable 20.00 GBP", "u_signed_jpn consumable 240 JPY"])  // 39.99 × 50 % = 19.995, half-even
    }

    @Test func theFamilyRevocationIsNoRefund() throws {
        let rows = Self.report.rows("transactions.csv", user: "u_signed_family")
        #expect(rows.map { "\($0["status"]!) \($0["revocation_type"]!) \($0["gross_amount"]!)" }
                == ["family_shared  0.00", "family_shared FAMILY_REVOKE 0.00"])
        #expect(rows[1]["cancellation_date"] == "2025-01-15T12:00:00.000Z")
        #expect(Self.report.rows("refunds.csv", user: "u_signed_family").isEmpty)
    }

    @Test func theRetriedNotificationIsOneRowAndItsRecordsAreCounted() throws {
        let charges = Self.report.rows("notifications.csv", user: "u_signed_jpn").filter { $0["notification_type"] == "ONE_TIME_CHARGE" }
        #expect(charges.count == 2)
        let first = try #require(charges.first)
        #expect(first["signed_date"] == "2024-12-03T02:30:04.000Z")
        #expect(Self.report.rows("notifications.csv").filter { $0["notification_uuid"] == first["notification_uuid"] }.count == 1)
        let pack = try #require(Self.report.rows("transactions.csv", user: "u_signed_jpn").first)
        #expect(pack["transaction_id"] == first["transaction_id"])
        #expect(pack["record_count"] == "2")
        #expect(Self.report.rows("notifications.csv", user: "u_signed_jpn").map { $0["notification_type"]! }
                == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "REFUND"])
    }

    @Test func theManifestNamesTheOpenRefundRequestAndTheVisibleConsumables() throws {
        let manifest = try #require(try JSONSerialization.jsonObject(with: Self.report.file("manifest.json")) as? [String: Any])
        #expect(manifest["signatures"] as? String == "not verified")
        #expect(manifest["consumable_refunds_visible"] as? [String] == ["Production"])
        let open = try #require(manifest["open_refund_requests"] as? [[String: Any]])
        let coins = try #require(Self.report.rows("transactions.csv", user: "u_signed_open_request").first)
        #expect(open.map { $0["transaction_id"] as? String } == [coins["transaction_id"]])
        #expect(open.first?["signed_date"] as? String == "2025-05-28T09:00:00.000Z")
        #expect(coins["product_type"] == "consumable" && coins["refund_visible"] == "true" && coins["gross_amount"] == "0.99")
    }

    @Test func theXcodeTransactionIsBookedInSandbox() throws {
        let rows = Self.report.rows("transactions.csv", user: "u_signed_xcode")
        #expect(rows.map { "\($0["environment"]!) \($0["price_source"]!) \($0["status"]!)" } == ["Sandbox signed sold"])
        let bare = Self.report.rows("transactions.csv", user: "u_signed_bare")
        #expect(bare.map { "\($0["environment"]!) \($0["price_source"]!) \($0["gross_amount"]!)" } == ["Production signed 14.99"])
    }

    @Test func everyJWSCarriesACertificateChainOfApplesLength() throws {
        // Apple's production chain: leaf, WWDR intermediate, Root CA G3 (DER bytes 1,076, 794, 583),
        // whose Base64 makes most of a stored JWS.
        let text = try #require(DemoSample.records(of: "u_signed_bare").map(DemoSample.text).first { !$0.hasPrefix("{") })
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        let header = try #require(Base64URL.decode(String(parts[0])))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(header)) as? [String: Any])
        #expect(object["alg"] as? String == "ES256")
        let chain = try #require(object["x5c"] as? [String])
        #expect(chain.map(\.count) == [1_435, 1_059, 778])
        #expect(parts[0].count == 4_406)  // 3,304 bytes of header JSON
    }

    // MARK: Helpers

    /// The decoded payloads of every JWS in a text (nested ones included), outermost first.
    static func payloads(in text: String) -> [[String: Any]] {
        var found: [[String: Any]] = []
        let jws = #/[A-Za-z0-9_-]{10,}\.([A-Za-z0-9_-]{10,})\.[A-Za-z0-9_-]{10,}/#
        for match in text.matches(of: jws) {
            guard let bytes = Base64URL.decode(String(match.1)),
                let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            else { continue }
            found.append(object)
            if let data = object["data"] as? [String: Any], let nested = data["signedTransactionInfo"] as? String {
                found += payloads(in: nested)
            }
        }
        return found
    }

    static func type(of record: DemoRecord) -> String? {
        payloads(in: DemoSample.text(record)).first?["notificationType"] as? String
    }
}

/// `DemoSample`'s data written to a temporary folder and run through the whole job.
struct DemoSampleReport {
    let folder: String

    static func make() -> DemoSampleReport {
        let folder = DemoSample.temporaryPath("signed-report")
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try DemoSample.generator.writeSQLite(to: folder + "/receipts.sqlite")
            try DemoSample.generator.writeCatalog(to: folder + "/catalog.csv")
        } catch {
            fatalError("demo data: \(error)")
        }
        let result = CommandLineTool.outcome(["run", "--db", folder + "/receipts.sqlite", "--catalog", folder + "/catalog.csv",
                                              "--out", folder + "/out", "--templates", HostileSupport.templatesPath])
        precondition(result.code == 0, result.message ?? "")
        return DemoSampleReport(folder: folder + "/out")
    }

    func file(_ name: String) -> Data {
        (try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) ?? Data()
    }

    /// A CSV file's rows as header → cell, optionally only those of one user.
    func rows(_ name: String, user: String? = nil) -> [[String: String]] {
        guard let rows = try? CSVReader.rows(of: String(decoding: file(name), as: UTF8.self)).map(\.fields), let header = rows.first
        else { return [] }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
            .filter { user == nil || $0["user_id"] == user }
    }
}
