import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// SPEC §7 `reconciliation.csv` and §8 "Orders", "Reconciliation rows".
@Suite struct ReconciliationTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    static let day: Int64 = 86_400_000
    static let hour: Int64 = 3_600_000

    func order(_ id: String, user: String = "u", tx: String, delivered: Int64? = t0, revoked: Int64? = nil) -> Order {
        Order(orderID: .text(id), userID: .text(user), productID: .text("monthly"), transactionID: .text(tx),
              deliveredAt: delivered.map { .integer($0) } ?? .null, revokedAt: revoked.map { .integer($0) } ?? .null)
    }

    func reconcile(_ orders: [Order], asOf: Int64 = t0 + 10 * day, grace: GraceHours = 24) throws -> [String] {
        let cancel = "\"\(Self.t0 + Self.day)\""
        let rows = [
            A.row(1, user: "u", at: Self.t0, A.answer(inApp: [
                A.transaction("refunded", purchaseMs: Self.t0, fields: ["cancellation_date_ms": cancel]),
                A.transaction("sold", purchaseMs: Self.t0),
                A.transaction("unpaid", purchaseMs: Self.t0),
                A.transaction("family", purchaseMs: Self.t0, fields: ["cancellation_date_ms": cancel, "in_app_ownership_type": "\"FAMILY_SHARED\""]),
                A.transaction("undated", purchaseMs: 0, fields: ["purchase_date_ms": "null", "purchase_date": "\"bad\""]),
            ])),
            A.row(2, user: "u", at: Self.t0, A.answer(environment: "Sandbox", inApp: [A.transaction("sandboxed", purchaseMs: Self.t0),
                                                                                 A.transaction("undated", purchaseMs: Self.t0)])),
        ]
        let journal = try A.journal(rows).journal
        let reconciliation = Reconciliation(orders: orders, journal: journal, knownTransactionIDs: journal.heldTransactionIDs,
                                            asOf: UnixMillis(asOf), graceHours: grace)
        return String(decoding: ReconciliationFile.table(reconciliation).serialized(), as: UTF8.self)
            .split(separator: "\n").dropFirst().map(String.init)
    }

    /// SPEC §8 Revision 2: `--revoke-grace-hours` takes a decimal number of hours.
    @Test func halfAnHourOfGraceJudgesARevocationFortyMinutesLateAsALeak() throws {
        let late = Self.t0 + Self.day + 40 * 60_000
        let order = order("10", tx: "refunded", revoked: late)
        let unrelated = [
            "transaction_without_order,,Production,sold,u,monthly,USD,9.99,,,,,\"paid, never delivered\"",
            "transaction_without_order,,Production,unpaid,u,monthly,USD,9.99,,,,,\"paid, never delivered\"",
        ]
        #expect(try reconcile([order], grace: 1) == unrelated)
        let lines = try reconcile([order], grace: try #require(GraceHours(parsing: "0.5")))
        #expect(lines.dropFirst() == unrelated[...])
        #expect(lines.first == "refund_not_revoked,10,Production,refunded,u,monthly,USD,9.99,2024-01-02T00:00:00.000Z,2024-01-01T00:00:00.000Z,2024-01-02T00:40:00.000Z,0.03,revoked more than 0.5 h after the refund")
    }

    /// SPEC §8 Revision 2: `duplicate_delivery` for every non-empty id, held by an accepted
    /// record or not (held but never booked: empty environment, currency and amount).
    @Test func aSecondOrderOfAnIdNoBookedTransactionAnswersIsADuplicateDelivery() throws {
        let lines = try reconcile([
            order("20", tx: "ghost"), order("21", tx: "ghost", delivered: Self.t0 + Self.hour),
            order("22", tx: "undated"), order("23", tx: "undated", delivered: Self.t0 + Self.hour),
            order("24", tx: ""), order("25", tx: ""),
        ])
        #expect(lines.filter { $0.hasPrefix("duplicate_delivery") } == [
            "duplicate_delivery,21,,ghost,u,monthly,,,,2024-01-01T01:00:00.000Z,,,already delivered by order 20",
            "duplicate_delivery,23,,undated,u,monthly,,,,2024-01-01T01:00:00.000Z,,,already delivered by order 22",
        ])
        #expect(lines.filter { $0.hasPrefix("delivered_without_transaction") }.count == 4)
    }

    @Test(arguments: [("24", "24", 86_400_000), ("0.5", "0.5", 1_800_000), ("0.50", "0.50", 1_800_000), ("024", "24", 86_400_000),
                      ("0", "0", 0), ("0.0000001", "0.0000001", 0), ("0.0000002", "0.0000002", 1), ("87600", "87600", 315_360_000_000)])
    func graceHoursAreReadExactly(raw: String, text: String, milliseconds: Int64) throws {
        let grace = try #require(GraceHours(parsing: raw))
        #expect(grace.text == text)
        #expect(grace.milliseconds == milliseconds)
    }

    @Test(arguments: ["-1", "1e3", "0,5", "", "87600.1", "abc", ".5"])
    func graceHoursRefuseWhatIsNotAnHourCount(raw: String) {
        #expect(GraceHours(parsing: raw) == nil)
    }

    @Test func everyFinding() throws {
        let lines = try reconcile([
            order("10", tx: "refunded"),                                          // never revoked: leak 9 days
            order("11", tx: "refunded", revoked: Self.t0 + Self.day + 24 * Self.hour),  // within grace
            order("12", tx: "refunded", revoked: Self.t0 + 3 * Self.day),         // too late: 2 days
            order("2", user: "v", tx: "sold"),                                    // user mismatch
            order("3", tx: "sandboxed"),
            order("4", tx: "ghost"),
            order("5", tx: "sold", delivered: Self.t0 + Self.hour),               // duplicate of order 2
            order("6", tx: "family"),                                             // family-shared refund leaks 0.00
            order("7", tx: "undated"),                                            // production copy never booked: nothing,
                                                                                  // even though a sandbox one is
            order("-3", tx: "ghost"),
            order("x", tx: ""),
        ])
        #expect(lines == [
            "delivered_on_sandbox,3,Sandbox,sandboxed,u,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,,,the transaction exists only in Sandbox records",
            "delivered_without_transaction,'-3,,ghost,u,monthly,,,,2024-01-01T00:00:00.000Z,,,no accepted record holds this transaction",
            "delivered_without_transaction,4,,ghost,u,monthly,,,,2024-01-01T00:00:00.000Z,,,no accepted record holds this transaction",
            "delivered_without_transaction,x,,,u,monthly,,,,2024-01-01T00:00:00.000Z,,,the order names no transaction",
            // SPEC §8 Revision 2: judged for an id no accepted record holds too.
            "duplicate_delivery,4,,ghost,u,monthly,,,,2024-01-01T00:00:00.000Z,,,already delivered by order -3",
            "duplicate_delivery,5,Production,sold,u,monthly,USD,9.99,,2024-01-01T01:00:00.000Z,,,already delivered by order 2",
            "duplicate_delivery,11,Production,refunded,u,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,2024-01-03T00:00:00.000Z,,already delivered by order 10",
            "duplicate_delivery,12,Production,refunded,u,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,2024-01-04T00:00:00.000Z,,already delivered by order 10",
            "order_user_mismatch,2,Production,sold,v,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,,,order user v vs transaction owner u",
            "refund_not_revoked,6,Production,family,u,monthly,USD,0.00,2024-01-02T00:00:00.000Z,2024-01-01T00:00:00.000Z,,9.00,refunded but never revoked",
            "refund_not_revoked,10,Production,refunded,u,monthly,USD,9.99,2024-01-02T00:00:00.000Z,2024-01-01T00:00:00.000Z,,9.00,refunded but never revoked",
            "refund_not_revoked,12,Production,refunded,u,monthly,USD,9.99,2024-01-02T00:00:00.000Z,2024-01-01T00:00:00.000Z,2024-01-04T00:00:00.000Z,2.00,revoked more than 24 h after the refund",
            "transaction_without_order,,Production,unpaid,u,monthly,USD,9.99,,,,,\"paid, never delivered\"",
        ])
    }

    /// Issue 21: a non-empty `delivered_at` / `revoked_at` that is no timestamp is a finding of its
    /// own, written as its trimmed text (SPEC §8 Revision 2); the order is still judged as SPEC
    /// says (an unreadable revocation counts as none), and the leak row says why.
    @Test func unreadableDeliveryAndRevocationTimesAreFindings() throws {
        func order(_ id: String, tx: String, delivered: FieldValue = .integer(Self.t0), revoked: FieldValue) -> Order {
            Order(orderID: .text(id), userID: .text("u"), productID: .text("monthly"), transactionID: .text(tx),
                  deliveredAt: delivered, revokedAt: revoked)
        }
        let lines = try reconcile([
            order("20", tx: "refunded", revoked: .text(" 2024-13-45\t")),
            order("21", tx: "sold", delivered: .text(" yesterday "), revoked: .text("  ")),
            order("22", tx: "ghost", revoked: .text("=1+1")),
            order("23", tx: "undated", delivered: .integer(99_999_999_999_999_999), revoked: .null),
            order("24", tx: "sandboxed", revoked: .real(1.5)),
        ])
        #expect(lines == [
            "bad_delivered_at,21,Production,sold,u,monthly,USD,9.99,,yesterday,,,delivered_at could not be read as a timestamp; the delivery is counted at an unknown time",
            "bad_delivered_at,23,,undated,u,monthly,,,,99999999999999999,,,delivered_at could not be read as a timestamp; the delivery is counted at an unknown time",
            "bad_revoked_at,20,Production,refunded,u,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,2024-13-45,,revoked_at could not be read as a timestamp; the order is treated as not revoked",
            "bad_revoked_at,22,,ghost,u,monthly,,,,2024-01-01T00:00:00.000Z,'=1+1,,revoked_at could not be read as a timestamp; the order is treated as not revoked",
            "bad_revoked_at,24,Sandbox,sandboxed,u,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,1.5,,revoked_at could not be read as a timestamp; the order is treated as not revoked",
            "delivered_on_sandbox,24,Sandbox,sandboxed,u,monthly,USD,9.99,,2024-01-01T00:00:00.000Z,1.5,,the transaction exists only in Sandbox records",
            "delivered_without_transaction,22,,ghost,u,monthly,,,,2024-01-01T00:00:00.000Z,'=1+1,,no accepted record holds this transaction",
            "refund_not_revoked,20,Production,refunded,u,monthly,USD,9.99,2024-01-02T00:00:00.000Z,2024-01-01T00:00:00.000Z,2024-13-45,9.00,"
                + "refunded; the unreadable revoked_at counts as never revoked",
            "transaction_without_order,,Production,unpaid,u,monthly,USD,9.99,,,,,\"paid, never delivered\"",
        ])
    }

    /// Through `run --orders FILE.csv`: the texts come trimmed from the file into `reconciliation.csv`.
    @Test func anUnreadableRevocationInAnOrdersFileIsWrittenAsItsText() throws {
        let folder = try HostileSupport.temporaryFolder("reconciliation")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = folder + "/records.ndjson", orders = folder + "/orders.csv", out = folder + "/out"
        try (HostileSupport.line(id: "1", response: HostileSupport.answer("1000")) + "\n").write(toFile: records, atomically: true, encoding: .utf8)
        try "order_id,user_id,product_id,transaction_id,delivered_at,revoked_at\n1,u,p,1000,1704067200000, 2024-02-30 \n2,u,p,1000,\" soon\",\n"
            .write(toFile: orders, atomically: true, encoding: .utf8)
        let result = CommandLineTool.outcome(["run", "--ndjson", records, "--orders", orders, "--out", out, "--templates", HostileSupport.templatesPath])
        #expect(result.code == 0)
        let lines = try String(contentsOfFile: out + "/reconciliation.csv", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("bad_") }.map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(11).joined(separator: ",") } == [
            "bad_delivered_at,2,Production,1000,u,p,,0,,soon,",
            "bad_revoked_at,1,Production,1000,u,p,,0,,2024-01-01T00:00:00.000Z,2024-02-30",
        ])
    }

    /// The findings page lists every reconciliation finding that occurs with what it means; the
    /// refunds page marks a leak whose revocation could not be read and says why it may be none.
    @Test func pagesExplainUnreadableOrderTimes() throws {
        var data = try ReportFixture.reportData()
        let orders = [
            Order(orderID: .text("o1"), userID: .text(ReportFixture.titleUser), productID: .text("p"), transactionID: .text("t2"),
                  deliveredAt: .text("2025-01-11T00:00:00Z"), revokedAt: .text("2025-01-14 noon")),
            Order(orderID: .text("o2"), userID: .text(ReportFixture.titleUser), productID: .text("p"), transactionID: .text("t3"),
                  deliveredAt: .text("someday"), revokedAt: .text("2025-01-13T00:00:00Z")),
        ]
        data.reconciliation = Reconciliation(orders: orders, journal: data.journal, knownTransactionIDs: data.journal.heldTransactionIDs,
                                             asOf: data.asOf, graceHours: 24)
        let findings = TemplateValue.object(FindingsPage.context(data))
        #expect(findings["has_orders"]?.flag == true)
        let listed = try #require(findings["order_findings"]).elements
        #expect(listed.map { $0["name"]?.text } == ["bad_delivered_at", "bad_revoked_at", "refund_not_revoked", "transaction_without_order"])
        #expect(listed.map { $0["count"]?.text } == ["1", "1", "1", "2"])  // t5 and t6 sold, no order
        #expect(listed[1]["explanation"]?.text == Reconciliation.Finding.badRevokedAt.explanation)

        let pages = try ReportFixture.pages(data)
        let findingsPage = try #require(pages["findings.html"])
        #expect(findingsPage.contains("<h2>Orders against transactions</h2>"))
        #expect(findingsPage.contains("<tr><td class=\"code\">bad_revoked_at</td><td class=\"num\">1</td><td>"
                                      + "<a href=\"glossary.html#finding-bad_revoked_at\">Unreadable revocation time</a>: The order&#39;s revoked_at could not "
                                      + "be read as a timestamp; it is shown as written, and the order counts as not revoked, so a refund on it is "
                                      + "listed as refund_not_revoked: check the order before treating that as a leak.</td>"
                                      + "<td>A refund on the order is listed as leakage: check it first.</td></tr>"))
        #expect(findingsPage.contains("<tr><td class=\"code\">bad_delivered_at</td><td class=\"num\">1</td><td>"
                                      + "<a href=\"glossary.html#finding-bad_delivered_at\">Unreadable delivery time</a>: The order&#39;s delivered_at could not"))
        let refunds = try #require(pages["refunds.html"])
        #expect(refunds.contains("<tr><td class=\"code\">o1 <span class=\"badge warn\">revoked_at unreadable</span></td><td class=\"code\">t2</td>"))
        #expect(refunds.contains("<span class=\"badge warn\">unreadable revocations</span> 1 order has a <span class=\"code\">revoked_at</span> "
                                 + "that could not be read as a timestamp"))

        // Without orders the findings page has no such section.
        data.reconciliation = nil
        #expect(try ReportFixture.pages(data)["findings.html"]?.contains("Orders against transactions") == false)
    }
}
