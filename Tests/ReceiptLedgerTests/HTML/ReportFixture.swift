import Foundation
@testable import ReceiptLedger

/// A small report built in code for the page tests: a few users and products, refunds in two
/// months, one sandbox purchase sent to production, one unreadable record, two currencies.
///
/// The user and product ids are hostile (markup and script), so every page that shows them
/// also tests the escaping. As of the last record (2025-02-14) the current month is 2025-02:
/// production USD gross 4.99, refunds 9.99, net −5.00; JPY gross 120, net 120.
enum ReportFixture {
    static let scriptUser = "<script>alert(1)</script>"
    static let titleUser = "<script>document.title='PWNED'</script>"
    static let attributeUser = "\"><svg onload=\"document.title='PWNED'\">"
    static let imageProduct = "<img src=x onerror=alert(2)>"

    static let t0: Int64 = 1_736_467_200_000  // 2025-01-10T00:00:00Z
    static let day: Int64 = 86_400_000

    static let catalogCSV = """
    product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price
    "\(imageProduct)",non_consumable,USD,9.99,,,
    monthly,auto_renewable,USD,4.99,,,
    coins_jp,consumable,JPY,120,,,

    """

    /// One stored record: the JSON text of Apple's answer, or a text that is not JSON.
    struct Record {
        var id: Int64
        var user: String
        var at: Int64
        var claimed: String
        var answer: String
    }

    static var records: [Record] {
        typealias A = AnswerBuilder
        let refundedLater = A.transaction("t1", product: imageProduct, purchaseMs: t0,
                                          fields: ["cancellation_date_ms": "\"\(t0 + 35 * day)\"", "cancellation_reason": "\"1\""])
        let refundedSoon = { (id: String) in
            A.transaction(id, product: imageProduct, purchaseMs: t0 + day, fields: ["cancellation_date_ms": "\"\(t0 + 3 * day)\""])
        }
        return [
            Record(id: 1, user: scriptUser, at: t0, claimed: "Production",
                   answer: A.answer(inApp: [A.transaction("t1", product: imageProduct, purchaseMs: t0)])),
            Record(id: 2, user: titleUser, at: t0 + 4 * day, claimed: "Production",
                   answer: A.answer(inApp: [refundedSoon("t2"), refundedSoon("t3")])),
            Record(id: 3, user: titleUser, at: t0 + 5 * day, claimed: "Production",
                   answer: A.answer(environment: "Sandbox", inApp: [
                       A.transaction("s1", product: "monthly", purchaseMs: t0 + 5 * day, expiresMs: t0 + 35 * day),
                   ])),
            Record(id: 4, user: attributeUser, at: t0 + 6 * day, claimed: "Production", answer: "{\"status\": 0, \"receipt\": "),
            Record(id: 5, user: scriptUser, at: t0 + 35 * day, claimed: "Production", answer: A.answer(inApp: [refundedLater])),
            Record(id: 6, user: "<b>bold</b> & co", at: t0 + 34 * day, claimed: "Production",
                   answer: A.answer(inApp: [A.transaction("t5", product: "monthly", purchaseMs: t0 + 34 * day, expiresMs: t0 + 62 * day)])),
            Record(id: 7, user: "u_jp", at: t0 + 35 * day, claimed: "Production",
                   answer: A.answer(inApp: [A.transaction("t6", product: "coins_jp", purchaseMs: t0 + 35 * day)])),
        ]
    }

    static var catalog: Catalog {
        get throws { try CatalogReader.parse(catalogCSV, path: "catalog.csv") }
    }

    static var rows: [ArrayRecordSource.Row] {
        records.map { AnswerBuilder.row($0.id, user: $0.user, at: $0.at, claimed: $0.claimed, $0.answer) }
    }

    /// The records as NDJSON for `receipt-ledger run --ndjson`; an answer that is not JSON
    /// is stored as a string holding it.
    static var ndjson: String {
        records.map { r in
            let isJSON = (try? JSONDocument(bytes: Array(r.answer.utf8))) != nil
            let response = isJSON ? r.answer : jsonString(r.answer)
            return "{\"id\": \(r.id), \"user_id\": \(jsonString(r.user)), \"verified_at\": \(r.at), "
                + "\"claimed_environment\": \(jsonString(r.claimed)), \"response\": \(response)}"
        }.joined(separator: "\n") + "\n"
    }

    static func jsonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The report data a run computes (the steps of `ReportRun.execute`), from rows in memory.
    static func reportData(_ rows: [ArrayRecordSource.Row] = rows, catalog: Catalog? = nil,
                           configure: (inout RunOptions) -> Void = { _ in }) throws -> ReportData {
        var options = RunOptions(input: .ndjson(path: "fixture.ndjson"))
        options.catalogPath = "catalog.csv"
        configure(&options)
        let result = try AnswerBuilder.journal(rows, catalog: catalog ?? (try self.catalog))
        let journal = result.journal
        let asOf = options.asOf ?? result.index.latestVerifiedAt
        let periods = PeriodCalendar(unit: options.period, calendar: options.calendar, zone: try ZoneRules(identifier: options.timeZone))
        return ReportData(
            options: options, sourceLabel: "\(rows.count) records in memory", journal: journal, asOf: asOf, periods: periods,
            ledgers: LedgerBook(transactions: journal.transactions, periods: periods, refunds: options.refunds),
            refunds: Refund.all(in: journal.transactions, index: result.index, periods: periods),
            subscriptions: Subscription.all(in: journal.transactions, renewals: journal.renewals, asOf: asOf),
            reconciliation: nil, ordersLabel: nil, orderCount: 0)
    }

    /// The repository's own `templates/` folder, found from this file.
    static var templatesFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates").path
    }

    /// Every page of the fixture, rendered from the real templates.
    static func pages(_ data: ReportData) throws -> [String: String] {
        let templates = try HTMLReport.loadTemplates(from: templatesFolder)
        let files = ReportRun.tables(data).map { (name: $0.name, rows: $0.table.rowCount) }
        let pages = try HTMLReport.pages(data, files: files, templates: templates)
        return Dictionary(uniqueKeysWithValues: pages.map { ($0.name, $0.html) })
    }
}
