import Testing
@testable import ReceiptLedger

@Suite struct CatalogTests {
    @Test func latestRowAtOrBeforeTheInstantWinsAndTiesGoToTheLaterRow() throws {
        let csv = """
        product_id,product_type,currency,price,effective_from,proceeds_rate
        p,consumable,USD,1.00,,
        p,consumable,USD,2.00,2024-03-01,
        p,consumable,USD,3.00,2024-03-01T00:00:00Z,0.85
        p,consumable,USD,4.00,2024-04-01 12:00:00,
        """
        let catalog = try CatalogReader.parse(csv, path: "c.csv")
        let march = try #require(CatalogDate.parse("2024-03-01"))
        #expect(catalog.entry(for: "p", at: UnixMillis(march.rawValue - 1))?.price.formatted == "1.00")
        #expect(catalog.entry(for: "p", at: march)?.price.formatted == "3.00")
        #expect(catalog.entry(for: "p", at: march)?.proceedsRate == DecimalText(digits: 85, fractionDigits: 2))
        let april = try #require(CatalogDate.parse("2024-04-01T12:00:00Z"))
        #expect(catalog.entry(for: "p", at: april)?.price.formatted == "4.00")
        #expect(catalog.entry(for: "p", at: UnixMillis(april.rawValue - 1))?.price.formatted == "3.00")
        #expect(catalog.entry(for: "q", at: april) == nil)
    }

    /// `price(for:at:)`, the one pricing uses, gives the in-effect row's price and type as
    /// `entry(for:at:)` does, and before any row the type of the product's first row; products
    /// listed interleaved keep their own rows.
    @Test func priceAgreesWithTheRowInEffect() throws {
        let csv = """
        product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price
        p,non_consumable,USD,2.00,2024-03-01,,
        q,consumable,EUR,5.00,,0.7,
        p,consumable,USD,3.00,2024-04-01,0.85,1.00
        q,consumable,EUR,6.00,2024-03-15,,
        """
        let catalog = try CatalogReader.parse(csv, path: "c.csv")
        #expect(catalog.productCount == 2 && catalog.entryCount == 4)
        let march = try #require(CatalogDate.parse("2024-03-01")), april = try #require(CatalogDate.parse("2024-04-01"))
        let instants = [march, april, try #require(CatalogDate.parse("2024-03-15"))].flatMap { [$0.rawValue - 1, $0.rawValue, $0.rawValue + 1] }
        for product in ["p", "q", "r"] {
            for instant in instants.map(UnixMillis.init) {
                let entry = catalog.entry(for: product, at: instant)
                let (price, type) = catalog.price(for: product, at: instant)
                #expect(price?.price == entry?.price && price?.currency == entry?.currency && price?.introPrice == entry?.introPrice)
                #expect(price?.proceedsRate == entry?.proceedsRate)
                #expect(type == (entry?.productType ?? catalog.productType(of: product)))
            }
        }
        // Before its first row, p is priced by nothing but typed by that row; then each row's type.
        #expect(catalog.price(for: "p", at: UnixMillis(march.rawValue - 1)).price == nil)
        #expect(catalog.price(for: "p", at: UnixMillis(march.rawValue - 1)).productType == .nonConsumable)
        #expect(catalog.price(for: "p", at: april).productType == .consumable)
        #expect(catalog.price(for: "p", at: april).price?.introPrice?.formatted == "1.00")
        #expect(catalog.price(for: "q", at: march).price?.price.formatted == "5.00")
        #expect(catalog.price(for: "r", at: april).productType == nil)
    }

    @Test(arguments: [
        ("product_id,product_type,currency\np,consumable,USD\n", 1, "missing column price"),
        ("product_id,product_type,currency,price\np,gift,USD,1\n", 2, "unknown product_type \"gift\" (consumable, non_consumable, auto_renewable, non_renewing)"),
        ("product_id,product_type,currency,price\np,consumable,USD,1.999\n", 2, "bad price \"1.999\" for USD (2 decimals at most)"),
        ("product_id,product_type,currency,price\n\np,consumable,JPY,1.5\n", 3, "bad price \"1.5\" for JPY (0 decimals at most)"),
        ("product_id,product_type,currency,price,effective_from\np,consumable,USD,1,soon\n", 2, "bad effective_from \"soon\""),
        ("product_id,product_type,currency,price,proceeds_rate\np,consumable,USD,1,1.5\n", 2, "bad proceeds_rate \"1.5\" (a fraction from 0 to 1)"),
        ("product_id,product_type,currency,price\n\"p,consumable,USD,1\n", 2, "unclosed quoted field"),
    ])
    func errorsNameTheLine(csv: String, line: Int, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: line, message: message)) { try CatalogReader.parse(csv, path: "c.csv") }
    }

    @Test func csvReaderHandlesQuotesBOMAndCRLF() throws {
        let rows = try CSVReader.rows(of: "\u{FEFF}a,b\r\n\"x,\"\"y\"\"\",\"multi\nline\"\r\n\r\nlast,\n")
        #expect(rows.map(\.fields) == [["a", "b"], ["x,\"y\"", "multi\nline"], ["last", ""]])
        #expect(rows.map(\.line) == [1, 2, 5])
    }
}

extension CatalogError: Equatable {
    public static func == (lhs: CatalogError, rhs: CatalogError) -> Bool {
        lhs.path == rhs.path && lhs.line == rhs.line && lhs.message == rhs.message
    }
}
