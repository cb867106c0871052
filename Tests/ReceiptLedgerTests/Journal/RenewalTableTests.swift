import Testing
@testable import ReceiptLedger

@Suite struct RenewalTableTests {
    private func info(_ subscription: String, autoRenew: String) throws -> RenewalInfo {
        let entry = try JSONDocument(text: #"{"original_transaction_id": "\#(subscription)", "auto_renew_status": "\#(autoRenew)"}"#)
        return try #require(RenewalInfo(entry.root))
    }

    /// The info recorded last for a subscription wins; each environment keeps its own; a
    /// subscription never recorded has none.
    @Test func theLatestInfoPerSubscriptionAndEnvironmentIsKept() throws {
        var table = RenewalTable()
        table.record(try info("1000", autoRenew: "1"), in: .production, at: UnixMillis(1))
        table.record(try info("1000", autoRenew: "0"), in: .sandbox, at: UnixMillis(2))
        table.record(try info("2000", autoRenew: "1"), in: .production, at: UnixMillis(3))
        table.record(try info("1000", autoRenew: "0"), in: .production, at: UnixMillis(4))
        #expect(table.count == 3)
        #expect(table[TransactionKey(.production, "1000")]?.autoRenewStatus == "0")
        #expect(table[TransactionKey(.sandbox, "1000")]?.autoRenewStatus == "0")
        #expect(table[TransactionKey(.production, "2000")]?.autoRenewStatus == "1")
        #expect(table[TransactionKey(.sandbox, "2000")] == nil)
        #expect(table[TransactionKey(.production, "100")] == nil)
    }

    /// SPEC §9: the latest info by time wins, not the one recorded last (a signed renewal info's
    /// `signedDate` may precede a receipt record's `verified_at`); equal times: the later one.
    @Test func theInfoOfTheLatestTimeIsKept() throws {
        var table = RenewalTable()
        table.record(try info("1000", autoRenew: "1"), in: .production, at: UnixMillis(500))
        table.record(try info("1000", autoRenew: "0"), in: .production, at: UnixMillis(400))
        #expect(table[TransactionKey(.production, "1000")]?.autoRenewStatus == "1")
        table.record(try info("1000", autoRenew: "false"), in: .production, at: UnixMillis(500))
        #expect(table[TransactionKey(.production, "1000")]?.autoRenewStatus == "false")
    }

    /// Thousands of subscriptions (the index grows many times) are all found again.
    @Test func everySubscriptionIsFoundAfterTheIndexGrows() throws {
        var table = RenewalTable()
        for k in 0..<3_000 { table.record(try info("\(k * 7_919)", autoRenew: "\(k % 2)"), in: .production, at: UnixMillis(Int64(k))) }
        #expect(table.count == 3_000)
        #expect((0..<3_000).allSatisfy { table[TransactionKey(.production, "\($0 * 7_919)")]?.autoRenewStatus == "\($0 % 2)" })
    }
}
