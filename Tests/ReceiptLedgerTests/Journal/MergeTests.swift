import Testing
@testable import ReceiptLedger

/// SPEC §4 and §8 "Transactions": one transaction however many records repeat it.
@Suite struct MergeTests {
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let day: Int64 = 86_400_000
    typealias A = AnswerBuilder

    @Test func earliestRecordByVerifiedAtOwnsTheTransaction() throws {
        let tx = A.transaction("1", purchaseMs: Self.t0)
        let rows = [
            A.row(1, user: "bob", at: Self.t0 + 2 * Self.day, A.answer(inApp: [tx])),
            A.row(2, user: "alice", at: Self.t0 + Self.day, A.answer(inApp: [tx])),
            A.row(3, user: "bob", at: Self.t0 + 3 * Self.day, A.answer(inApp: [tx], latest: [tx])),
            A.row(4, user: "carol", at: Self.t0 + 4 * Self.day, A.answer(inApp: [tx])),
        ]
        let journal = try A.journal(rows).journal
        let t = try #require(journal.transaction("1"))
        #expect(t.userName == "alice")
        #expect(t.firstRecordID == 2)
        #expect(t.recordCount == 4)
        let shared = journal.anomalies(AnomalyKind.sharedTransaction).sorted { $0.recordID < $1.recordID }
        #expect(shared.map(\.user) == ["bob", "carol"])
        #expect(shared.map(\.recordID) == [1, 4])
        #expect(shared.first?.detail == "owned by user alice")
    }

    /// One transaction object, the same bytes each time, in records of both environments: two
    /// transactions, each counting only its own environment's records.
    @Test func theSameCopyInBothEnvironmentsIsTwoTransactions() throws {
        let tx = A.transaction("1", purchaseMs: Self.t0)
        let environments = ["Production", "Sandbox", "Production", "Sandbox", "Sandbox"]
        let rows = environments.enumerated().map { index, environment in
            A.row(Int64(index + 1), at: Self.t0 + Int64(index + 1) * Self.day, A.answer(environment: environment, inApp: [tx]))
        }
        for pipeline in [JournalPipeline(reader: ResponseReader(), catalog: A.catalog),
                         JournalPipeline.reference(reader: ResponseReader(), catalog: A.catalog)] {
            let journal = try pipeline.run(source: ArrayRecordSource(rows)).journal
            let found = journal.transactions.map { "\($0.environment.rawValue) \($0.transactionID): \($0.recordCount) from \($0.firstRecordID)" }
            #expect(found.sorted() == ["Production 1: 2 from 1", "Sandbox 1: 3 from 2"])
        }
    }

    @Test func laterDisagreementIsAConflictOncePerRecord() throws {
        let first = A.transaction("1", product: "monthly", purchaseMs: Self.t0)
        let otherProduct = A.transaction("1", product: "yearly", purchaseMs: Self.t0)
        let shifted = A.transaction("1", purchaseMs: Self.t0 + 999)
        let farShifted = A.transaction("1", purchaseMs: Self.t0 + 1000)
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [first])),
            A.row(2, at: Self.t0 + 1, A.answer(inApp: [otherProduct], latest: [otherProduct])),
            A.row(3, at: Self.t0 + 2, A.answer(inApp: [shifted])),
            A.row(4, at: Self.t0 + 3, A.answer(inApp: [first], latest: [farShifted])),
        ]
        let journal = try A.journal(rows).journal
        let conflicts = journal.anomalies(AnomalyKind.conflictingTransaction)
        #expect(conflicts.map(\.recordID) == [2, 4])
        #expect(conflicts.first?.detail == "product_id yearly vs monthly")
        #expect(journal.transaction("1")?.productID == "monthly")
    }

    /// A later record that repeats the very disagreeing copy (the reader's memo hands the merge
    /// the same object) disagrees again: each record reports it, and each is counted.
    @Test func aRepeatedDisagreementIsAConflictInEachRecord() throws {
        let first = A.transaction("1", product: "monthly", purchaseMs: Self.t0)
        let otherProduct = A.transaction("1", product: "yearly", purchaseMs: Self.t0)
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [first])),
            A.row(2, at: Self.t0 + 1, A.answer(inApp: [otherProduct])),
            A.row(3, at: Self.t0 + 2, A.answer(inApp: [otherProduct], latest: [otherProduct])),
            A.row(4, at: Self.t0 + 3, A.answer(inApp: [otherProduct])),
        ]
        for pipeline in [JournalPipeline(reader: ResponseReader(), catalog: A.catalog),
                         JournalPipeline.reference(reader: ResponseReader(), catalog: A.catalog)] {
            let journal = try pipeline.run(source: ArrayRecordSource(rows)).journal
            #expect(journal.anomalies(AnomalyKind.conflictingTransaction).map(\.recordID) == [2, 3, 4])
            #expect(journal.transaction("1")?.recordCount == 4)
            #expect(journal.transaction("1")?.productID == "monthly")
        }
    }

    @Test func quantityIsComparedAsAnInteger() throws {
        let asText = A.transaction("1", purchaseMs: Self.t0, fields: ["quantity": "\"2\""])
        let asNumber = A.transaction("1", purchaseMs: Self.t0, fields: ["quantity": "2"])
        let bad = A.transaction("2", purchaseMs: Self.t0, fields: ["quantity": "\"two\""])
        let absent = A.transaction("3", purchaseMs: Self.t0, fields: ["quantity": "null"])
        let spaced = A.transaction("4", purchaseMs: Self.t0, fields: ["quantity": "\" 4 \""])
        let journal = try A.journal([A.row(1, at: Self.t0, A.answer(inApp: [asText, bad, absent, spaced], latest: [asNumber]))]).journal
        #expect(journal.anomalies(AnomalyKind.conflictingTransaction).isEmpty)
        #expect(journal.transaction("1")?.quantity == 2)
        #expect(journal.transaction("2")?.quantity == 1)
        #expect(journal.transaction("3")?.quantity == 1)
        #expect(journal.transaction("4")?.quantity == 4)
        #expect(journal.anomalies(AnomalyKind.badQuantity).map(\.transactionID) == ["2"])
    }

    @Test func refundComesFromTheLatestRecordShowingIt() throws {
        let plain = A.transaction("1", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day)
        let refundedA = A.transaction("1", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day,
                                      fields: ["cancellation_date_ms": "\"\(Self.t0 + 5 * Self.day)\"", "cancellation_reason": "\"1\""])
        let refundedB = A.transaction("1", purchaseMs: Self.t0, expiresMs: Self.t0 + 30 * Self.day,
                                      fields: ["cancellation_date_ms": "\"\(Self.t0 + 6 * Self.day)\"", "cancellation_reason": "\"0\""])
        let rows = [
            A.row(1, at: Self.t0, A.answer(inApp: [plain])),
            A.row(2, at: Self.t0 + 7 * Self.day, A.answer(inApp: [refundedA])),
            A.row(3, at: Self.t0 + 8 * Self.day, A.answer(inApp: [refundedB])),
            A.row(4, at: Self.t0 + 9 * Self.day, A.answer(inApp: [plain])),
        ]
        let t = try #require(try A.journal(rows).journal.transaction("1"))
        #expect(t.status == .refunded)
        #expect(t.cancellation == UnixMillis(Self.t0 + 6 * Self.day))
        #expect(t.cancellationReason == "0")
        #expect(t.cancellationFirstSeen == UnixMillis(Self.t0 + 7 * Self.day))
        #expect(t.gross?.formatted == "9.99")
    }

    @Test func upgradeMarkedOnlyInLatestReceiptInfoIsNotARefund() throws {
        let cancelled = ["cancellation_date_ms": "\"\(Self.t0 + Self.day)\""]
        var upgraded = cancelled
        upgraded["is_upgraded"] = "\"true\""
        let inApp = A.transaction("1", purchaseMs: Self.t0, fields: cancelled)
        let latest = A.transaction("1", purchaseMs: Self.t0, fields: upgraded)
        let onlyFlag = A.transaction("2", purchaseMs: Self.t0, fields: ["is_upgraded": "true"])
        let journal = try A.journal([A.row(1, at: Self.t0, A.answer(inApp: [inApp, onlyFlag], latest: [latest]))]).journal
        let t = try #require(journal.transaction("1"))
        #expect(t.status == .upgraded)
        #expect(!t.isRefund)
        #expect(t.cancellation == UnixMillis(Self.t0 + Self.day))
        #expect(journal.transaction("2")?.status == .sold)
    }

    @Test func sameIdInBothEnvironmentsStaysTwoTransactions() throws {
        let tx = A.transaction("1", purchaseMs: Self.t0)
        let rows = [
            A.row(1, user: "a", at: Self.t0, A.answer(environment: "Production", inApp: [tx])),
            A.row(2, user: "b", at: Self.t0 + 1, A.answer(environment: "Sandbox", inApp: [tx])),
        ]
        let journal = try A.journal(rows).journal
        #expect(journal.transactions.map(\.environment) == [.production, .sandbox])
        let both = journal.anomalies(AnomalyKind.bothEnvironments).sorted { $0.recordID < $1.recordID }
        #expect(both.map(\.recordID) == [1, 2])
        #expect(both.map(\.user) == ["a", "b"])
        #expect(journal.anomalies(AnomalyKind.sharedTransaction).isEmpty)
    }

    @Test func flagsFromAnyCopyAndOtherFieldsFromTheFirstReadable() throws {
        let inApp = A.transaction("1", purchaseMs: Self.t0, fields: ["is_trial_period": "\"false\""])
        let latest = A.transaction("1", purchaseMs: Self.t0, expiresMs: Self.t0 + Self.day,
                                   fields: ["is_trial_period": "\" TRUE \"", "in_app_ownership_type": "\"FAMILY_SHARED\""])
        let t = try #require(try A.journal([A.row(1, at: Self.t0, A.answer(inApp: [inApp], latest: [latest]))]).journal.transaction("1"))
        #expect(t.isTrialPeriod)
        #expect(t.status == .trial)
        #expect(t.expires == UnixMillis(Self.t0 + Self.day))
        #expect(t.ownershipType == "FAMILY_SHARED")
        #expect(t.gross?.formatted == "0.00")
    }

    @Test func earliestUnreadablePurchaseUsesTheFirstReadableLaterOneWithoutConflict() throws {
        let unreadable = A.transaction("1", purchaseMs: 0, fields: ["purchase_date_ms": "\"x\"", "purchase_date": "\"garbage\""])
        let readable = A.transaction("1", purchaseMs: Self.t0)
        let neverReadable = A.transaction("2", purchaseMs: 0, fields: ["purchase_date_ms": "null", "purchase_date": "\"garbage\""])
        let rows = [
            A.row(1, user: "first", at: Self.t0, A.answer(inApp: [unreadable, neverReadable])),
            A.row(2, user: "first", at: Self.t0 + 1, A.answer(inApp: [readable])),
        ]
        let journal = try A.journal(rows).journal
        #expect(journal.transaction("1")?.purchase == UnixMillis(Self.t0))
        #expect(journal.anomalies(AnomalyKind.conflictingTransaction).isEmpty)
        #expect(journal.transaction("2") == nil)
        let bad = journal.anomalies(AnomalyKind.badTimestamp)
        #expect(bad.map(\.transactionID) == ["2"])
        #expect(bad.first?.recordID == 1)
    }

    /// Thousands of entries without a usable id in one answer: each is one anomaly, read from
    /// the answer in place (no copy of the whole answer per entry).
    @Test func manyMalformedEntriesInOneAnswerAreEachReported() throws {
        let entries = (0..<3_000).map { $0 % 2 == 0 ? "{\"product_id\": \"p\($0)\"}" : "{\"transaction_id\": \"\"}" }
        let body = A.answer(inApp: entries + [A.transaction("1", purchaseMs: Self.t0)])
        let journal = try A.journal([A.row(1, at: Self.t0, body)]).journal
        let malformed = journal.anomalies(AnomalyKind.malformedTransaction)
        #expect(journal.transactions.count == 1)
        #expect(malformed.count == 3_000)
        #expect(malformed.allSatisfy { $0.transactionID == "" && $0.detail.hasSuffix("has no transaction_id") })
    }

    @Test func malformedEntriesAreSkippedWithAnAnomaly() throws {
        let body = A.answer(inApp: ["5", "{\"product_id\": \"monthly\"}", A.transaction("1", purchaseMs: Self.t0)])
        let journal = try A.journal([A.row(1, at: Self.t0, body)]).journal
        #expect(journal.transactions.count == 1)
        #expect(journal.anomalies(AnomalyKind.malformedTransaction).map(\.detail).sorted() ==
                ["in_app[0] is a JSON number", "in_app[1] has no transaction_id"])
    }

    @Test func oldStyleSingleObjectLatestReceiptInfo() throws {
        let body = """
        {"status": 21006, "receipt": {"bid": "com.x"}, "latest_receipt_info": {"transaction_id": "9", "product_id": "monthly",
         "purchase_date_ms": "1704067200000", "expires_date": "1706745600000", "expires_date_formatted": "2024-02-01 00:00:00 Etc/GMT"}}
        """
        let t = try #require(try A.journal([A.row(1, at: Self.t0, body)]).journal.transaction("9"))
        #expect(t.expires == UnixMillis(1_706_745_600_000))
        #expect(t.status == .sold)
    }
}
