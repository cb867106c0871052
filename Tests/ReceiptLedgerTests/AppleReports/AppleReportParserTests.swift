import Testing
@testable import ReceiptLedger

/// The readers on hand-made report files: header variants, trailing spaces, dates, bad rows.
@Suite struct AppleReportParserTests {
    typealias F = AppleReportFixtures
    static let usd = Currency(code: "USD")

    @Test func columnsAreFoundByNameInAnyOrderAndCaseWithUnknownOnesIgnored() throws {
        let text = """
        units\tEND DATE\tExtra Column\tsku\t Product Type Identifier \tbegin date\tDeveloper Proceeds\tcurrency of proceeds\tCustomer Price\tCustomer Currency
        3\t03/05/2024\twhatever\tcom.example.coins\tIA1\t03/05/2024\t0.69\tUSD\t0.99\tUSD

        """
        let set = try F.read(text: text, .sales)
        let row = try #require(set.rows.first)
        #expect(row.productID == "com.example.coins")
        #expect(row.units == 3)
        #expect(row.customerAmount == Money(minorUnits: 297, currency: Self.usd))
        #expect(row.proceeds == Money(minorUnits: 207, currency: Self.usd))
        #expect(row.span.label == "2024-03-05")
    }

    @Test func bothSpellingsOfSaleOrReturnAndCountryOfSale() throws {
        for (saleOrReturn, country) in [("Sale or Return", "Country of Sale"), ("Sales or Return", "Country Of Sale"), ("SALE OR RETURN", "country of sale")] {
            let text = "Start Date\tEnd Date\tVendor Identifier\tQuantity\tPartner Share\tExtended Partner Share\tPartner Share Currency\t"
                + "\(saleOrReturn)\t\(country)\tCustomer Price\tCustomer Currency\tProduct Type Identifier\n"
                + "12/29/2024\t02/01/2025\tcom.example.pro\t-1\t6.99\t-6.99\tUSD\tR\tUS\t-9.99\tUSD\tIAY\n"
            let set = try F.read(text: text, .financial)
            let row = try #require(set.rows.first)
            #expect(row.saleOrReturn == "R", "\(saleOrReturn)")
            #expect(row.country == "US", "\(country)")
            #expect(row.span.label == "2025-01")
            #expect(row.customerAmount == Money(minorUnits: -999, currency: Self.usd))
            #expect(row.proceeds == Money(minorUnits: -699, currency: Self.usd))
        }
    }

    @Test func cellsAreTrimmedSoTrailingSpacesInSKUsDoNotMakeAnotherProduct() throws {
        let text = F.salesFile([F.purchase("com.example.coins  "), F.purchase(" com.example.coins"), F.purchase("com.example.coins\r")])
        let set = try F.read(text: text, .sales)
        #expect(set.rows.map(\.productID) == ["com.example.coins", "com.example.coins", "com.example.coins"])
    }

    @Test func aSingleSpaceIsAnEmptyCell() throws {
        let text = F.salesFile([F.purchase(" "), F.purchase("com.example.coins", price: " ", currency: " ")])
        let set = try F.read(text: text, .sales)
        #expect(set.files.first?.ignored == ["no_product_id": 1])
        #expect(set.rows.first?.customerAmount == nil)
        #expect(set.rows.first?.proceeds == nil)
        #expect(set.files.first?.withoutAmounts == ["customer_price": 1, "proceeds": 1])
    }

    @Test func shortDatesAreThisCentury() throws {
        let set = try F.read(text: F.salesFile([F.purchase("com.example.coins", begin: "3/5/24")]), .sales)
        #expect(set.rows.first?.span == AppleSpan.days(CivilDate(year: 2024, month: 3, day: 5).daysSinceEpoch,
                                                       CivilDate(year: 2024, month: 3, day: 5).daysSinceEpoch))
    }

    @Test func aWeeklyRowSpansItsDays() throws {
        let set = try F.read(text: F.salesFile([F.purchase("com.example.coins", units: "5", begin: "03/03/2024", end: "03/09/2024")]), .sales)
        let row = try #require(set.rows.first)
        #expect(row.span.label == "2024-03-03..2024-03-09")
        #expect(row.span.lastDay - row.span.firstDay == 6)
        #expect(row.proceeds == Money(minorUnits: 345, currency: Self.usd))
        #expect(set.coveredSpans(.sales) == [row.span])
    }

    @Test func badRowsAreCountedByReasonAndTheirSpansStillCovered() throws {
        let text = F.salesFile([
            F.purchase("a", begin: "03/32/2024"),                        // bad_date
            F.purchase("a", begin: "03/06/2024", end: "03/05/2024"),     // bad_date: End before Begin
            F.purchase("a", begin: ""),                                  // bad_date
            F.purchase("a", units: "1.5", begin: "03/06/2024"),          // bad_units
            F.purchase("a", units: " ", begin: "03/06/2024"),            // bad_units
            F.purchase(" ", begin: "03/07/2024"),                        // no_product_id
            F.purchase("app", begin: "03/08/2024", type: "1"),            // product_type_1
            F.purchase("app", units: "x", begin: "03/08/2024", type: "7"), // product_type_7 (units do not matter)
            F.purchase("restore", type: "IA3"),                           // product_type_IA3
            F.purchase("coins"),
        ]) + "a\tline\twithout\tthe columns\n" + "garbage\n"
        let set = try F.read(text: text, .sales)
        let file = try #require(set.files.first)
        #expect(file.rowsRead == 12)
        #expect(file.rowsUsed == 1)
        #expect(file.ignored == ["bad_date": 5, "bad_units": 2, "no_product_id": 1, "product_type_1": 1, "product_type_7": 1,
                                 "product_type_IA3": 1])
        #expect(set.coveredSpans(.sales).map(\.label) == ["2024-03-05", "2024-03-06", "2024-03-07", "2024-03-08"])
    }

    @Test func blankLinesAreNotRows() throws {
        let text = "\n" + F.salesFile([F.purchase("coins")]) + "\n  \n\t\t\n"
        let set = try F.read(text: text, .sales)
        #expect(set.files.first?.rowsRead == 1)
        #expect(set.files.first?.ignored == [:])
    }

    @Test func aZeroUnitRowWithAPositivePriceIsNoMoney() throws {
        let set = try F.read(text: F.salesFile([F.purchase("coins", units: "0", proceeds: "0.69", price: "0.99")]), .sales)
        let row = try #require(set.rows.first)
        #expect(!row.isPartialRefund)
        #expect(row.customerAmount == Money(minorUnits: 0, currency: Self.usd) && row.proceeds == Money(minorUnits: 0, currency: Self.usd))
    }

    @Test func aReturnRowHasNegativeUnitsAndMoney() throws {
        let set = try F.read(text: F.salesFile([F.purchase("coins", units: "-2", proceeds: "0.69", price: "-0.99")]), .sales)
        let row = try #require(set.rows.first)
        #expect(row.customerAmount == Money(minorUnits: -198, currency: Self.usd))
        #expect(row.proceeds == Money(minorUnits: -138, currency: Self.usd))
    }

    @Test func aZeroUnitFinancialRefundTakesItsCustomerPriceAndExtendedShare() throws {
        let text = "Start Date\tEnd Date\tVendor Identifier\tQuantity\tExtended Partner Share\tPartner Share Currency\tCustomer Price\tCustomer Currency\tProduct Type Identifier\n"
            + "09/29/2024\t11/02/2024\tcom.example.pro\t0\t-3.50\tUSD\t-4.99\tUSD\tIAY\n"
        let row = try #require(try F.read(text: text, .financial).rows.first)
        #expect(row.isPartialRefund)
        #expect(row.customerAmount == Money(minorUnits: -499, currency: Self.usd))
        #expect(row.proceeds == Money(minorUnits: -350, currency: Self.usd))
        #expect(row.span.label == "2024-10")
    }

    @Test func aFinancialRowBelongsToTheFiscalMonthOfItsStartDate() throws {
        // Fiscal 2023 had 53 weeks: its fiscal December (third month) has five, 2022-11-27 to 2022-12-31.
        let text = "Start Date\tEnd Date\tVendor Identifier\tQuantity\tProduct Type Identifier\n"
            + "11/27/2022\t12/31/2022\tcom.example.pro\t1\tIA1\n"
            + "12/31/2022\t12/31/2022\tcom.example.pro\t1\tIA1\n"
            + "01/01/2023\t01/28/2023\tcom.example.pro\t1\tIA1\n"
        let set = try F.read(text: text, .financial)
        #expect(set.rows.map(\.span.label) == ["2022-12", "2022-12", "2023-01"])
        #expect(set.rows[0].span.lastDay - set.rows[0].span.firstDay == 34)
        #expect(set.rows[0].customerAmount == nil)
    }
}
