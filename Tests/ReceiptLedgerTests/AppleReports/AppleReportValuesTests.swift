import Testing
@testable import ReceiptLedger

@Suite struct AppleReportValuesTests {
    @Test(arguments: [("IA1", true), ("IAY", true), ("IA9", true), (" iay ", false), ("iay", true), ("IAC", true),
                      ("IA3", false), ("ia3", false), ("FI1", true), ("fi1", true), ("F1", false), ("1", false), ("1F", false),
                      ("3", false), ("7", false), ("", false), ("I", false)])
    func purchaseTestIsInAppTypesButRestoresAndAppsAreNot(type: String, isPurchase: Bool) {
        // The parser trims cells before the test; " iay " untrimmed is not a purchase type.
        #expect(AppleReportValues.isPurchase(productType: type) == isPurchase)
    }

    @Test func datesAreMonthDayYearWithTwoDigitYearsInThisCentury() {
        let march5 = CivilDate(year: 2024, month: 3, day: 5).daysSinceEpoch
        #expect(AppleReportValues.day("03/05/2024") == march5)
        #expect(AppleReportValues.day("3/5/2024") == march5)
        #expect(AppleReportValues.day("3/5/24") == march5)
        #expect(AppleReportValues.day("1/21/10") == CivilDate(year: 2010, month: 1, day: 21).daysSinceEpoch)
        #expect(AppleReportValues.day("02/29/2024") == CivilDate(year: 2024, month: 2, day: 29).daysSinceEpoch)
    }

    @Test(arguments: ["", " ", "2024-03-05", "02/30/2024", "02/29/2023", "13/01/2024", "00/10/2024", "03/05/024", "03/05/20245",
                      "3/5", "03/05/2024/1", "a3/05/2024", "003/05/2024", "03//2024", "-3/05/2024"])
    func anyOtherDateIsUnreadable(text: String) {
        #expect(AppleReportValues.day(text) == nil)
    }

    @Test func unitsAreSignedIntegralDecimals() {
        #expect(AppleReportValues.units("3") == 3)
        #expect(AppleReportValues.units("-1") == -1)
        #expect(AppleReportValues.units("2.00") == 2)
        #expect(AppleReportValues.units("0") == 0)
        #expect(AppleReportValues.units("1000000000") == 1_000_000_000)
        for bad in ["", "1.5", "+1", "1e3", "1,000", "one", "1000000001", "99999999999999999999"] {
            #expect(AppleReportValues.units(bad) == nil, "\(bad)")
        }
    }

    @Test func amountsAreExactInTheCurrencysMinorUnits() throws {
        let jpy = Currency(code: "JPY")
        let usd = Currency(code: "USD")
        #expect(AppleReportValues.amount(try #require(DecimalText("119.00")), times: 1, in: jpy) == Money(minorUnits: 119, currency: jpy))
        #expect(AppleReportValues.amount(try #require(DecimalText("209.30")), times: 12, in: usd) == Money(minorUnits: 251_160, currency: usd))
        #expect(AppleReportValues.amount(try #require(DecimalText("-85.43")), times: 1, in: usd) == Money(minorUnits: -8_543, currency: usd))
        #expect(AppleReportValues.amount(try #require(DecimalText("0.695")), times: 2, in: usd) == Money(minorUnits: 139, currency: usd))
        #expect(AppleReportValues.amount(try #require(DecimalText("0.995")), times: 1, in: usd) == nil)
        #expect(AppleReportValues.amount(try #require(DecimalText("119.5")), times: 1, in: jpy) == nil)
        #expect(AppleReportValues.amount(try #require(DecimalText("999999999999999999")), times: 1_000, in: usd) == nil)
        #expect(AppleReportValues.amount(try #require(DecimalText("4")), times: 1, in: Currency(code: "KWD"))
            == Money(minorUnits: 4_000, currency: Currency(code: "KWD")))
    }

    @Test func currenciesAreThreeLetters() {
        #expect(AppleReportValues.currency("eur") == Currency(code: "EUR"))
        for bad in ["", "EU", "EURO", "E1R", "€UR"] { #expect(AppleReportValues.currency(bad) == nil, "\(bad)") }
    }

    @Test func sumsHoldAtTheLimitsInsteadOfTrapping() {
        #expect(AppleReportValues.sum(Int64.max, 1) == Int64.max)
        #expect(AppleReportValues.sum(Int64.min, -1) == Int64.min)
        #expect(AppleReportValues.sum(2, -3) == -1)
    }

    @Test func spansAreLabelledByDayOrRangeAndFinancialRowsByFiscalMonth() {
        let day = CivilDate(year: 2024, month: 3, day: 5).daysSinceEpoch
        #expect(AppleSpan.days(day, day).label == "2024-03-05")
        #expect(AppleSpan.days(day - 2, day + 4).label == "2024-03-03..2024-03-09")
        // Fiscal January 2025 runs 2024-12-29 to 2025-02-01 (SPEC §6).
        let fiscal = AppleSpan.fiscalMonth(containing: CivilDate(year: 2024, month: 12, day: 29).daysSinceEpoch)
        #expect(fiscal.label == "2025-01")
        #expect(fiscal.firstDay == CivilDate(year: 2024, month: 12, day: 29).daysSinceEpoch)
        #expect(fiscal.lastDay == CivilDate(year: 2025, month: 2, day: 1).daysSinceEpoch)
        #expect(fiscal.contains(day: fiscal.lastDay) && !fiscal.contains(day: fiscal.lastDay + 1))
    }
}
