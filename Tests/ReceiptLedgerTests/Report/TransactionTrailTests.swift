import Foundation
import Testing
@testable import ReceiptLedger

/// `transactions.csv`'s trail columns (issue 25): `period_sold`, `period_refunded` and `counted`
/// say where the ledgers book each transaction, so that an auditor summing the file by them
/// finds `ledger_period.csv` to the cent, in the run's `--tz`, `--period` and `--refunds`.
@Suite(.serialized) struct TransactionTrailTests {
    /// The README's demo data (`receipt-ledger demo`: seed 1, 5,000 records).
    static let input = Result { try ReportRunTests.Input(seed: 1, records: 5_000) }

    /// A file's rows by column name.
    static func rows(_ path: String) throws -> [[String: String]] {
        let rows = try CSVReader.rows(of: try String(contentsOfFile: path, encoding: .utf8))
        let header = try #require(rows.first).fields
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0.fields)) }
    }

    /// An amount as written (`39.99`, `720`) in minor units: sums of one currency's amounts,
    /// which all carry its digits, compare exactly.
    static func minor(_ amount: String?) -> Int {
        Int((amount ?? "").replacingOccurrences(of: ".", with: "")) ?? Int.min
    }

    /// `percentage` milliunits (100000 = all) of an amount in minor units, half-even.
    static func share(_ amount: Int, _ percentage: Int) -> Int {
        let product = amount * percentage
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: 100_000)
        if 2 * remainder > 100_000 || (2 * remainder == 100_000 && quotient % 2 != 0) { return quotient + 1 }
        return quotient
    }

    struct Sums: Equatable {
        var unitsSold = 0, gross = 0, proceeds = 0, unitsRefunded = 0, refund = 0, refundProceeds = 0
    }

    /// Runs on the demo data; returns transactions.csv and ledger_period.csv.
    func run(_ options: [String]) throws -> (transactions: [[String: String]], ledger: [[String: String]], refunds: [[String: String]]) {
        let input = try Self.input.get()
        let out = input.folder + "/out-\(UUID().uuidString)"
        #expect(InProcessRun.commandLine(["run", "--db", input.database, "--catalog", input.catalog, "--out", out,
                                          "--templates", ReportRunTests.templates] + options) == 0)
        defer { try? FileManager.default.removeItem(atPath: out) }
        return (try Self.rows(out + "/transactions.csv"), try Self.rows(out + "/ledger_period.csv"), try Self.rows(out + "/refunds.csv"))
    }

    /// transactions.csv summed by (environment, period_sold, currency) where counted, and its
    /// refunds by period_refunded, next to every row of ledger_period.csv.
    func expectSumsMatch(_ transactions: [[String: String]], _ ledger: [[String: String]]) {
        var sums: [String: Sums] = [:]
        for t in transactions where t["counted"] == "true" {
            let env = t["environment"] ?? "", currency = t["currency"] ?? ""
            let quantity = Int(t["quantity"] ?? "") ?? Int.min
            sums[env + "|" + (t["period_sold"] ?? "") + "|" + currency, default: Sums()].unitsSold += quantity
            sums[env + "|" + (t["period_sold"] ?? "") + "|" + currency, default: Sums()].gross += Self.minor(t["gross_amount"])
            sums[env + "|" + (t["period_sold"] ?? "") + "|" + currency, default: Sums()].proceeds += Self.minor(t["proceeds_amount"])
            guard t["status"] == "refunded" else { continue }
            let key = env + "|" + (t["period_refunded"] ?? "") + "|" + currency
            // SPEC §9: a REFUND_PRORATED refund reverses revocation_percentage (milliunits) of the
            // gross and of the proceeds, half-even, and below 100 % no units.
            let percentage = t["revocation_type"] == "REFUND_PRORATED" ? Int(t["revocation_percentage"] ?? "") ?? 100_000 : 100_000
            sums[key, default: Sums()].unitsRefunded += percentage < 100_000 ? 0 : quantity
            sums[key, default: Sums()].refund += Self.share(Self.minor(t["gross_amount"]), percentage)
            sums[key, default: Sums()].refundProceeds += Self.share(Self.minor(t["proceeds_amount"]), percentage)
        }
        var ledgerSums: [String: Sums] = [:]
        for row in ledger {
            ledgerSums[(row["environment"] ?? "") + "|" + (row["period"] ?? "") + "|" + (row["currency"] ?? "")] = Sums(
                unitsSold: Int(row["units_sold"] ?? "") ?? -1, gross: Self.minor(row["gross_amount"]),
                proceeds: Self.minor(row["proceeds_amount"]), unitsRefunded: Int(row["units_refunded"] ?? "") ?? -1,
                refund: Self.minor(row["refund_amount"]), refundProceeds: Self.minor(row["refund_proceeds_amount"]))
        }
        #expect(ledgerSums.count > 20)
        let keys = Set(sums.keys).union(ledgerSums.keys).sorted()
        #expect(keys.filter { sums[$0] != ledgerSums[$0] } == [], "rows where the trail and the ledger differ")
    }

    @Test func transactionsSumToTheLedgerByPeriodSoldInLosAngeles() throws {
        let (transactions, ledger, _) = try run(["--tz", "America/Los_Angeles"])
        expectSumsMatch(transactions, ledger)
        // The case: bought 2024-07-01T04:37Z, which is June 30 in Los Angeles.
        let late = try #require(transactions.first { $0["transaction_id"] == "2000000100007540" })
        #expect(late["purchase_date"] == "2024-07-01T04:37:04.620Z")
        #expect([late["period_sold"], late["period_refunded"], late["counted"]] == ["2024-06", "", "true"])
        let june = transactions.filter { $0["counted"] == "true" && $0["environment"] == "Production" && $0["period_sold"] == "2024-06" && $0["currency"] == "USD" }
        // 699.22 before the demo had signed customers: - 106.90 of five customers no longer in its 5,000
        // records, + 248.91 of nine June purchases by signed customers of the USA storefront.
        #expect(june.map { Self.minor($0["gross_amount"]) }.reduce(0, +) == 84_123)
        let juneLedger = ledger.first { $0["environment"] == "Production" && $0["period"] == "2024-06" && $0["currency"] == "USD" }
        #expect(juneLedger?["gross_amount"] == "841.23")
    }

    @Test func eachStatusSaysWhetherItCountsAndWhereItsRefundIsBooked() throws {
        let (transactions, _, _) = try run(["--tz", "America/Los_Angeles"])
        func trail(_ id: String) -> [String?] {
            let t = transactions.first { $0["transaction_id"] == id }
            return [t?["status"], t?["period_sold"], t?["period_refunded"], t?["counted"]]
        }
        #expect(trail("2000000100000004") == ["refunded", "2024-12", "2025-01", "true"])
        #expect(trail("2000000100000024") == ["family_shared", "2024-10", "2024-10", "false"])  // refunded, adds nothing
        #expect(trail("2000000100000549") == ["unpriced", "2024-08", "", "false"])
        #expect(trail("2000000100000112") == ["upgraded", "2024-04", "", "true"])  // cancelled by the upgrade: no refund
        let counted = Set(transactions.filter { $0["counted"] == "true" }.compactMap { $0["status"] })
        let uncounted = Set(transactions.filter { $0["counted"] == "false" }.compactMap { $0["status"] })
        #expect(counted == ["sold", "upgraded", "refunded"])
        #expect(uncounted == ["trial", "family_shared", "unpriced"])
        #expect(transactions.count == 2_841)  // 2,782 before the demo's signed customers (see WorkbookImportTests)
    }

    @Test func salePeriodRefundsAreBookedInTheSalePeriodOfTheTrail() throws {
        let (transactions, ledger, refunds) = try run(["--tz", "America/Los_Angeles", "--refunds", "sale-period"])
        expectSumsMatch(transactions, ledger)
        let refund = try #require(transactions.first { $0["transaction_id"] == "2000000100000004" })
        #expect([refund["period_sold"], refund["period_refunded"]] == ["2024-12", "2024-12"])
        // refunds.csv keeps the cancellation's period (SPEC §8).
        #expect(refunds.first { $0["transaction_id"] == "2000000100000004" }?["period_refunded"] == "2025-01")
    }

    @Test func weeklyFiscalPeriodsAreTheLedgersToo() throws {
        let (transactions, ledger, _) = try run(["--tz", "America/Los_Angeles", "--period", "week", "--calendar", "apple-fiscal"])
        expectSumsMatch(transactions, ledger)
        #expect(transactions.first { $0["transaction_id"] == "2000000100007540" }?["period_sold"] == "FY2024-W40")
    }
}
