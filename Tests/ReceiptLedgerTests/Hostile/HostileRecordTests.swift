import Foundation
import Testing
@testable import ReceiptLedger

/// ISSUE "hostile input", part 1: each malformed record ends in a known outcome (a reason in
/// `rejected.csv`, an anomaly, or a booking) and the counts balance. Run through the whole
/// pipeline in memory, then through every report file (`ReportInvariants`).
@Suite struct HostileRecordTests {
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let coins = "com.example.demoapp.coins_100"

    /// The journal of `bodies` (one record each, ids from 1) after the full report check.
    func journal(_ bodies: [[UInt8]], user: FuzzCase.Field = .text("u1")) throws -> Journal {
        let rows = bodies.enumerated().map { index, body in
            FuzzCase.Row(id: .integer(Int64(index + 1)), user: user, verifiedAt: .integer(Self.t0 + Int64(index)),
                         claimed: .null, response: Data(body))
        }
        let input = FuzzCase(rows: rows)
        let outcome = try ReportInvariants.check(input)
        #expect(outcome.counts.read == bodies.count)
        #expect(outcome.counts.isBalanced)
        return try AnswerBuilder.journal(input.recordSource.rows, catalog: HostileSupport.catalog).journal
    }

    func journal(_ bodies: [String]) throws -> Journal {
        try journal(bodies.map { Array($0.utf8) })
    }

    func tx(_ id: String = "1000", _ fields: [String: String] = [:]) -> String {
        AnswerBuilder.transaction(id, product: Self.coins, purchaseMs: Self.t0, fields: fields)
    }

    // MARK: - Parser limits

    @Test func hundredThousandNestedBracketsAreRejectedNotRecursed() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let inside = "{\"status\": 0, \"receipt\": {\"in_app\": \(deep)}}"
        let open = String(repeating: "[", count: 100_000)
        let journal = try journal([deep, inside, open])
        #expect(journal.rejected.map(\.reason.code) == ["invalid_json", "invalid_json", "invalid_json"])
        #expect(journal.rejected.allSatisfy { $0.detail.hasPrefix("nesting deeper than 512") })
    }

    @Test func invalidUTF8InAStringRejectsTheRecord() throws {
        var body = Array("{\"status\": 0, \"receipt\": {\"in_app\": [{\"transaction_id\": \"1".utf8)
        body += [0xC3, 0x28]  // a lead byte without its continuation
        body += Array("\"}]}}".utf8)
        let overlong = Array("{\"status\": 0, \"x\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)
        let surrogate = Array("{\"status\": 0, \"x\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8)
        let journal = try journal([body, overlong, surrogate])
        #expect(journal.rejected.map(\.reason.code) == ["invalid_json", "invalid_json", "invalid_json"])
        #expect(journal.rejected.allSatisfy { $0.detail.hasPrefix("invalid UTF-8") })
    }

    @Test func rawNULIsInvalidJSONButAnEscapedNULIsKeptExactly() throws {
        let raw = Array("{\"status\": 0, \"receipt\": {\"in_app\": [{\"transaction_id\": \"a".utf8) + [0] + Array("b\"}]}}".utf8)
        let escaped = AnswerBuilder.answer(inApp: [tx("a\\u0000b"), tx("ab")])
        let journal = try journal([raw, Array(escaped.utf8)])
        #expect(journal.rejected.map(\.reason.code) == ["invalid_json"])
        // Two different transactions: the NUL is part of the id, byte for byte.
        #expect(journal.transactions.map { Array($0.transactionID.utf8) } == [[0x61, 0x00, 0x62], [0x61, 0x62]])
    }

    @Test func tenMegabyteStringsAreBookedWholeAndWrittenGuarded() throws {
        let big = String(repeating: "=", count: 10_000_000)
        let body = AnswerBuilder.answer(inApp: [tx(big, ["product_id": "\"\(big)\""])])
        let journal = try AnswerBuilder.journal([AnswerBuilder.row(1, at: Self.t0, body)], catalog: HostileSupport.catalog).journal
        #expect(journal.counts == RecordCounts(read: 1, accepted: 1, redirected: 0, rejected: 0, statusCounts: [0: 1]))
        #expect(journal.transactions.first?.transactionID.utf8.count == 10_000_000)
        #expect(journal.anomalies(AnomalyKind.unpricedProduct).count == 1)
        let table = TransactionsFile.cellTable(journal.transactions, placement: LedgerPlacement(periods: PeriodCalendar(unit: .month), refunds: .refundPeriod))
        let csv = table.serialized()
        #expect(ReportInvariants.csvViolations(TransactionsFile.name, csv, table).isEmpty)
        #expect(csv.count > 30_000_000)
    }

    @Test func millionElementInAppOfNumbersIsOneAcceptedRecordWithMillionFindings() throws {
        let numbers = Array(repeating: "1", count: 1_000_000).joined(separator: ",")
        let body = "{\"status\": 0, \"environment\": \"Production\", \"receipt\": {\"in_app\": [\(numbers)]}}"
        let journal = try AnswerBuilder.journal([AnswerBuilder.row(1, at: Self.t0, body)]).journal
        #expect(journal.counts == RecordCounts(read: 1, accepted: 1, redirected: 0, rejected: 0, statusCounts: [0: 1]))
        #expect(journal.transactions.isEmpty)
        let malformed = journal.anomalies(AnomalyKind.malformedTransaction)
        #expect(malformed.count == 1_000_000)
        #expect(malformed.last?.detail == "in_app[999999] is a JSON number")
    }

    // MARK: - Numbers and instants

    @Test func millisecondsBeyondInt64FallThroughToTheNextForm() throws {
        let withText = tx("1", ["purchase_date_ms": "\"99999999999999999999\""])
        let alone = "{\"transaction_id\": \"2\", \"product_id\": \"\(Self.coins)\", \"purchase_date_ms\": \"99999999999999999999\"}"
        let number = "{\"transaction_id\": \"3\", \"product_id\": \"\(Self.coins)\", \"purchase_date_ms\": 99999999999999999999}"
        let journal = try journal([AnswerBuilder.answer(inApp: [withText, alone, number])])
        #expect(journal.transactions.map(\.transactionID) == ["1"])
        #expect(journal.transaction("1")?.purchase == UnixMillis(Self.t0))
        #expect(journal.anomalies(AnomalyKind.badTimestamp).map(\.transactionID).sorted() == ["2", "3"])
    }

    @Test func exponentMillisecondsAreIgnoredAsNotAnInteger() throws {
        let withText = tx("1", ["purchase_date_ms": "1e400"])
        let alone = "{\"transaction_id\": \"2\", \"product_id\": \"\(Self.coins)\", \"purchase_date_ms\": 1e400}"
        let journal = try journal([AnswerBuilder.answer(inApp: [withText, alone])])
        #expect(journal.transaction("1")?.purchase == UnixMillis(Self.t0))
        #expect(journal.anomalies(AnomalyKind.timestampMismatch).isEmpty)
        #expect(journal.transaction("2") == nil)
        #expect(journal.anomalies(AnomalyKind.badTimestamp).map(\.detail) == ["purchase_date: cannot be read in any record; not booked"])
    }

    @Test func negativeMillisecondIsReadableAndYear9999IsNot() throws {
        let minusOne = "{\"transaction_id\": \"1\", \"product_id\": \"\(Self.coins)\", \"purchase_date_ms\": \"-1\", \"purchase_date_ms\": -1}"
        let year9999 = "{\"transaction_id\": \"2\", \"product_id\": \"\(Self.coins)\", \"purchase_date_ms\": \"253370764800000\"}"
        let text9999 = "{\"transaction_id\": \"3\", \"product_id\": \"\(Self.coins)\", \"purchase_date\": \"9999-06-01 00:00:00 Etc/GMT\"}"
        let journal = try journal([AnswerBuilder.answer(inApp: [minusOne, year9999, text9999])])
        #expect(journal.transaction("1")?.purchase.iso8601 == "1969-12-31T23:59:59.999Z")
        #expect(journal.transaction("2") == nil)
        #expect(journal.transaction("3") == nil)
        #expect(journal.anomalies(AnomalyKind.badTimestamp).map(\.transactionID).sorted() == ["2", "3"])
    }

    @Test func verifiedAtOutOfRangeRejectsTheRecord() throws {
        let rows = [
            ArrayRecordSource.Row(id: .integer(1), userID: .text("u"), verifiedAt: .integer(-9_000_000_000_000_000), response: .bytes(Array("{}".utf8))),
            ArrayRecordSource.Row(id: .integer(2), userID: .text("u"), verifiedAt: .text("9999-12-31T23:59:59Z"), response: .bytes(Array("{}".utf8))),
            ArrayRecordSource.Row(id: .integer(3), userID: .text("u"), verifiedAt: .real(.infinity), response: .bytes(Array("{}".utf8))),
        ]
        let journal = try AnswerBuilder.journal(rows).journal
        #expect(journal.rejected.map(\.reason.code) == ["bad_verified_at", "bad_verified_at", "bad_verified_at"])
        #expect(journal.counts.isBalanced)
    }

    @Test func absurdQuantityIsBadAndOneIsUsed() throws {
        let max = tx("1", ["quantity": "\"9223372036854775807\""])
        let million = tx("2", ["quantity": "1000000"])
        let overMillion = tx("3", ["quantity": "1000001"])
        let journal = try journal([AnswerBuilder.answer(inApp: [max, million, overMillion])])
        #expect(journal.transactions.map(\.quantity) == [1, 1_000_000, 1])
        #expect(journal.anomalies(AnomalyKind.badQuantity).map(\.transactionID) == ["1", "3"])
    }

    // MARK: - Keys and types

    @Test func duplicateKeysTakeTheLastValue() throws {
        let body = "{\"status\": 21007, \"environment\": \"Production\", \"status\": 0, \"environment\": \"Sandbox\", "
            + "\"receipt\": {\"in_app\": [{\"transaction_id\": \"x\", \"transaction_id\": \"1\", \"product_id\": \"\(Self.coins)\", "
            + "\"purchase_date_ms\": \"1\", \"purchase_date_ms\": \"\(Self.t0)\"}]}}"
        let journal = try journal([body])
        #expect(journal.counts.accepted == 1)
        #expect(journal.transactions.map(\.transactionID) == ["1"])
        #expect(journal.transactions.first?.environment == .sandbox)
        #expect(journal.transactions.first?.purchase == UnixMillis(Self.t0))
    }

    @Test(arguments: [
        ("{\"status\": [0]}", "bad_status"),
        ("{\"status\": {\"code\": 0}}", "bad_status"),
        ("{\"status\": true}", "bad_status"),
        ("{\"status\": \"0 \"}", "bad_status"),
        ("{\"status\": 0, \"receipt\": \"MIIT...\"}", "missing_receipt"),
        ("{\"status\": 0, \"receipt\": [{}]}", "missing_receipt"),
        ("{\"status\": 0, \"receipt\": {\"in_app\": 5}}", "malformed_receipt"),
        ("{\"status\": 0, \"receipt\": {\"in_app\": \"[]\"}}", "malformed_receipt"),
        ("{\"status\": 0, \"receipt\": {}, \"latest_receipt_info\": true}", "malformed_receipt"),
        ("5", "not_an_object"),
        ("\"{\\\"status\\\": 0}\"", "invalid_jws"),  // SPEC §9: a JSON string is read as a JWS
        ("null", "not_an_object"),
        ("", "empty_response"),
        ("{\"status\": 0", "invalid_json"),
        ("{\"status\": 0}}", "invalid_json"),
        ("{\"status\": 0}\u{0}", "invalid_json"),
    ])
    func wrongTypesRejectTheRecordWithAReason(body: String, reason: String) throws {
        let journal = try journal([body])
        #expect(journal.rejected.map(\.reason.code) == [reason])
    }

    @Test func wrongTypesInsideTransactionsAreFindingsNotCrashes() throws {
        let entries = [
            "\"1000\"", "17", "null", "[]",
            "{\"transaction_id\": {\"id\": 1}, \"product_id\": \"\(Self.coins)\"}",
            "{\"transaction_id\": \"\"}",
            tx("q", ["quantity": "{\"n\": 2}"]),
            tx("d", ["purchase_date_ms": "true", "purchase_date": "false", "purchase_date_pst": "[]"]),
            tx("e", ["expires_date_ms": "{}", "expires_date": "true", "cancellation_date": "[1]", "cancellation_reason": "{}"]),
            tx("f", ["is_trial_period": "[true]", "in_app_ownership_type": "7", "is_upgraded": "{}", "product_id": "[]"]),
            tx("n", ["transaction_id": "123456789012345678901234567890"]),
        ]
        let body = "{\"status\": 0, \"environment\": 5, \"receipt\": {\"receipt_type\": [], \"in_app\": [\(entries.joined(separator: ","))]}}"
        let journal = try journal([body])
        #expect(journal.counts.accepted == 1)
        #expect(journal.anomalies(AnomalyKind.malformedTransaction).count == 6)
        #expect(journal.anomalies(AnomalyKind.badQuantity).map(\.transactionID) == ["q"])
        #expect(journal.transaction("q")?.quantity == 1)
        #expect(journal.transaction("d") == nil)
        #expect(journal.anomalies(AnomalyKind.badTimestamp).contains { $0.transactionID == "d" })
        #expect(journal.transaction("e")?.cancellation == nil)
        #expect(journal.transaction("e")?.expires == nil)
        #expect(journal.transaction("f")?.ownershipType == "PURCHASED")  // not text: as if absent (DECISIONS.md)
        #expect(journal.transaction("f")?.productID == "")
        #expect(journal.transaction("123456789012345678901234567890") != nil)
        // environment 5 is not an environment and receipt_type [] is not text: inferred Production.
        #expect(journal.environmentChecks.map(\.findings) == [[.environmentInferred]])
    }

    @Test func nullAndNonTextUsersAreRejected() throws {
        let body = Array(HostileSupport.answer().utf8)
        let rows = [
            ArrayRecordSource.Row(id: .integer(1), userID: .null, verifiedAt: .integer(Self.t0), response: .bytes(body)),
            ArrayRecordSource.Row(id: .integer(2), userID: .integer(7), verifiedAt: .integer(Self.t0), response: .bytes(body)),
            ArrayRecordSource.Row(id: .integer(3), userID: .other("blob"), verifiedAt: .integer(Self.t0), response: .bytes(body)),
            ArrayRecordSource.Row(id: .integer(4), userID: .text(""), verifiedAt: .integer(Self.t0), response: .bytes(body)),
        ]
        let journal = try AnswerBuilder.journal(rows).journal
        #expect(journal.rejected.map(\.reason.code) == ["bad_user_id", "bad_user_id", "bad_user_id", "bad_user_id"])
        #expect(journal.rejected.map(\.detail) == ["user_id is missing", "user_id is not text: 7", "user_id is not text: blob", "user_id is empty"])
        #expect(journal.counts.isBalanced)
    }
}
