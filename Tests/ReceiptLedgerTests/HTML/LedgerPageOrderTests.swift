import Testing
@testable import ReceiptLedger

/// `LedgerPage.pageRows` sorts only the newest periods; it must show what sorting every row
/// would.
@Suite struct LedgerPageOrderTests {
    static func rows(count: Int) -> [LedgerPage.Row] {
        var random = SystemRandomNumberGenerator()
        let currencies = [Currency(code: "USD"), Currency(code: "JPY"), Currency(code: "EUR")]
        return (0..<count).map { n in
            let key = Ledger.Key(environment: Bool.random(using: &random) ? .production : .sandbox,
                                 period: "2024-\(Int.random(in: 1...12, using: &random))",
                                 item: "user\(n)", currency: currencies[Int.random(in: 0..<3, using: &random)])
            return (key, LedgerAmounts(unitsSold: 1, gross: Int64.random(in: 0...50, using: &random) * 100, proceeds: 70))
        }
    }

    static func everyRowSorted(_ rows: [LedgerPage.Row], _ environment: Environment) -> [String] {
        rows.filter { $0.key.environment == environment }.sorted(by: LedgerPage.precedes).map(\.key.item)
    }

    @Test(arguments: [0, 1, 5, 200, 3_000])
    func theNewestPeriodsShowWhatSortingEveryRowWould(count: Int) {
        let rows = Self.rows(count: count).sorted { Ledger.Key.precedes($0.key, $1.key) }
        for environment in [Environment.production, .sandbox] {
            for cap in [1, 7, 200] {
                let (shown, total) = LedgerPage.pageRows(rows, environment: environment, cap: cap)
                let expected = Self.everyRowSorted(rows, environment)
                #expect(shown.map(\.key.item) == Array(expected.prefix(cap)))
                #expect(total == expected.count)
            }
        }
    }

    @Test func rowsOutOfKeyOrderAreSortedWhole() {
        let rows = Self.rows(count: 2_000)  // periods in no order
        let (shown, total) = LedgerPage.pageRows(rows, environment: .production, cap: 200)
        let expected = Self.everyRowSorted(rows, .production)
        #expect(shown.map(\.key.item) == Array(expected.prefix(200)))
        #expect(total == expected.count)
    }
}
