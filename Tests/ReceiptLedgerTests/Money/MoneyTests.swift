import Testing
@testable import ReceiptLedger

@Suite struct MoneyTests {
    let usd = Currency(code: "USD")

    @Test(arguments: [("4.99", 499), ("120", 12000), ("0.5", 50), ("-0.99", -99), (" 1.00 ", 100)])
    func parsesStrictDecimals(text: String, minor: Int64) {
        #expect(Money(parsing: text, currency: usd)?.minorUnits == minor)
    }

    @Test(arguments: ["4,99", "4.99abc", "1e3", "0.999", "", ".5", "5.", "+1", "--1", "1.2.3", "١٢"])
    func rejectsAnythingElse(text: String) {
        #expect(Money(parsing: text, currency: usd) == nil)
    }

    @Test func currencyDigitsFollowISO4217() {
        #expect(Currency(code: "jpy").minorDigits == 0)
        #expect(Currency(code: "KRW").minorDigits == 0)
        #expect(Currency(code: "BHD").minorDigits == 3)
        #expect(Currency(code: "KWD").minorDigits == 3)
        #expect(Currency(code: "EUR").minorDigits == 2)
        #expect(Money(parsing: "1.5", currency: Currency(code: "JPY")) == nil)
        #expect(Money(parsing: "1.234", currency: Currency(code: "KWD"))?.formatted == "1.234")
    }

    @Test(arguments: [(1234, 2, "12.34"), (-99, 2, "-0.99"), (0, 2, "0.00"), (120, 0, "120"), (5, 3, "0.005"), (-5, 0, "-5")])
    func formatsPlainDecimals(minor: Int64, digits: Int, text: String) {
        #expect(MoneyFormat.plain(minor, minorDigits: digits) == text)
    }

    @Test func halfEvenDivision() {
        #expect(HalfEven.divide(5, by: 2) == 2)
        #expect(HalfEven.divide(7, by: 2) == 4)
        #expect(HalfEven.divide(-5, by: 2) == -2)
        #expect(HalfEven.divide(-7, by: 2) == -4)
        #expect(HalfEven.divide(1, by: 3) == 0)
    }
}
