import Foundation
import Testing
@testable import ReceiptLedger

/// Apple's modern test data (`Tests/Fixtures/modern/`) through the whole reading pipeline
/// (SPEC §9): every signed transaction is in the journal with its ids, instants and
/// environment, whatever kind of record carried it, mixed with receipt answers.
@Suite struct ModernFixtureTests {
    typealias S = SignedAnswers

    @Test func xcodeTransactionIsBookedInSandboxWithTruncatedMillis() throws {
        let journal = try S.journal([try S.fixture("xcode-signed-transaction.jws")])
        #expect(journal.counts.accepted == 1 && journal.counts.isBalanced)
        #expect(journal.transactions.count == 1)
        let t = try #require(journal.transaction("0", .sandbox))
        #expect(t.originalTransactionID.string == "0")
        #expect(t.productID == "pass.premium")
        #expect(t.purchase.iso8601 == "2023-10-19T01:45:36.049Z")
        #expect(t.originalPurchase?.iso8601 == "2023-10-19T01:45:36.049Z")
        #expect(t.expires?.iso8601 == "2023-11-19T01:45:36.049Z")
        #expect(t.isInIntroOfferPeriod)
        #expect(journal.anomalies(.timestampMismatch).isEmpty)
        #expect(journal.environmentChecks.isEmpty)
    }

    @Test func everyKindOfRecordInOneRun() throws {
        let notification = try SignedRecordReaderTests.signedNotification()
        let history = #"{"environment": "Production", "bundleId": "com.example", "signedTransactions": ["\#(S.jws(S.transaction("h1", environment: nil)))", "\#(S.jws(S.transaction("h2", purchaseMs: 1_698_200_000_000, environment: nil)))"]}"#
        let receipt = AnswerBuilder.answer(inApp: [AnswerBuilder.transaction("r1", purchaseMs: 1_698_000_000_000)])
        let journal = try S.journal([
            receipt, notification, history, try S.fixture("signedTransactionWithRevocation.json"), try S.fixture("signedSummaryNotification.json"),
            S.quoted(try S.fixture("xcode-signed-transaction.jws").trimmingCharacters(in: .whitespacesAndNewlines)), "garbage.jws.text",
        ])
        #expect(journal.counts.read == 7)
        #expect(journal.counts.accepted == 6)
        #expect(journal.counts.rejected == 1)
        #expect(journal.counts.isBalanced)
        #expect(journal.rejected.map(\.reason.code) == ["invalid_jws"])
        let keys = journal.transactions.map { "\($0.environment.rawValue):\($0.transactionID)" }.sorted()
        #expect(keys == ["Production:h1", "Production:h2", "Production:r1", "Sandbox:0", "Sandbox:23456"])
        let refunded = try #require(journal.transaction("23456", .sandbox))
        #expect(refunded.originalTransactionID.string == "12345")
        #expect(refunded.purchase.iso8601 == "2023-10-24T12:01:40.000Z")
        #expect(refunded.expires?.iso8601 == "2023-10-24T12:03:20.000Z")
        #expect(refunded.cancellation?.iso8601 == "2023-10-24T12:02:30.000Z")
        #expect(refunded.cancellationReason == "1")
        #expect(refunded.recordCount == 2)
        #expect(try #require(journal.transaction("h2")).purchase.iso8601 == "2023-10-25T02:13:20.000Z")
        // Apple's test data gives both notifications one notificationUUID: the second is read
        // as a retry of the first (SPEC §9: one row per distinct notificationUUID).
        #expect(journal.notifications.map(\.notificationType) == ["SUBSCRIBED"])
        #expect(journal.notifications.map(\.kind) == [.notificationV2])
        #expect(journal.notifications.map(\.transactionID) == ["23456"])
        #expect(journal.notifications.map(\.recordID) == [2])
        #expect(journal.consumableRefundEnvironments == [.sandbox])
    }

    @Test func refundHistoryMakesItsEnvironmentsConsumableRefundsVisible() throws {
        let answer = try S.fixture("getRefundHistoryResponse.json")
            .replacingOccurrences(of: #""signed_transaction_one""#, with: S.quoted(S.jws(S.transaction("c1", environment: "Production"))))
        let journal = try S.journal([answer])
        #expect(journal.transaction("c1")?.purchase.iso8601 == "2023-10-24T12:01:40.000Z")
        #expect(journal.consumableRefundEnvironments == [.production])
        // The placeholder left in the answer is one malformed entry, the record still accepted.
        #expect(journal.anomalies(.malformedTransaction).map(\.detail)
            == ["signedTransactions[1] is not a readable JWS (invalid_jws: not three Base64URL parts joined by '.')"])
        #expect(journal.counts.accepted == 1)
    }

    @Test func signedTransactionWithoutEnvironmentTakesTheClaim() throws {
        let journal = try S.journal([S.transaction("e1", environment: nil)], claimed: "Sandbox")
        #expect(journal.transaction("e1", .sandbox) != nil)
        #expect(journal.environmentChecks.map(\.findings) == [[.environmentFromClaim]])
    }

    @Test func foreignBundleIsARejectedRow() throws {
        let journal = try S.journal([try SignedRecordReaderTests.signedNotification(), S.jws(S.transaction("f1"))], bundleIDs: ["com.other"])
        #expect(journal.rejected.map(\.reason.code) == ["foreign_bundle", "foreign_bundle"])
        #expect(journal.transactions.isEmpty)
        #expect(journal.counts.isBalanced)
    }
}
