import Testing
@testable import ReceiptLedger

/// SPEC §2 and §8 "Anomalies": which timestamp findings are raised, how often, and where.
@Suite struct TimestampAnomalyTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z

    func anomalies(_ rows: [ArrayRecordSource.Row]) throws -> [String] {
        try A.journal(rows).journal.anomalies.filter { $0.kind != AnomalyKind.unpricedProduct }
            .map { "\($0.kind)@\($0.recordID):\($0.transactionID):\($0.user)" }.sorted()
    }

    @Test func mismatchOncePerTransactionAndFieldAtTheEarliestRecord() throws {
        let off = A.transaction("1", purchaseMs: Self.t0, fields: ["purchase_date": "\"2024-01-01 00:00:01 Etc/GMT\""])
        let rows = [A.row(2, user: "b", at: Self.t0 + 10, A.answer(inApp: [off], latest: [off])),
                    A.row(1, user: "a", at: Self.t0, A.answer(inApp: [off]))]
        #expect(try anomalies(rows) == ["shared_transaction@2:1:b", "timestamp_mismatch@1:1:a"])
    }

    @Test func nineHundredNinetyNineMillisecondsIsNoMismatch() throws {
        let close = A.transaction("1", purchaseMs: Self.t0 + 999, fields: ["purchase_date": "\"2024-01-01 00:00:00 Etc/GMT\""])
        #expect(try anomalies([A.row(1, at: Self.t0, A.answer(inApp: [close]))]).isEmpty)
    }

    @Test func pacificOnlyDatesAcrossDaylightSaving() throws {
        let repeated = A.transaction("r", purchaseMs: 0, fields: ["purchase_date_ms": "null", "purchase_date": "null",
                                                                  "purchase_date_pst": "\"2024-11-03 01:30:00 America/Los_Angeles\""])
        let skipped = A.transaction("s", purchaseMs: Self.t0, fields: ["purchase_date_pst": "\"2024-03-10 02:30:00 America/Los_Angeles\""])
        let summer = A.transaction("p", purchaseMs: 0, fields: ["purchase_date_ms": "null", "purchase_date": "null",
                                                                "purchase_date_pst": "\"2024-07-01 12:00:00 America/Los_Angeles\""])
        let journal = try A.journal([A.row(1, user: "u", at: Self.t0, A.answer(inApp: [repeated, skipped, summer]))]).journal
        #expect(journal.transaction("r")?.purchase.iso8601 == "2024-11-03T08:30:00.000Z")
        #expect(journal.transaction("p")?.purchase.iso8601 == "2024-07-01T19:00:00.000Z")
        #expect(journal.transaction("s")?.purchase == UnixMillis(Self.t0))
        let found = journal.anomalies.filter { $0.kind != AnomalyKind.unpricedProduct }.map { "\($0.kind):\($0.transactionID)" }.sorted()
        #expect(found == ["ambiguous_pst:r", "invalid_pst:s"])  // a skipped wall time has no instant to disagree with
    }

    @Test func ambiguousPacificAgreeingThroughItsLaterInstantIsNotAMismatch() throws {
        // 2024-11-03 01:30 PST (the second 01:30) is 09:30Z.
        let tx = A.transaction("1", purchaseMs: 1_730_626_200_000, fields: ["purchase_date_pst": "\"2024-11-03 01:30:00 America/Los_Angeles\""])
        #expect(try anomalies([A.row(1, at: Self.t0, A.answer(inApp: [tx]))]).isEmpty)
    }

    @Test func unreadableCancellationOncePerRecordAndIgnored() throws {
        let bad = A.transaction("1", purchaseMs: Self.t0, fields: ["cancellation_date": "\"soon\""])
        let rows = [A.row(1, user: "u", at: Self.t0, A.answer(inApp: [bad], latest: [bad])),
                    A.row(2, user: "u", at: Self.t0 + 1, A.answer(inApp: [bad]))]
        let journal = try A.journal(rows).journal
        #expect(journal.anomalies(AnomalyKind.badTimestamp).map(\.recordID) == [1, 2])
        #expect(journal.transaction("1")?.status == .sold)
        #expect(journal.transaction("1")?.cancellation == nil)
    }

    @Test func unreadableExpiryOncePerTransactionAndOriginalPurchaseNever() throws {
        let bad = A.transaction("1", purchaseMs: Self.t0, fields: ["expires_date": "\"2024-13-01 00:00:00 Etc/GMT\"",
                                                                    "original_purchase_date": "\"yesterday\""])
        let rows = [A.row(1, at: Self.t0, A.answer(inApp: [bad])), A.row(2, at: Self.t0 + 1, A.answer(inApp: [bad]))]
        #expect(try anomalies(rows) == ["bad_timestamp@1:1:u1"])
    }

    @Test func receiptLevelDatesOncePerRecordAndField() throws {
        let fields = "\"receipt_creation_date\": \"garbage\", \"request_date_ms\": \"1704067200000\", \"request_date\": \"2024-01-02 00:00:00 Etc/GMT\", \"original_purchase_date\": \"bad\""
        let body = A.answer(inApp: [], receiptFields: fields)
        let rows = [A.row(1, at: Self.t0, body), A.row(2, at: Self.t0 + 1, body)]
        #expect(try anomalies(rows) == ["bad_timestamp@1::u1", "bad_timestamp@2::u1", "timestamp_mismatch@1::u1", "timestamp_mismatch@2::u1"])
    }

    @Test func asOfDefaultsToTheLatestVerifiedAtOfAllRecords() throws {
        let rows = [A.row(1, at: Self.t0, A.answer(inApp: [])), A.row(2, at: Self.t0 + 5000, "{\"status\": 21002}"),
                    ArrayRecordSource.Row(id: .text("bad"), userID: .text("u"), verifiedAt: .integer(Self.t0 + 9000), response: .null)]
        #expect(try A.journal(rows).index.latestVerifiedAt == UnixMillis(Self.t0 + 9000))
    }

    @Test func verifiedAtAcceptsEveryTimestampForm() {
        #expect(StoredInstant.instant(.text("1704067200000")) == UnixMillis(Self.t0))
        #expect(StoredInstant.instant(.text("2024-01-01 00:00:00 Etc/GMT")) == UnixMillis(Self.t0))
        #expect(StoredInstant.instant(.text("2023-12-31 16:00:00 America/Los_Angeles")) == UnixMillis(Self.t0))
        #expect(StoredInstant.instant(.text("2024-01-01T01:00:00+01:00")) == UnixMillis(Self.t0))
        #expect(StoredInstant.instant(.text("2024-01-01 00:00:00")) == nil)
        #expect(StoredInstant.instant(.real(1.5)) == nil)
        #expect(StoredInstant.instant(.integer(-2_208_988_800_001)) == nil)  // before 1900
    }
}
