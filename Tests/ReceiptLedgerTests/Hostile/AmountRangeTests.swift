import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// Amounts too large to sum exactly end the run cleanly (exit 1, one line, previous report
/// intact) instead of overflowing; the limits leave room for every sum the report makes.
@Suite struct AmountRangeTests {
    static let t0: Int64 = 1_704_067_200_000

    func lines(quantities: [String]) -> String {
        quantities.enumerated().map { index, quantity in
            let tx = AnswerBuilder.transaction("\(index + 1)", product: "coins", purchaseMs: Self.t0, fields: ["quantity": quantity])
            return HostileSupport.line(id: "\(index + 1)", response: AnswerBuilder.answer(inApp: [tx]))
        }.joined(separator: "\n") + "\n"
    }

    @Test func pricesTooLargeToSumEndTheRunWithExit1AndKeepThePreviousReport() throws {
        let folder = try HostileSupport.temporaryFolder("amounts")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = folder + "/records.ndjson"
        let catalog = folder + "/catalog.csv"
        let out = folder + "/out"
        try lines(quantities: ["1", "1"]).write(toFile: records, atomically: true, encoding: .utf8)
        try "product_id,product_type,currency,price\ncoins,consumable,JPY,1\n".write(toFile: catalog, atomically: true, encoding: .utf8)
        let arguments = ["run", "--ndjson", records, "--catalog", catalog, "--out", out, "--templates", HostileSupport.templatesPath]
        #expect(CommandLineTool.outcome(arguments) == (0, nil))
        let previous = try HostileSupport.snapshot(out)

        // 10^17 yen in all is the most a report sums; one yen more is refused.
        try "product_id,product_type,currency,price\ncoins,consumable,JPY,50000000000000000\n".write(toFile: catalog, atomically: true, encoding: .utf8)
        #expect(CommandLineTool.outcome(arguments + ["--period", "day"]) == (0, nil))
        let atLimit = try String(contentsOfFile: out + "/ledger_period.csv", encoding: .utf8)
        #expect(atLimit.contains(",JPY,2,100000000000000000,70000000000000000,0,0,0,100000000000000000,70000000000000000\n"))

        try "product_id,product_type,currency,price\ncoins,consumable,JPY,50000000000000001\n".write(toFile: catalog, atomically: true, encoding: .utf8)
        let atLimitFiles = try HostileSupport.snapshot(out)
        let result = CommandLineTool.outcome(arguments)
        #expect(result.code == 1)
        #expect(result.message == "amounts out of range: the JPY transactions add up to more than 100000000000000000 JPY "
                + "(Production transaction 2: quantity 1 of coins at 50000000000000001); check the catalog prices and quantities")
        #expect(try HostileSupport.snapshot(out) == atLimitFiles)
        #expect(previous != atLimitFiles)

        try "product_id,product_type,currency,price\ncoins,consumable,USD,999999999999999.99\n".write(toFile: catalog, atomically: true, encoding: .utf8)
        try lines(quantities: ["1000000"]).write(toFile: records, atomically: true, encoding: .utf8)
        #expect(CommandLineTool.outcome(arguments).code == 1)
        #expect(try HostileSupport.snapshot(out) == atLimitFiles)
    }

    @Test func theLargestAmountsStillRenderEveryPage() throws {
        // Net amounts of ±10^17 on both sides of zero: the chart axes and totals must not overflow.
        let sale = AnswerBuilder.transaction("1", product: "coins", purchaseMs: Self.t0 - 40 * 86_400_000)
        let refunded = AnswerBuilder.transaction("2", product: "coins", purchaseMs: Self.t0 - 40 * 86_400_000,
                                                 fields: ["cancellation_date_ms": "\"\(Self.t0)\""])
        let input = FuzzCase(rows: [FuzzCase.Row(id: .integer(1), user: .text("u"), verifiedAt: .integer(Self.t0), claimed: .null,
                                                 response: Data(AnswerBuilder.answer(inApp: [sale, refunded]).utf8))])
        let catalog = try CatalogReader.parse("product_id,product_type,currency,price\ncoins,consumable,JPY,50000000000000000\n", path: "c.csv")
        let result = try JournalPipeline(reader: ResponseReader(), catalog: catalog).run(source: input.recordSource)
        try AmountRange.check(result.journal)
        var options = input.options()
        options.period = .day
        let data = ReportRun.reportData(options: options, sourceLabel: "test", result: result, zone: try ZoneRules(identifier: "UTC"),
                                        orders: nil, ordersLabel: nil)
        let files = try ReportRun.renderFiles(data, templates: HostileSupport.templates)
        #expect(files.count == 22)  // 12 CSV files (SPEC §9: notifications, ledger_storefront), the workbook, 9 pages
        let ledger = try #require(files.first { $0.name == "ledger_period.csv" })
        let text = String(decoding: ledger.bytes, as: UTF8.self)
        #expect(text.contains("2023-11-22,JPY,2,100000000000000000,70000000000000000,0,0,0,100000000000000000,70000000000000000\n"))
        #expect(text.contains("2024-01-01,JPY,0,0,0,1,50000000000000000,35000000000000000,-50000000000000000,-35000000000000000\n"))
    }
}
