import Testing
@testable import ReceiptLedger

/// SPEC §8 "Revision 2 readings", each with exact values that today's reading before them
/// did not give.
@Suite struct RevisionTwoReadingsTests {
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let day: Int64 = 86_400_000
    typealias A = AnswerBuilder

    /// Both pipelines (the reference one merges every copy in full).
    func journals(_ rows: [ArrayRecordSource.Row]) throws -> [Journal] {
        try [JournalPipeline(reader: ResponseReader(), catalog: A.catalog),
             JournalPipeline.reference(reader: ResponseReader(), catalog: A.catalog)].map {
            try $0.run(source: ArrayRecordSource(rows)).journal
        }
    }

    @Test func aCancellationBeforeThePurchaseRaisesCancellationBeforePurchaseOnceAndTheRefundStands() throws {
        let early = "\"\(Self.t0 - Self.day)\""
        let cancelled = A.transaction("1", purchaseMs: Self.t0, fields: ["cancellation_date_ms": early])
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [A.transaction("1", purchaseMs: Self.t0)])),
            A.row(2, at: Self.t0 + 1, A.answer(inApp: [cancelled], latest: [cancelled])),
            A.row(3, at: Self.t0 + 2, A.answer(inApp: [cancelled])),
            A.row(4, at: Self.t0 + 3, A.answer(inApp: [A.transaction("2", purchaseMs: Self.t0,
                                                                      fields: ["cancellation_date_ms": "\"\(Self.t0 + 1)\""])])),
        ]
        for journal in try journals(rows) {
            let found = journal.anomalies(.cancellationBeforePurchase)
            #expect(found.map { "\($0.recordID) \($0.transactionID)" } == ["2 1"])
            #expect(found.first?.detail == "cancellation_date 2023-12-31T00:00:00.000Z is before purchase_date 2024-01-01T00:00:00.000Z; the refund stands")
            #expect(journal.transaction("1")?.status == .refunded)
            #expect(journal.transaction("2")?.status == .refunded)
        }
    }

    @Test(arguments: [("2", 2), ("2.0", 2), ("1e0", 1), ("20E-1", 2), ("0.2e1", 2), ("\"2\"", 2), ("\" 3 \"", 3), ("1000000", 1_000_000),
                      ("1e6", 1_000_000)])
    func anIntegralQuantityIsThatInteger(json: String, quantity: Int64) throws {
        let rows = [A.row(1, at: Self.t0, A.answer(inApp: [A.transaction("1", purchaseMs: Self.t0, fields: ["quantity": json])]))]
        let journal = try A.journal(rows).journal
        #expect(journal.transaction("1")?.quantity == quantity)
        #expect(journal.anomalies(.badQuantity).isEmpty)
    }

    @Test(arguments: ["2.5", "0", "0.0", "-1", "1e7", "1000001", "1.0000000000000001", "\"2.0\"", "\"two\"", "true", "1e999999999"])
    func anyOtherQuantityIsBadAndOneIsUsed(json: String) throws {
        let rows = [A.row(1, at: Self.t0, A.answer(inApp: [A.transaction("1", purchaseMs: Self.t0, fields: ["quantity": json])]))]
        let journal = try A.journal(rows).journal
        #expect(journal.transaction("1")?.quantity == 1)
        #expect(journal.anomalies(.badQuantity).map(\.recordID) == [1])
    }

    @Test func aFixedFieldAbsentFromTheEarliestCopyIsTakenFromTheFirstLaterCopyWithoutAConflict() throws {
        let bare = "{\"transaction_id\": \"1\", \"quantity\": null, \"purchase_date_ms\": \"\(Self.t0)\"}"
        let full = A.transaction("1", product: "yearly", original: "7", purchaseMs: Self.t0, fields: ["quantity": "\"3\""])
        let other = A.transaction("1", product: "monthly", original: "8", purchaseMs: Self.t0, fields: ["quantity": "\"4\""])
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [bare])),
            A.row(2, at: Self.t0 + 1, A.answer(inApp: [bare, full])),
            A.row(3, at: Self.t0 + 2, A.answer(inApp: [bare])),
            A.row(4, at: Self.t0 + 3, A.answer(inApp: [other])),
        ]
        for journal in try journals(rows) {
            let t = try #require(journal.transaction("1"))
            #expect(t.productID == "yearly")
            #expect(t.originalTransactionID == "7")
            #expect(t.quantity == 3)
            #expect(journal.anomalies(.conflictingTransaction).map { "\($0.recordID): \($0.detail)" }
                    == ["4: product_id monthly vs yearly; original_transaction_id 8 vs 7; quantity 4 vs 3"])
        }
    }

    /// The merge keeps an original id in plain digits as a number and any other as text: each
    /// comes back byte for byte, and only a different text is a conflict ("0123" is not "123").
    @Test(arguments: [("0123", "123"), ("orig-7", "orig-8"), ("7", "07"), ("", "7"), ("9223372036854775808", "9223372036854775807")])
    func anOriginalIDIsKeptExactlyWhateverItsForm(kept: String, other: String) throws {
        func copy(_ id: String, _ original: String) -> String {
            A.transaction(id, original: original, purchaseMs: Self.t0)
        }
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [copy("1", kept), copy("2", other)])),
            A.row(2, at: Self.t0 + 1, A.answer(inApp: [copy("1", kept), copy("2", other)])),
            A.row(3, at: Self.t0 + 2, A.answer(inApp: [copy("1", other), copy("2", other)])),
        ]
        for journal in try journals(rows) {
            #expect(journal.transaction("1")?.originalTransactionID.string == kept)
            #expect(journal.transaction("2")?.originalTransactionID.string == other)
            #expect(journal.anomalies(.conflictingTransaction).map { "\($0.recordID) \($0.transactionID): \($0.detail)" }
                    == ["3 1: original_transaction_id \(other) vs \(kept)"])
        }
    }

    @Test func expiresDateIsTheLatestReadableOne() throws {
        func copy(_ expires: String) -> String {
            A.transaction("1", purchaseMs: Self.t0, fields: ["expires_date_ms": expires])
        }
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [copy("\"\(Self.t0 + 30 * Self.day)\"")])),
            A.row(3, at: Self.t0 + 2, A.answer(inApp: [copy("\"\(Self.t0 + 40 * Self.day)\""), copy("\"\(Self.t0 + 35 * Self.day)\"")])),
            A.row(2, at: Self.t0 + 2, A.answer(inApp: [copy("\"\(Self.t0 + 50 * Self.day)\"")])),
            A.row(4, at: Self.t0 + 3, A.answer(inApp: [copy("\"unreadable\"")])),
        ]
        for journal in try journals(rows) {
            #expect(journal.transaction("1")?.expires == UnixMillis(Self.t0 + 35 * Self.day))
        }
    }

    @Test func subscriptionsWithoutOriginalTransactionIDAreKeyedByTheirOwnTransactionID() throws {
        let noOriginal = ["original_transaction_id": "null"]
        let rows = [
            A.row(1, user: "ann", at: Self.t0, A.answer(inApp: [A.transaction("11", purchaseMs: Self.t0, fields: noOriginal)])),
            A.row(2, user: "bob", at: Self.t0 + 1, A.answer(inApp: [A.transaction("12", purchaseMs: Self.t0 + 1, fields: noOriginal)])),
        ]
        let journal = try A.journal(rows).journal
        let all = Subscription.all(in: journal.transactions, renewals: journal.renewals, asOf: UnixMillis(Self.t0 + Self.day))
        #expect(all.map { "\($0.originalTransactionID) \($0.userName) \($0.paidPeriods)" } == ["11 ann 1", "12 bob 1"])
    }

    @Test(arguments: [("false", "false", true), ("true", "true", false), ("0", "0", true), ("1", "1", false), ("0.0", "0", true),
                      ("\" FALSE \"", " FALSE ", true), ("\"0\"", "0", true), ("\"1\"", "1", false), ("2.5", "2.5", false)])
    func autoRenewStatusIsWrittenAsSentAndOffForZeroAndFalse(json: String, written: String, off: Bool) throws {
        let expires = Self.t0 + 30 * Self.day
        let renewal = "{\"original_transaction_id\": \"1\", \"auto_renew_status\": \(json)}"
        let rows = [A.row(1, at: Self.t0, A.answer(inApp: [], latest: [A.transaction("1", purchaseMs: Self.t0, expiresMs: expires)],
                                                   renewals: [renewal]))]
        let journal = try A.journal(rows).journal
        let subscription = try #require(Subscription.all(in: journal.transactions, renewals: journal.renewals,
                                                         asOf: UnixMillis(Self.t0 + Self.day)).first)
        #expect(subscription.renewal?.autoRenewStatus == written)
        #expect(subscription.state == (off ? .cancelled : .active))
    }
}
