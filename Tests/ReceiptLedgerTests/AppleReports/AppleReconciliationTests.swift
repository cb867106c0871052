import Testing
@testable import ReceiptLedger

/// SPEC §10 "What is compared", with exact values on hand-made report files and transactions.
@Suite struct AppleReconciliationTests {
    typealias F = AppleReportFixtures
    static let usd = Currency(code: "USD")
    static let eur = Currency(code: "EUR")

    static func utc(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 12, _ minute: Int64 = 0, _ second: Int64 = 0) -> UnixMillis {
        UnixMillis((CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second) * 1_000)
    }

    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: usd) }

    /// A sold transaction of `quantity` × 0.99 USD (proceeds 0.69 each).
    static func sale(_ id: String, _ product: String = "coins", at purchase: UnixMillis, quantity: Int64 = 1,
                     status: TransactionStatus = .sold, refund: UnixMillis? = nil) -> AppleComparedTransaction {
        AppleComparedTransaction(transactionID: id, productID: product, purchase: purchase, quantity: quantity, status: status,
                                 refund: refund, currency: usd, gross: usd(99 * quantity), proceeds: usd(69 * quantity))
    }

    /// Several report files read as one set, as `AppleReportReader.read` would give them.
    static func reports(_ files: [(String, AppleReportKind)]) throws -> AppleReportSet {
        var set = AppleReportSet()
        for (index, (text, kind)) in files.enumerated() {
            let one = try AppleReportReader.read(bytes: Array(text.utf8), name: "file\(index).txt", kind: kind)
            set.files += one.files
            set.rows += one.rows.map { row in
                var row = row
                row.file = index
                return row
            }
        }
        return set
    }

    static func sales(_ rows: [[String: String]]) throws -> AppleReportSet { try reports([(F.salesFile(rows), .sales)]) }

    static func financial(_ rows: [String]) -> String {
        (["Start Date\tEnd Date\tVendor Identifier\tQuantity\tPartner Share\tExtended Partner Share\tPartner Share Currency\t"
            + "Sales or Return\tCountry Of Sale\tCustomer Price\tCustomer Currency\tProduct Type Identifier"] + rows).joined(separator: "\n") + "\n"
    }

    static func unitsTable(_ reconciliation: AppleReconciliation) -> [String] {
        reconciliation.units.map { "\($0.report.rawValue) \($0.span.label) \($0.productID) \($0.appleUnits) \($0.ourUnits) \($0.difference) \($0.finding.rawValue) \($0.transactions.joined(separator: ";"))" }
    }

    static func amountsTable(_ reconciliation: AppleReconciliation) -> [String] {
        reconciliation.amounts.map {
            "\($0.report.rawValue) \($0.span.label) \($0.productID) \($0.currency.code) \($0.appleCustomerAmount.formatted) \($0.ourGross.formatted) "
                + "\($0.grossDifference.formatted) \($0.appleProceeds?.formatted ?? "-") \($0.ourProceeds.formatted) \($0.proceedsDifference?.formatted ?? "-") \($0.finding.rawValue)"
        }
    }

    @Test func eachFindingOnOneDay() throws {
        let reports = try Self.sales([
            F.purchase("coins", units: "2", begin: "03/05/2024"),
            F.purchase("gems", units: "1", begin: "03/05/2024"),
            F.purchase("pro", units: "3", begin: "03/05/2024"),
            F.purchase("tips", units: "1", proceeds: "0.70", begin: "03/05/2024"),
        ])
        let day = Self.utc(2024, 3, 5, 20)
        let ours = [Self.sale("t2", "coins", at: day), Self.sale("t1", "coins", at: Self.utc(2024, 3, 5, 19), quantity: 1),
                    Self.sale("t3", "pro", at: day), Self.sale("t4", "sandboxed", at: day), Self.sale("t5", "tips", at: day)]
        let reconciliation = AppleReconciliation(transactions: ours, reports: reports)
        #expect(Self.unitsTable(reconciliation) == [
            "sales 2024-03-05 coins 2 2 0 match t1;t2",
            "sales 2024-03-05 gems 1 0 -1 apple_only ",
            "sales 2024-03-05 pro 3 1 -2 units_differ t3",
            "sales 2024-03-05 sandboxed 0 1 1 ours_only t4",
            "sales 2024-03-05 tips 1 1 0 match t5",
        ])
        #expect(Self.amountsTable(reconciliation) == [
            "sales 2024-03-05 coins USD 1.98 1.98 0.00 1.38 1.38 0.00 match",
            "sales 2024-03-05 gems USD 0.99 0.00 -0.99 0.69 0.00 -0.69 apple_only",
            "sales 2024-03-05 pro USD 2.97 0.99 -1.98 2.07 0.69 -1.38 units_differ",
            "sales 2024-03-05 sandboxed USD 0.00 0.99 0.99 - 0.69 - ours_only",
            "sales 2024-03-05 tips USD 0.99 0.99 0.00 0.70 0.69 -0.01 amount_differs",
        ])
    }

    @Test func pacificMidnightsInWinterAndSummer() throws {
        // PST is UTC−8 until 2024-03-10 02:00, PDT UTC−7 until 2024-11-03 02:00.
        let reports = try Self.sales(["03/09/2024", "03/10/2024", "06/30/2024", "07/01/2024", "11/03/2024", "11/04/2024"].map {
            F.purchase("coins", units: "1", begin: $0)
        })
        let ours = [Self.sale("a", at: Self.utc(2024, 3, 10, 7, 59, 59)), Self.sale("b", at: Self.utc(2024, 3, 10, 8)),
                    Self.sale("c", at: Self.utc(2024, 7, 1, 6, 59, 59)), Self.sale("d", at: Self.utc(2024, 7, 1, 7)),
                    Self.sale("e", at: Self.utc(2024, 11, 4, 7, 59, 59)), Self.sale("f", at: Self.utc(2024, 11, 4, 8))]
        let reconciliation = AppleReconciliation(transactions: ours, reports: reports)
        #expect(Self.unitsTable(reconciliation) == [
            "sales 2024-03-09 coins 1 1 0 match a", "sales 2024-03-10 coins 1 1 0 match b",
            "sales 2024-06-30 coins 1 1 0 match c", "sales 2024-07-01 coins 1 1 0 match d",
            "sales 2024-11-03 coins 1 1 0 match e", "sales 2024-11-04 coins 1 1 0 match f",
        ])
    }

    @Test func zeroUnitPartialRefundsCompareTheirMoney() throws {
        let reports = try Self.sales([F.purchase("pro", units: "0", proceeds: "1.75", price: "-2.50", begin: "03/05/2024")])
        var prorated = Self.sale("p1", "pro", at: Self.utc(2024, 2, 20), refund: Self.utc(2024, 3, 5, 18))
        prorated.status = .refunded
        prorated.isProratedRefund = true
        prorated.gross = Self.usd(500)
        prorated.proceeds = Self.usd(350)
        prorated.refundedGross = Self.usd(250)
        prorated.refundedProceeds = Self.usd(175)
        let matched = AppleReconciliation(transactions: [prorated], reports: reports)
        #expect(Self.unitsTable(matched) == ["sales 2024-03-05 pro 0 0 0 match p1"])
        #expect(Self.amountsTable(matched) == ["sales 2024-03-05 pro USD -2.50 -2.50 0.00 -1.75 -1.75 0.00 match"])

        // Receipts never showed the refund: units agree (0 and 0), the money does not.
        let unseen = AppleReconciliation(transactions: [], reports: reports)
        #expect(Self.unitsTable(unseen) == ["sales 2024-03-05 pro 0 0 0 match "])
        #expect(Self.amountsTable(unseen) == ["sales 2024-03-05 pro USD -2.50 0.00 2.50 -1.75 0.00 1.75 amount_differs"])
    }

    @Test func aSaleRefundedTheSameDayIsAKeyWithNothingOnEitherSide() throws {
        let reports = try Self.sales([F.purchase("other", begin: "03/05/2024")])
        let refunded = Self.sale("r1", "coins", at: Self.utc(2024, 3, 5, 17), status: .refunded, refund: Self.utc(2024, 3, 5, 22))
        let reconciliation = AppleReconciliation(transactions: [refunded], reports: reports)
        #expect(Self.unitsTable(reconciliation) == ["sales 2024-03-05 coins 0 0 0 match r1", "sales 2024-03-05 other 1 0 -1 apple_only "])
        #expect(Self.amountsTable(reconciliation).first == "sales 2024-03-05 coins USD 0.00 0.00 0.00 - 0.00 - match")
    }

    @Test func fiscalMonthsAcrossAFiftyThreeWeekYear() throws {
        // FY2023 has 53 weeks: fiscal December 2022 runs 2022-11-27 to 2022-12-31 (five weeks).
        let text = Self.financial([
            "11/27/2022\t12/31/2022\tpro\t3\t6.99\t20.97\tUSD\tS\tUS\t9.99\tUSD\tIAY",
            "01/01/2023\t01/28/2023\tpro\t1\t6.99\t6.99\tUSD\tS\tUS\t9.99\tUSD\tIAY",
        ])
        let reports = try Self.reports([(text, .financial)])
        func pro(_ id: String, _ at: UnixMillis) -> AppleComparedTransaction {
            AppleComparedTransaction(transactionID: id, productID: "pro", purchase: at, quantity: 1, status: .sold,
                                     currency: Self.usd, gross: Self.usd(999), proceeds: Self.usd(699))
        }
        let ours = [pro("nov26", Self.utc(2022, 11, 27, 7, 59, 59)),   // 2022-11-26 23:59:59 PST: fiscal November
                    pro("nov27", Self.utc(2022, 11, 27, 8)),           // 2022-11-27 00:00 PST: fiscal December
                    pro("dec31", Self.utc(2022, 12, 31, 20)),
                    pro("jan01", Self.utc(2023, 1, 1, 8, 30)),         // 00:30 PST
                    pro("dec01", Self.utc(2022, 12, 1, 7, 59))]        // 2022-11-30 PST
        let reconciliation = AppleReconciliation(transactions: ours, reports: reports)
        #expect(Self.unitsTable(reconciliation) == [
            "financial 2022-12 pro 3 3 0 match nov27;dec01;dec31",
            "financial 2023-01 pro 1 1 0 match jan01",
        ])
        #expect(Self.amountsTable(reconciliation) == [
            "financial 2022-12 pro USD 29.97 29.97 0.00 20.97 20.97 0.00 match",
            "financial 2023-01 pro USD 9.99 9.99 0.00 6.99 6.99 0.00 match",
        ])
        #expect(reconciliation.uncoveredUnits == [.financial: 1])
    }

    @Test func aRefundInALaterFiscalMonthLowersThatMonth() throws {
        let text = Self.financial([
            "12/29/2024\t02/01/2025\tpro\t1\t6.99\t6.99\tUSD\tS\tUS\t9.99\tUSD\tIAY",
            "02/02/2025\t03/01/2025\tpro\t-1\t6.99\t-6.99\tUSD\tR\tUS\t-9.99\tUSD\tIAY",
        ])
        let refunded = AppleComparedTransaction(transactionID: "t1", productID: "pro", purchase: Self.utc(2025, 1, 15), quantity: 1,
                                                status: .refunded, refund: Self.utc(2025, 2, 10), currency: Self.usd,
                                                gross: Self.usd(999), proceeds: Self.usd(699))
        let reconciliation = AppleReconciliation(transactions: [refunded], reports: try Self.reports([(text, .financial)]))
        #expect(Self.unitsTable(reconciliation) == ["financial 2025-01 pro 1 1 0 match t1", "financial 2025-02 pro -1 -1 0 match t1"])
        #expect(Self.amountsTable(reconciliation) == [
            "financial 2025-01 pro USD 9.99 9.99 0.00 6.99 6.99 0.00 match",
            "financial 2025-02 pro USD -9.99 -9.99 0.00 -6.99 -6.99 0.00 match",
        ])
    }

    @Test func equalSpansFromSeveralFilesAreSummedAndOverlappingSpansEachCompared() throws {
        let weekly = F.salesFile([F.purchase("coins", units: "4", begin: "03/03/2024", end: "03/09/2024")])
        let daily = F.salesFile([F.purchase("coins", units: "1", begin: "03/05/2024")])
        let otherRegion = F.salesFile([F.purchase("coins", units: "2", proceeds: "0.60", price: "0.89", currency: "EUR", begin: "03/05/2024")])
        let reports = try Self.reports([(weekly, .sales), (daily, .sales), (otherRegion, .sales)])
        let ours = [Self.sale("mon", at: Self.utc(2024, 3, 4)), Self.sale("tue", at: Self.utc(2024, 3, 5), quantity: 2),
                    Self.sale("sat", at: Self.utc(2024, 3, 9)), Self.sale("sun", at: Self.utc(2024, 3, 10, 18))]
        let reconciliation = AppleReconciliation(transactions: ours, reports: reports)
        #expect(Self.unitsTable(reconciliation) == [
            "sales 2024-03-03..2024-03-09 coins 4 4 0 match mon;tue;sat",
            "sales 2024-03-05 coins 3 2 -1 units_differ tue",
        ])
        #expect(Self.amountsTable(reconciliation) == [
            "sales 2024-03-03..2024-03-09 coins USD 3.96 3.96 0.00 2.76 2.76 0.00 match",
            "sales 2024-03-05 coins EUR 1.78 0.00 -1.78 1.20 0.00 -1.20 units_differ",
            "sales 2024-03-05 coins USD 0.99 1.98 0.99 0.69 1.38 0.69 units_differ",
        ])
        #expect(reconciliation.uncoveredUnits == [.sales: 1])
    }

    @Test func aDayWithOnlyAppRowsStillComparesOurUnits() throws {
        let reports = try Self.sales([F.purchase("com.example.app", begin: "03/05/2024", type: "1")])
        let reconciliation = AppleReconciliation(transactions: [Self.sale("t1", at: Self.utc(2024, 3, 5))], reports: reports)
        #expect(Self.unitsTable(reconciliation) == ["sales 2024-03-05 coins 0 1 1 ours_only t1"])
    }

    @Test func countedStatusesAndWhatTheirRefundsTakeBack() throws {
        let reports = try Self.sales([F.purchase("coins", units: "2", begin: "03/05/2024")])
        let day = Self.utc(2024, 3, 5)
        var unpriced = Self.sale("unpriced", at: day, status: .unpriced)
        unpriced.currency = nil
        unpriced.gross = nil
        unpriced.proceeds = nil
        let ours = [Self.sale("trial", at: day, status: .trial), Self.sale("family", at: day, status: .familyShared),
                    unpriced, Self.sale("upgraded", at: day, status: .upgraded, refund: UnixMillis(day.rawValue + 1_000))]
        let reconciliation = AppleReconciliation(transactions: ours, reports: reports)
        #expect(Self.unitsTable(reconciliation) == ["sales 2024-03-05 coins 2 2 0 match unpriced;upgraded"])
        // The unpriced sale is a unit but no money: Apple's 1.98 against our 0.99.
        #expect(Self.amountsTable(reconciliation) == ["sales 2024-03-05 coins USD 1.98 0.99 -0.99 1.38 0.69 -0.69 amount_differs"])
    }

    @Test func aRowNamesTheFirstTwentyTransactionsInPurchaseOrder() throws {
        let reports = try Self.sales([F.purchase("coins", units: "25", begin: "03/05/2024")])
        let ours = (0..<25).map { Self.sale(String(format: "t%02d", 24 - $0), at: Self.utc(2024, 3, 5, 10, Int64($0))) }
        let row = try #require(AppleReconciliation(transactions: ours, reports: reports).units.first)
        #expect(row.transactions == (5..<25).reversed().map { String(format: "t%02d", $0) })
        #expect(row.transactionCount == 25)
        #expect(row.finding == .match)
    }

    @Test func proceedsInAnotherCurrencyThanThePriceAreComparedInTheirOwnRow() throws {
        let reports = try Self.sales([F.purchase("coins", units: "1", proceeds: "0.80", price: "12.00", currency: "SEK", begin: "03/05/2024")
            .merging(["Currency of Proceeds": "EUR"]) { $1 }])
        let reconciliation = AppleReconciliation(transactions: [], reports: reports)
        #expect(Self.amountsTable(reconciliation) == [
            "sales 2024-03-05 coins EUR 0.00 0.00 0.00 0.80 0.00 -0.80 apple_only",
            "sales 2024-03-05 coins SEK 12.00 0.00 -12.00 - 0.00 - apple_only",
        ])
    }

    @Test func withoutReportsNothingIsCompared() {
        let reconciliation = AppleReconciliation(transactions: [Self.sale("t1", at: Self.utc(2024, 3, 5))], reports: AppleReportSet())
        #expect(reconciliation.units.isEmpty && reconciliation.amounts.isEmpty && reconciliation.uncoveredUnits.isEmpty)
    }
}
