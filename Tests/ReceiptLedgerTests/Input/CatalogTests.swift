import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

@Suite struct CatalogTests {
    /// Rows of one instant must agree (a conflicting pair is refused, `refusesConflictingDuplicateRows`);
    /// of agreeing ones, written differently, the later is used.
    @Test func latestRowAtOrBeforeTheInstantWinsAndTiesGoToTheLaterRow() throws {
        let csv = """
        product_id,product_type,currency,price,effective_from,proceeds_rate
        p,consumable,USD,1.00,,
        p,consumable,USD,3,2024-03-01,0.850
        p,consumable,USD,3.00,2024-03-01T00:00:00Z,0.85
        p,consumable,USD,4.00,2024-04-01 12:00:00,
        """
        let catalog = try CatalogReader.parse(csv, path: "c.csv")
        let march = try #require(CatalogDate.parse("2024-03-01"))
        #expect(catalog.entry(for: "p", at: UnixMillis(march.rawValue - 1))?.price.formatted == "1.00")
        #expect(catalog.entry(for: "p", at: march)?.price.formatted == "3.00")
        #expect(catalog.entry(for: "p", at: march)?.proceedsRate == DecimalText(digits: 85, fractionDigits: 2))
        #expect(catalog.entry(for: "p", at: march)?.order == 2)
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

    static let header = "product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price\n"
    static let columns = "(required: product_id, product_type, currency, price; optional: effective_from, proceeds_rate, intro_price)"
    static let plain = "(a plain decimal number with a point, such as 0.99)"

    @Test(arguments: [
        ("product_id,product_type,currency\np,consumable,USD\n", 1, "missing column price \(columns)"),
        ("product_id,product_type,currency,price\np,gift,USD,1\n", 2, "unknown product_type \"gift\" (consumable, non_consumable, auto_renewable, non_renewing)"),
        ("product_id,product_type,currency,price\np,consumable,USD,1.999\n", 2, "bad price \"1.999\" for USD (2 decimals at most)"),
        ("product_id,product_type,currency,price\n\np,consumable,JPY,1.5\n", 3, "bad price \"1.5\" for JPY (0 decimals at most)"),
        ("product_id,product_type,currency,price,effective_from\np,consumable,USD,1,soon\n", 2,
         "bad effective_from \"soon\" (a date such as 2024-09-01 or a timestamp such as 2024-09-01T12:00:00Z)"),
        ("product_id,product_type,currency,price,proceeds_rate\np,consumable,USD,1,1.5\n", 2, "bad proceeds_rate \"1.5\" (a fraction from 0 to 1)"),
        ("product_id,product_type,currency,price\n\"p,consumable,USD,1\n", 2, "unclosed quoted field"),
    ])
    func errorsNameTheLine(csv: String, line: Int, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: line, message: message)) { try CatalogReader.parse(csv, path: "c.csv") }
    }

    /// Issue 21: a decimal comma, unquoted, makes one field too many; the row is refused with a
    /// hint instead of pricing every coins.100 sale at 0.00.
    @Test(arguments: [
        ("com.acme.coins.100,consumable,USD,0,99,,,\n", "8 fields, but the header has 7 (a decimal comma in price? use a point: 0.99)"),
        ("p,consumable,USD,1.00,,0,7,\n", "8 fields, but the header has 7 (a decimal comma in proceeds_rate? use a point: 0.7)"),
        ("p,consumable,USD,1.00,,,0,99\n", "8 fields, but the header has 7 (a decimal comma in intro_price? use a point: 0.99)"),
        ("p,consumable,USD,1.00,,,,\n", "8 fields, but the header has 7"),
        ("p,consumable,USD,1.00,,\n", "6 fields, but the header has 7"),
        ("p,consumable,USD,1.00\n", "4 fields, but the header has 7"),
    ])
    func refusesARowWhoseFieldCountDiffersFromTheHeader(row: String, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: 3, message: message)) {
            try CatalogReader.parse(Self.header + "ok,consumable,USD,1.00,,,\n" + row, path: "c.csv")
        }
    }

    /// `fields` are price, proceeds_rate and intro_price.
    @Test(arguments: [
        ("\"39,99\",,", "bad price \"39,99\" (decimal comma? use a point: 39.99)"),
        ("1e3,,", "bad price \"1e3\" \(plain)"),
        ("4.99abc,,", "bad price \"4.99abc\" \(plain)"),
        ("-1,,", "bad price \"-1\" \(plain)"),
        ("-0,,", "bad price \"-0\" \(plain)"),
        ("+1,,", "bad price \"+1\" \(plain)"),
        (".99,,", "bad price \".99\" \(plain)"),
        ("1.,,", "bad price \"1.\" \(plain)"),
        (",,", "bad price \"\" \(plain)"),
        ("1 000,,", "bad price \"1 000\" \(plain)"),
        ("1234567890123456789,,", "bad price \"1234567890123456789\" (18 digits at most)"),
        ("99999999999999999,,", "bad price \"99999999999999999\" for USD (too large)"),
        ("0.99,,\"0,49\"", "bad intro_price \"0,49\" (decimal comma? use a point: 0.49)"),
        ("0.99,,0.499", "bad intro_price \"0.499\" for USD (2 decimals at most)"),
        ("0.99,,-0.49", "bad intro_price \"-0.49\" \(plain)"),
        ("0.99,\"0,7\",", "bad proceeds_rate \"0,7\" (decimal comma? use a point: 0.7)"),
        ("0.99,70%,", "bad proceeds_rate \"70%\" (a plain decimal number with a point, such as 0.70)"),
        ("0.99,-0.1,", "bad proceeds_rate \"-0.1\" (a plain decimal number with a point, such as 0.70)"),
        ("0.99,1.01,", "bad proceeds_rate \"1.01\" (a fraction from 0 to 1)"),
        ("0.99,0.1234567891,", "bad proceeds_rate \"0.1234567891\" (9 decimals at most)"),
    ])
    func refusesAnAmountThatIsNotAPlainDecimalWithAPoint(fields: String, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: 2, message: message)) {
            try CatalogReader.parse("product_id,product_type,currency,price,proceeds_rate,intro_price\np,consumable,USD,\(fields)\n", path: "c.csv")
        }
    }

    @Test(arguments: [
        ("product_id,product_type,currency,price,proceeds_rat\n", "unknown column 5 \"proceeds_rat\" \(columns)"),
        ("product_id,product_type,currency,prcie\n", "unknown column 4 \"prcie\" \(columns)"),
        ("product_id,product_type,currency,price,\n", "column 5 has no name \(columns)"),
        ("product_id,product_type,currency,price, Price \n", "column price appears twice (columns 4 and 5)"),
        ("product_id,currency,price,effective_from\n", "missing column product_type \(columns)"),
    ])
    func refusesAHeaderWithAnUnknownOrMissingColumn(header: String, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: 1, message: message)) { try CatalogReader.parse(header + "p,consumable,USD,1\n", path: "c.csv") }
    }

    @Test(arguments: [
        ("US", "bad currency \"US\" (a three-letter ISO 4217 code such as USD)"),
        ("U$D", "bad currency \"U$D\" (a three-letter ISO 4217 code such as USD)"),
        ("", "bad currency \"\" (a three-letter ISO 4217 code such as USD)"),
        ("ÜSD", "bad currency \"ÜSD\" (a three-letter ISO 4217 code such as USD)"),
        ("USX", "unknown currency \"USX\" (not an ISO 4217 currency code)"),
        ("XAU", "unknown currency \"XAU\" (not an ISO 4217 currency code)"),
    ])
    func refusesAnUnknownOrMalformedCurrency(code: String, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: 2, message: message)) {
            try CatalogReader.parse("product_id,product_type,currency,price\np,consumable,\(code),1\n", path: "c.csv")
        }
    }

    @Test func acceptsCurrencyCodesInAnyCase() throws {
        let catalog = try CatalogReader.parse("product_id,product_type,currency,price\np,consumable,kwd,1.250\nq,consumable,Eur,2\n", path: "c.csv")
        let instant = UnixMillis(0)
        #expect(catalog.entry(for: "p", at: instant)?.price == Money(minorUnits: 1250, currency: Currency(code: "KWD")))
        #expect(catalog.entry(for: "q", at: instant)?.currency.code == "EUR")
    }

    /// Two rows for one product and instant with other values: which one "wins" would decide
    /// the money, so the later row is refused, naming the earlier one and what differs.
    @Test(arguments: [
        ("p,consumable,USD,0.99,,,\np,consumable,USD,1.99,,0.85,\n",
         "\"p\" (no effective_from) is already on line 2 with other values (price 1.99 here, 0.99 there; "
            + "proceeds_rate 0.85 here, 0.70 there): two rows for one product and instant must agree"),
        ("p,consumable,USD,0.99,2024-03-01,,\np,non_consumable,EUR,0.99,2024-03-01T00:00:00Z,,0.49\n",
         "\"p\" from 2024-03-01T00:00:00.000Z is already on line 2 with other values (product_type non_consumable here, consumable there; "
            + "currency EUR here, USD there; intro_price 0.49 here, none there): two rows for one product and instant must agree"),
    ])
    func refusesConflictingDuplicateRows(rows: String, message: String) {
        #expect(throws: CatalogError(path: "c.csv", line: 3, message: message)) { try CatalogReader.parse(Self.header + rows, path: "c.csv") }
    }

    /// Duplicates that agree (whatever their spelling) stay allowed: SPEC §8's later row wins.
    @Test func acceptsDuplicateRowsThatAgree() throws {
        let catalog = try CatalogReader.parse(Self.header + "p,consumable,USD,1,,,\np,Consumable,usd,1.00,,0.7,\n"
                                              + "p,consumable,USD,2,2024-01-01,0.70,\np,consumable,USD,2.00,1704067200000,0.700,\n", path: "c.csv")
        #expect(catalog.entryCount == 4)
        #expect(catalog.entry(for: "p", at: UnixMillis(0))?.order == 1)
        #expect(catalog.entry(for: "p", at: UnixMillis(1_704_067_200_000))?.order == 3)
    }

    @Test func blankLinesAndAByteOrderMarkAreFine() throws {
        let catalog = try CatalogReader.parse("\u{FEFF}" + Self.header + "\np,consumable,USD,1,,,\r\n\r\n\nq,consumable,JPY,120,,,\n\n", path: "c.csv")
        #expect(catalog.productCount == 2)
        #expect(catalog.entry(for: "q", at: UnixMillis(0))?.price.formatted == "120")
    }

    /// The catalog the demo writes, and the fuzz fixtures, still read.
    @Test func theDemoCatalogStillReads() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DemoSample.generator.writeCatalog(to: path)
        let catalog = try CatalogReader.read(path: path)
        #expect(catalog.productCount == 6 && catalog.entryCount == 7)
        #expect(catalog.entry(for: "com.example.demoapp.coins_100", at: UnixMillis(0))?.price.formatted == "0.99")
        #expect(try CatalogReader.read(path: HostileSupport.fuzzCatalogPath).entryCount > 0)
        #expect(try CatalogReader.read(path: HostileSupport.dearCatalogPath).entryCount > 0)
    }

    /// Through `run`: one line naming file:line, exit 64.
    @Test func aMalformedCatalogEndsTheRunWithExit64() throws {
        let folder = try HostileSupport.temporaryFolder("catalog")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = folder + "/records.ndjson", catalog = folder + "/catalog.csv"
        try (HostileSupport.line(id: "1", response: HostileSupport.answer("1000")) + "\n").write(toFile: records, atomically: true, encoding: .utf8)
        try (Self.header + "com.acme.coins.100,consumable,USD,0,99,,,\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        let result = CommandLineTool.outcome(["run", "--ndjson", records, "--catalog", catalog, "--out", folder + "/out",
                                              "--templates", HostileSupport.templatesPath])
        #expect(result.code == 64)
        #expect(result.message == "unreadable catalog: \(catalog):2: 8 fields, but the header has 7 (a decimal comma in price? use a point: 0.99)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
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
