import Testing
@testable import ReceiptLedger

/// SPEC §3 and §8 "Records": what happens to each kind of record, and that counts balance.
@Suite struct RecordOutcomeTests {
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    let tx = AnswerBuilder.transaction("1000", purchaseMs: t0)

    @Test(arguments: [
        ("{\"status\": 21002}", "status_21002", "malformed receipt data"),
        ("{\"status\": 2, \"receipt\": {}}", "status_2", "Unknown status"),
        ("{\"status\": 21199}", "status_21199", "internal error"),
        ("{\"status\": \"abc\"}", "bad_status", "status is not an integer: \"abc\""),
        ("{\"status\": 0.0}", "bad_status", "status is not an integer: 0.0"),
        // A container by its kind, a text in JSON's shortest spelling: as any parser reads them.
        ("{\"status\": {\"b\": 1,  \"a\": [2]}}", "bad_status", "status is not an integer: a JSON object"),
        ("{\"status\": [1, 2]}", "bad_status", "status is not an integer: a JSON array"),
        ("{\"status\": \"a\\u0062\\/\\u0001\"}", "bad_status", "status is not an integer: \"ab/\\u0001\""),
        ("{\"status\": -0}", "missing_receipt", "status 0 without a receipt object"),
        // SPEC §9: an object of no known kind; one with `receipt` but no `status` is missing_status.
        ("{\"environment\": \"Sandbox\"}", "unknown_format", "the response is no kind of record Apple sends (top-level keys: environment)"),
        ("{\"environment\": \"Sandbox\", \"b\": 1, \"environment\": 2}", "unknown_format",
         "the response is no kind of record Apple sends (top-level keys: b, environment)"),
        ("{\"receipt\": {}}", "missing_status", "the response has no status"),
        ("{\"status\": null}", "missing_status", "the response has no status"),
        ("[]", "not_an_object", "the response is a JSON array"),
        ("   ", "empty_response", "the response is NULL or blank"),
        ("{\"status\": 0}", "missing_receipt", "status 0 without a receipt object"),
        ("{\"status\": 21006, \"receipt\": \"x\"}", "missing_receipt", "status 21006 without a receipt object"),
        ("{\"status\": 0, \"receipt\": {\"in_app\": \"x\"}}", "malformed_receipt", "receipt.in_app is a JSON string"),
        ("{\"status\": 0, \"receipt\": {\"in_app\": {\"transaction_id\": \"1\"}}}", "malformed_receipt", "receipt.in_app is a JSON object"),
        ("{\"status\": 0, \"receipt\": {}, \"latest_receipt_info\": 5}", "malformed_receipt", "latest_receipt_info is a JSON number"),
    ])
    func rejectedBodies(body: String, reason: String, detail: String) throws {
        let row = AnswerBuilder.row(7, at: Self.t0, body)
        let reference = try JournalPipeline.reference(reader: ResponseReader(), catalog: AnswerBuilder.catalog).run(source: ArrayRecordSource([row]))
        #expect(reference.journal.rejected.first?.detail == detail)
        let result = try AnswerBuilder.journal([row])
        #expect(result.journal.rejected.count == 1)
        #expect(result.journal.rejected.first?.reason.code == reason)
        #expect(result.journal.rejected.first?.detail == detail)
        #expect(result.journal.rejected.first?.recordID == "7")
        #expect(result.journal.counts == RecordCounts(read: 1, accepted: 0, redirected: 0, rejected: 1,
                                                      statusCounts: result.journal.counts.statusCounts))
    }

    @Test func invalidJSONIsRejectedWithItsOffset() throws {
        let result = try AnswerBuilder.journal([AnswerBuilder.row(1, at: Self.t0, "{\"status\": 0,")])
        #expect(result.journal.rejected.first?.reason.code == "invalid_json")
        #expect(result.journal.counts.isBalanced)
    }

    @Test func nullResponseIsEmpty() throws {
        let row = ArrayRecordSource.Row(id: .integer(1), userID: .text("u"), verifiedAt: .integer(Self.t0), response: .null)
        let result = try AnswerBuilder.journal([row])
        #expect(result.journal.rejected.first?.reason.code == "empty_response")
    }

    @Test func statusAsDigitStringIsAccepted() throws {
        let body = AnswerBuilder.answer(status: "\"21006\"", inApp: [tx])
        let result = try AnswerBuilder.journal([AnswerBuilder.row(1, at: Self.t0, body)])
        #expect(result.journal.counts.accepted == 1)
        #expect(result.journal.transactions.count == 1)
    }

    @Test func redirectedRecordsAreCountedAndChecked() throws {
        let rows = [
            AnswerBuilder.row(1, at: Self.t0, claimed: "Production", "{\"status\": 21007}"),
            AnswerBuilder.row(2, at: Self.t0 + 1, claimed: "Sandbox", "{\"status\": \"21008\"}"),
        ]
        let journal = try AnswerBuilder.journal(rows).journal
        #expect(journal.counts == RecordCounts(read: 2, accepted: 0, redirected: 2, rejected: 0, statusCounts: [21007: 1, 21008: 1]))
        #expect(journal.environmentChecks.map(\.findings) == [[.status21007], [.status21008]])
        #expect(journal.environmentChecks.map(\.environment) == [.sandbox, .production])
    }

    @Test func rowChecksComeBeforeTheBody() throws {
        let rows = [
            ArrayRecordSource.Row(id: .integer(1), userID: .text("u"), verifiedAt: .text("yesterday"), response: .bytes(Array("{\"status\": 21007}".utf8))),
            ArrayRecordSource.Row(id: .text("x"), userID: .text("u"), verifiedAt: .integer(Self.t0), response: .null),
            ArrayRecordSource.Row(id: .integer(3), userID: .null, verifiedAt: .integer(Self.t0), response: .null),
            ArrayRecordSource.Row(id: .integer(4), userID: .text(""), verifiedAt: .integer(Self.t0), response: .null),
            ArrayRecordSource.Row(id: .integer(5), userID: .integer(9), verifiedAt: .integer(Self.t0), response: .null),
        ]
        let journal = try AnswerBuilder.journal(rows).journal
        let reasons = journal.rejected.map { "\($0.recordID):\($0.reason.code)" }.sorted()
        #expect(reasons == ["1:bad_verified_at", "3:bad_user_id", "4:bad_user_id", "5:bad_user_id", ":bad_id"])
        #expect(journal.rejected.first { $0.recordID == "5" }?.user == "9")  // a non-text user is shown as its text
        #expect(journal.counts.redirected == 0)
        #expect(journal.counts.isBalanced)
    }

    @Test func duplicateIdRejectsTheLaterRecordInOrder() throws {
        let body = AnswerBuilder.answer(inApp: [tx])
        let rows = [AnswerBuilder.row(9, user: "late", at: Self.t0 + 5000, body), AnswerBuilder.row(9, user: "early", at: Self.t0, body)]
        let journal = try AnswerBuilder.journal(rows).journal
        #expect(journal.rejected.map(\.reason.code) == ["duplicate_id"])
        #expect(journal.rejected.first?.user == "late")
        #expect(journal.transaction("1000")?.userName == "early")
    }

    @Test func foreignBundleIsRejectedOnlyWithBundleIDs() throws {
        let body = AnswerBuilder.answer(bundleID: "com.other", inApp: [tx])
        let rows = [AnswerBuilder.row(1, at: Self.t0, body)]
        #expect(try AnswerBuilder.journal(rows).journal.counts.accepted == 1)
        let journal = try AnswerBuilder.journal(rows, bundleIDs: ["com.example.app"]).journal
        #expect(journal.rejected.map(\.reason.code) == ["foreign_bundle"])
        let noBundle = "{\"status\": 0, \"receipt\": {\"in_app\": []}}"
        #expect(try AnswerBuilder.journal([AnswerBuilder.row(1, at: Self.t0, noBundle)], bundleIDs: ["com.example.app"]).journal.counts.accepted == 1)
    }

    @Test func environmentComesFromTheAnswer() throws {
        let rows = [
            AnswerBuilder.row(1, at: Self.t0, claimed: "production", AnswerBuilder.answer(environment: "Sandbox", inApp: [tx])),
            AnswerBuilder.row(2, at: Self.t0, claimed: " PRODUCTION ", AnswerBuilder.answer(environment: nil, inApp: [],
                                                                                          receiptFields: "\"receipt_type\": \"ProductionSandbox\"")),
            AnswerBuilder.row(3, at: Self.t0, claimed: "", AnswerBuilder.answer(environment: nil, inApp: [])),
            AnswerBuilder.row(4, at: Self.t0, claimed: "Sandbox", AnswerBuilder.answer(environment: "PROD", inApp: [],
                                                                                      receiptFields: "\"receipt_type\": \"Production\"")),
            AnswerBuilder.row(5, at: Self.t0, claimed: "sandbox", AnswerBuilder.answer(environment: " sandbox", inApp: [])),
        ]
        let journal = try AnswerBuilder.journal(rows).journal
        let checks = journal.environmentChecks.sorted { $0.recordID < $1.recordID }
        #expect(checks.map(\.recordID) == [1, 2, 3, 4])
        #expect(checks.map { $0.findingText } == ["environment_mismatch", "environment_mismatch", "environment_inferred", "environment_mismatch"])
        #expect(checks.map(\.environment) == [.sandbox, .sandbox, .production, .production])
        #expect(journal.transaction("1000", .sandbox) != nil)
    }
}
