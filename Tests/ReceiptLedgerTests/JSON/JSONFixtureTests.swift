import Testing
@testable import ReceiptLedger

/// Real verifyReceipt answers (see Tests/Fixtures/json/README.md).
@Suite struct JSONFixtureTests {
    static let imdhemy = "imdhemy__appstore-iap__verify_receipt_response.json"
    static let nov = "nov__itunes-receipt__autorenew_subscription_expired.json"

    @Test func imdhemyAnswerExactValues() throws {
        let root = try JSONDocument(bytes: JSONTestSupport.fixture(Self.imdhemy)).root
        #expect(root.kind == .object)
        #expect(root["status"]?.int64 == 0)
        #expect(root["environment"]?.stringEquals("Production") == true)
        let receipt = try #require(root["receipt"])
        #expect(receipt["receipt_type"]?.string == "ProductionSandbox")
        #expect(receipt["adam_id"]?.int64 == 0)
        #expect(receipt["receipt_creation_date"]?.string == "2020-11-08 16:00:57 Etc/GMT")
        #expect(receipt["receipt_creation_date_pst"]?.string == "2020-11-08 08:00:57 America/Los_Angeles")
        #expect(receipt["receipt_creation_date_ms"]?.string == "1604851257000")
        #expect(receipt["receipt_creation_date_ms"]?.isAllDigitsString == true)
        let inApp = try #require(receipt["in_app"])
        #expect(inApp.count == 42)
        let first = inApp.elements[0]
        #expect(first["transaction_id"]?.string == "1000000739289145")
        #expect(first["purchase_date"]?.string == "2020-10-07 10:06:58 Etc/GMT")
        #expect(first["purchase_date"]?.stringEquals("2020-10-07 10:06:58 Etc/GMT") == true)
        #expect(first["is_trial_period"]?.stringEquals("false") == true)
        #expect(first["cancellation_date"] == nil)
        #expect(inApp.elements[41]["transaction_id"]?.string == "1000000739307078")
        let latest = try #require(root["latest_receipt_info"]?.elements.first)
        #expect(latest["subscription_group_identifier"]?.string == "20667927")
        #expect(latest["in_app_ownership_type"]?.string == "PURCHASED")
        #expect(root["pending_renewal_info"]?.elements[0]["auto_renew_status"]?.string == "0")
        #expect(root["latest_receipt"]?.string == "ZmFrZV9kYXRh")
        #expect(root.members.map(\.key) == ["environment", "receipt", "latest_receipt_info", "latest_receipt", "pending_renewal_info", "status"])
    }

    @Test func novAnswerExactValues() throws {
        let root = try JSONDocument(bytes: JSONTestSupport.fixture(Self.nov)).root
        #expect(root["status"]?.int64 == 21006)
        #expect(root["receipt"]?.kind == .object)  // iOS 6 style: an object, not an array
        #expect(root["receipt"]?["expires_date"]?.string == "1350157508197")
        #expect(root["latest_receipt_info"]?["item_id"]?.string == "570504929")
    }

    @Test func everyPrefixOfARealAnswerFails() throws {
        var bytes = try JSONTestSupport.fixture(Self.nov)
        while let last = bytes.last, last == 0x0A || last == 0x20 { bytes.removeLast() }
        #expect(bytes.count > 1_000)
        #expect(throws: Never.self) { try JSONDocument(bytes: bytes) }
        for cut in 0..<bytes.count {
            #expect(throws: JSONParseError.self, "prefix of \(cut) bytes") {
                try JSONDocument(bytes: Array(bytes[..<cut]))
            }
        }
    }

    @Test func cutsThroughEscapesOfTheLargerAnswerFail() throws {
        let bytes = try JSONTestSupport.fixture(Self.imdhemy)
        // The cut points right after each backslash and in the last 300 bytes, plus a stride.
        var cuts = Set(stride(from: 0, to: bytes.count - 2, by: 97))
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\\") && offset % 11 == 0 {
            cuts.insert(offset)
            cuts.insert(offset + 1)
        }
        cuts.formUnion((bytes.count - 300)..<(bytes.count - 2))
        let parser = JSONParser()
        for cut in cuts.sorted() {
            #expect(throws: JSONParseError.self, "prefix of \(cut) bytes") {
                try parser.parse(Array(bytes[..<cut]))
            }
        }
    }
}
