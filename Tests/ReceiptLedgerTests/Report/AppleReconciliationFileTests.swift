import Testing
@testable import ReceiptLedger

/// `apple_reconciliation.csv` and `apple_amounts.csv` from a journal and a hand-made sales report.
@Suite struct AppleReconciliationFileTests {
    typealias F = AppleReportFixtures

    /// 2024-03-05 20:00 UTC (12:00 PST) and the next day.
    static let march5: Int64 = 1_709_668_800_000
    static let march6 = march5 + 86_400_000

    static func journal() throws -> Journal {
        let sold = AnswerBuilder.transaction("1001", product: "coins", purchaseMs: march5)
        let refunded = AnswerBuilder.transaction("1002", product: "lifetime", purchaseMs: march5 + 60_000,
                                                 fields: ["cancellation_date_ms": "\"\(march6)\""])
        let upgraded = AnswerBuilder.transaction("1003", product: "monthly", purchaseMs: march5 + 120_000,
                                                 fields: ["cancellation_date_ms": "\"\(march6)\"", "is_upgraded": "\"true\""])
        let sandbox = AnswerBuilder.transaction("2001", product: "coins", purchaseMs: march5)
        return try AnswerBuilder.journal([
            AnswerBuilder.row(1, at: march6 + 3_600_000, AnswerBuilder.answer(inApp: [sold, refunded, upgraded])),
            AnswerBuilder.row(2, at: march6 + 3_600_000, AnswerBuilder.answer(environment: "Sandbox", inApp: [sandbox])),
        ]).journal
    }

    @Test func productionTransactionsAreMappedWithTheirRefundsButNotUpgrades() throws {
        let compared = AppleComparedTransaction.production(try Self.journal().transactions).sorted { $0.transactionID < $1.transactionID }
        #expect(compared.map(\.transactionID) == ["1001", "1002", "1003"])
        #expect(compared.map(\.status) == [.sold, .refunded, .upgraded])
        #expect(compared.map(\.refund) == [nil, UnixMillis(Self.march6), nil])
        #expect(compared.map { $0.gross?.formatted } == ["0.99", "49.99", "9.99"])
        #expect(compared.map { $0.proceeds?.formatted } == ["0.69", "34.99", "6.99"])
        #expect(compared.allSatisfy { $0.currency == Currency(code: "USD") && !$0.isProratedRefund })
    }

    @Test func bothFilesAreWrittenSortedByTheirKeys() throws {
        let reports = try AppleReportReader.read(bytes: Array(F.salesFile([
            F.purchase("lifetime", units: "1", proceeds: "34.99", price: "49.99", begin: "03/05/2024"),
            F.purchase("monthly", units: "1", proceeds: "6.99", price: "9.99", begin: "03/05/2024"),
            F.purchase("coins", units: "1", proceeds: "0.70", price: "0.99", begin: "03/05/2024"),
            F.purchase("lifetime", units: "-1", proceeds: "34.99", price: "-49.99", begin: "03/06/2024"),
        ]).utf8), name: "sales.txt", kind: .sales)
        let reconciliation = AppleReconciliation(transactions: AppleComparedTransaction.production(try Self.journal().transactions),
                                                 reports: reports)
        let units = String(decoding: AppleReconciliationFile.csv(reconciliation).bytes().bytes, as: UTF8.self)
        #expect(units == """
        report,period,product_id,apple_units,our_units,unit_difference,finding,transactions
        sales,2024-03-05,coins,1,1,0,match,1001
        sales,2024-03-05,lifetime,1,1,0,match,1002
        sales,2024-03-05,monthly,1,1,0,match,1003
        sales,2024-03-06,lifetime,-1,-1,0,match,1002

        """)
        let amounts = String(decoding: AppleAmountsFile.csv(reconciliation).bytes().bytes, as: UTF8.self)
        #expect(amounts == """
        report,period,product_id,currency,apple_customer_amount,our_gross,gross_difference,apple_proceeds,our_proceeds,proceeds_difference,finding
        sales,2024-03-05,coins,USD,0.99,0.99,0.00,0.70,0.69,-0.01,amount_differs
        sales,2024-03-05,lifetime,USD,49.99,49.99,0.00,34.99,34.99,0.00,match
        sales,2024-03-05,monthly,USD,9.99,9.99,0.00,6.99,6.99,0.00,match
        sales,2024-03-06,lifetime,USD,-49.99,-49.99,0.00,-34.99,-34.99,0.00,match

        """)
    }

    @Test func anAppleSideWithoutProceedsInTheCurrencyIsWrittenEmpty() throws {
        let reports = try AppleReportReader.read(bytes: Array(F.salesFile([
            F.purchase("coins", units: "1", proceeds: "0.80", price: "12.00", currency: "SEK", begin: "03/05/2024")
                .merging(["Currency of Proceeds": "EUR"]) { $1 },
        ]).utf8), name: "sales.txt", kind: .sales)
        let reconciliation = AppleReconciliation(transactions: [], reports: reports)
        let amounts = String(decoding: AppleAmountsFile.csv(reconciliation).bytes().bytes, as: UTF8.self)
        #expect(amounts.split(separator: "\n").dropFirst() == [
            "sales,2024-03-05,coins,EUR,0.00,0.00,0.00,0.80,0.00,-0.80,apple_only",
            "sales,2024-03-05,coins,SEK,12.00,0.00,-12.00,,0.00,,apple_only",
        ])
    }
}
