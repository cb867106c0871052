import Testing
@testable import ReceiptLedger

/// The readers on the public samples of Apple's reports, with exact values.
@Suite struct AppleReportFixtureTests {
    static let rub = Currency(code: "RUB")
    static let eur = Currency(code: "EUR")
    static let jpy = Currency(code: "JPY")

    static func totals(_ rows: [AppleReportRow], _ amount: (AppleReportRow) -> Money?) -> [String: String] {
        var sums: [Currency: Int64] = [:]
        for row in rows { if let money = amount(row) { sums[money.currency, default: 0] += money.minorUnits } }
        return Dictionary(uniqueKeysWithValues: sums.map { ($0.key.code, Money(minorUnits: $0.value, currency: $0.key).formatted) })
    }

    @Test func summarySalesReportUsesItsInAppRowsAndCountsTheDownloads() throws {
        let set = try AppleReportFixtures.read(AppleReportFixtures.sales, .sales)
        let file = try #require(set.files.first)
        #expect(file.rowsRead == 46)
        #expect(file.rowsUsed == 16)
        #expect(file.ignored == ["product_type_1": 9, "product_type_3": 16, "product_type_7": 5])
        #expect(file.rowsRead == file.rowsUsed + file.rowsIgnored)
        #expect(file.withoutAmounts.isEmpty)
        #expect(set.coveredSpans(.sales).map(\.label) == ["2020-10-05"])
        #expect(Set(set.rows.map(\.productID)) == ["foo.bar.baz"])
        #expect(set.rows.map(\.units).reduce(0, +) == 142)
        #expect(Self.totals(set.rows, \.customerAmount) == ["RUB": "63083.57", "USD": "4.49", "SAR": "22.99", "KZT": "8740.00", "MXN": "119.00"])
        #expect(Self.totals(set.rows, \.proceeds) == ["RUB": "44158.50", "USD": "3.15", "SAR": "13.99", "KZT": "6118.00", "MXN": "71.81"])
        let first = try #require(set.rows.first)
        #expect(first.line == 2)
        #expect(first.units == 12)
        #expect(first.proceeds == Money(minorUnits: 251_160, currency: Self.rub))
        #expect(first.subscription == "Renewal" && first.subscriptionPeriod == "7 Days" && first.orderType == "" && first.country == "RU")
    }

    @Test func theZeroUnitPartialRefundKeepsItsMoney() throws {
        let set = try AppleReportFixtures.read(AppleReportFixtures.sales, .sales)
        let refunds = set.rows.filter(\.isPartialRefund)
        #expect(refunds.count == 1)
        let refund = try #require(refunds.first)
        #expect(refund.line == 21)
        #expect(refund.units == 0)
        #expect(refund.customerAmount == Money(minorUnits: -8_543, currency: Self.rub))
        #expect(refund.proceeds == Money(minorUnits: -5_980, currency: Self.rub))
        #expect(refund.orderType == "Pay As You Go Intro Offer")
        #expect(refund.span.label == "2020-10-05")
    }

    @Test func euFinancialReportIsMacAppsWithATrailerOfPositiveUnits() throws {
        let set = try AppleReportFixtures.read(AppleReportFixtures.financialEU, .financial)
        let file = try #require(set.files.first)
        #expect(file.rowsRead == 6)
        #expect(file.rowsUsed == 0)
        #expect(file.ignored == ["product_type_F1": 6])
        #expect(file.netUnits == 19)
        #expect(file.positiveUnits == 20)
        #expect(file.trailer == ["Total_Rows": "6", "Total_Amount": "206.89", "Total_Units": "20"])
        #expect(file.trailerDifferences == [])
        let span = try #require(set.coveredSpans(.financial).first)
        #expect(span.label == "2014-09")
        #expect(span.firstDay == CivilDate(year: 2014, month: 8, day: 31).daysSinceEpoch)
        #expect(span.lastDay == CivilDate(year: 2014, month: 9, day: 27).daysSinceEpoch)
    }

    @Test func euFinancialReturnRowAsAnInAppPurchase() throws {
        let bytes = try AppleReportFixtures.retyped(AppleReportFixtures.financialEU, ["F1": "IA1"])
        let set = try AppleReportReader.read(bytes: bytes, name: "eu.txt", kind: .financial)
        #expect(set.files.first?.rowsUsed == 6)
        #expect(set.rows.map(\.units) == [-1, 2, 1, 2, 14, 1])
        #expect(set.rows.map(\.units).reduce(0, +) == 19)
        let ret = set.rows[0]
        #expect(ret.saleOrReturn == "R")
        #expect(ret.customerAmount == Money(minorUnits: -1_999, currency: Self.eur))
        #expect(ret.proceeds == Money(minorUnits: -1_217, currency: Self.eur))
        #expect(ret.country == "DE")
        #expect(!ret.isPartialRefund)
        let promo = set.rows[1]
        #expect(promo.customerAmount == Money(minorUnits: 0, currency: Self.eur) && promo.proceeds == Money(minorUnits: 0, currency: Self.eur))
        #expect(set.rows[4].customerAmount == Money(minorUnits: 27_986, currency: Self.eur))
        #expect(Self.totals(set.rows, \.proceeds) == ["EUR": "206.89"])
        #expect(Self.totals(set.rows, \.customerAmount) == ["EUR": "339.83"])
        #expect(set.rows.allSatisfy { $0.span.label == "2014-09" })
    }

    @Test func japaneseFinancialReportInWholeYen() throws {
        let plain = try AppleReportFixtures.read(AppleReportFixtures.financialJP, .financial)
        #expect(plain.files.first?.ignored == ["product_type_1F": 1, "product_type_1": 1])
        #expect(plain.files.first?.trailerDifferences == [])
        let bytes = try AppleReportFixtures.retyped(AppleReportFixtures.financialJP, ["1F": "IA1", "1": "FI1"])
        let set = try AppleReportReader.read(bytes: bytes, name: "jp.txt", kind: .financial)
        #expect(set.rows.map(\.productID) == ["Example App 3", "Example App 4"])
        #expect(set.rows.map(\.customerAmount) == [Money(minorUnits: 170, currency: Self.jpy), Money(minorUnits: 85, currency: Self.jpy)])
        #expect(set.rows.map(\.proceeds) == [Money(minorUnits: 119, currency: Self.jpy), Money(minorUnits: 60, currency: Self.jpy)])
        #expect(set.rows.map { $0.proceeds?.formatted } == ["119", "60"])
    }

    @Test func singleAllCountriesFileEndsItsRowsAtTheTrailerAndSummaryBlock() throws {
        let set = try AppleReportFixtures.read(AppleReportFixtures.financialAll, .financial)
        let file = try #require(set.files.first)
        #expect(file.rowsRead == 12)
        #expect(file.ignored == ["product_type_1F": 4, "product_type_1": 2, "product_type_F1": 6])
        #expect(file.trailer == ["Total_Rows": "12"])
        #expect(file.trailerDifferences == [])
        #expect(file.netUnits == 16 + 5 + 6 + 2 + 1 + 1 + 19)
    }

    @Test func aTrailerThatDisagreesWithTheRowsIsSaid() throws {
        // Without the third row (1 unit, 12.17 EUR, Finland) the trailer no longer fits.
        let lines = try AppleReportFixtures.text(AppleReportFixtures.financialEU).split(separator: "\n").map(String.init)
        let shortened = (lines.prefix(3) + lines.dropFirst(4)).joined(separator: "\n")
        let set = try AppleReportFixtures.read(text: shortened, .financial)
        #expect(set.files.first?.rowsRead == 5)
        #expect(set.files.first?.trailerDifferences == ["Total_Rows 6, rows read 5", "Total_Units 20, positive units read 19",
                                                        "Total_Amount 206.89, Extended Partner Share read 194.72 EUR"])
    }
}
