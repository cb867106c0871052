import Foundation
import Testing
@testable import ReceiptLedger

/// `report.xlsx` (issue 25): each CSV file a sheet, each cell typed by its column's kind.
@Suite struct ReportWorkbookTests {
    /// One cell of a sheet's XML: its column letters, attributes and content.
    struct SheetCell: Equatable, CustomStringConvertible {
        var column: String
        var attributes: String
        var content: String
        var description: String { "\(column)[\(attributes)]\(content)" }
    }

    /// The rows of a sheet part, cells as written (a test-side reading, by pattern).
    static func rows(ofSheet xml: String) -> [[SheetCell]] {
        xml.matches(of: /<row r="\d+">(.*?)<\/row>/).map { row in
            String(row.1).matches(of: /<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/).map {
                SheetCell(column: String($0.1), attributes: String($0.2), content: String($0.3))
            }
        }
    }

    static let craftedColumns: [ReportColumn] = [
        .text("transaction_id"), .text("user_id"), .text("currency"), .amount("amount"), .integer("count"),
        .decimal("days"), .instant("at"), .boolean("flag"),
    ]

    /// Ids that a spreadsheet's own import turns into numbers or dates, amounts in currencies of
    /// 0, 2 and 3 minor digits, one unpriced, and values that do not read as their kind.
    static var craftedTable: CSVTable {
        var table = CSVTable(header: craftedColumns.map(\.name))
        table.append([.text("2000000100007540"), .text("0042"), .text("JPY"), .amount(120, Currency(code: "JPY")), .count(3),
                      .number("1.50"), .instant(UnixMillis(1_719_808_620_123)), .bool(true)])
        table.append([.text("123456789012345678"), .text("2025-01-01"), .text("USD"), .amount(-99, Currency(code: "USD")),
                      .integer(Int64(9_007_199_254_740_993)), .empty, .text("not a time"), .bool(false)])
        table.append([.text("=1+1"), .text(" padded "), .text("BHD"), .amount(1_234, Currency(code: "BHD")), .count(0),
                      .number("0.00"), .instant(UnixMillis(-2_208_988_800_000)), .empty])
        table.append([.text("x_x0041_y"), .text("nul\u{0}"), .empty, .amount(nil), .empty,
                      .empty, .empty, .text("maybe")])
        return table
    }

    @Test func craftedCellsAreTypedByTheirColumns() throws {
        let bytes = try ReportWorkbook.bytes([("crafted.csv", .table(Self.craftedTable, columns: Self.craftedColumns))])
        let zip = try StoredZip(bytes)
        let sheet = try #require(zip.text("xl/worksheets/sheet1.xml"))
        let rows = Self.rows(ofSheet: sheet)
        func text(_ column: String, _ value: String) -> SheetCell {
            SheetCell(column: column, attributes: #" s="2" t="inlineStr""#, content: "<is><t>\(value)</t></is>")
        }
        func number(_ column: String, _ style: Int, _ value: String) -> SheetCell {
            SheetCell(column: column, attributes: #" s="\#(style)""#, content: "<v>\(value)</v>")
        }
        func boolean(_ column: String, _ value: Int) -> SheetCell {
            SheetCell(column: column, attributes: #" t="b""#, content: "<v>\(value)</v>")
        }
        #expect(rows.count == 5)
        #expect(rows[0].map(\.content) == Self.craftedColumns.map { "<is><t>\($0.name)</t></is>" })
        #expect(rows[1] == [text("A", "2000000100007540"), text("B", "0042"), text("C", "JPY"), number("D", 3, "120"),
                            number("E", 3, "3"), number("F", 5, "1.50"), number("G", 8, "45474.1923625347"), boolean("H", 1)])
        // 9007199254740993 has 16 digits: a double would round it, so it stays text.
        #expect(rows[2] == [text("A", "123456789012345678"), text("B", "2025-01-01"), text("C", "USD"), number("D", 5, "-0.99"),
                            text("E", "9007199254740993"), text("G", "not a time"), boolean("H", 0)])
        // No formula guard; 1900-01-01 is before the first serial date Excel gets right: text.
        #expect(rows[3] == [text("A", "=1+1"),
                            SheetCell(column: "B", attributes: #" s="2" t="inlineStr""#, content: #"<is><t xml:space="preserve"> padded </t></is>"#),
                            text("C", "BHD"), number("D", 6, "1.234"), number("E", 3, "0"), number("F", 5, "0.00"),
                            text("G", "1900-01-01T00:00:00.000Z")])
        // An unpriced amount (no currency) is 0 in the format `0`; a boolean column's other text stays text.
        #expect(rows[4] == [text("A", "x_x005F_x0041_y"), text("B", "nul_x0000_"), number("D", 3, "0"), text("H", "maybe")])
    }

    @Test func theSheetIsNamedAfterItsFileAndSizedByItsColumns() throws {
        #expect(ReportWorkbook.sheetName(ofFile: "environment_check.csv") == "environment_check")
        #expect(ReportWorkbook.width(.text("id")) == 18)
        #expect(ReportWorkbook.width(.instant("purchase_date")) == 23)
        #expect(ReportWorkbook.width(.boolean("is_in_intro_offer_period")) == 28)
        #expect(ReportWorkbook.width(.amount("refund_proceeds_amount")) == 26)
        #expect(ReportWorkbook.width(.text(String(repeating: "n", count: 80))) == 60)
    }

    @Test func rowsPastTheRowLimitContinueOnANewSheetWithTheHeader() throws {
        let bytes = try ReportWorkbook.bytes([("crafted.csv", .table(Self.craftedTable, columns: Self.craftedColumns))], rowLimit: 3)
        let zip = try StoredZip(bytes)
        let first = Self.rows(ofSheet: try #require(zip.text("xl/worksheets/sheet1.xml")))
        let second = Self.rows(ofSheet: try #require(zip.text("xl/worksheets/sheet2.xml")))
        #expect(first.count == 3 && second.count == 3)
        #expect(second[0] == first[0])
        #expect(second[1].first?.content == "<is><t>=1+1</t></is>")
        #expect(zip.text("xl/workbook.xml")?.contains(#"<sheet name="crafted (2)" sheetId="2" r:id="rId2"/>"#) == true)
    }

    /// Every report file's amount columns name a currency column of the same file, and its
    /// header is its columns' names (what the CSV file writes is what the sheet heads).
    @Test func everyReportFileDescribesItsColumns() throws {
        let data = try Self.demoData()
        for (name, csv) in ReportRun.csvFiles(data) {
            let names = csv.columns.map(\.name)
            let (bytes, _) = csv.bytes()
            let headerLine = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            #expect(headerLine == names.joined(separator: ","), "\(name)")
            for column in csv.columns {
                guard case .amount(let currency) = column.kind else { continue }
                #expect(names.contains(currency), "\(name): \(column.name) names \(currency)")
            }
        }
    }

    /// The streamed files' sheets (rows kept raw by the CSV row writer) are the sheets of the
    /// same files built cell by cell (`ReportRun.tables`, the obviously right path).
    @Test func streamedFilesGiveTheSameSheetsAsTheirCellTables() throws {
        let data = try Self.demoData()
        let files = ReportRun.csvFiles(data)
        let tables = ReportRun.tables(data)
        #expect(files.map(\.name) == tables.map(\.name))
        let fromTables = zip(files, tables).map { file, table in (name: table.name, csv: ReportCSV.table(table.table, columns: file.csv.columns)) }
        let streamed = try ReportWorkbook.bytes(files), built = try ReportWorkbook.bytes(fromTables)
        #expect(streamed == built)
        let zip = try StoredZip(streamed)
        let sheets = (1...files.count).map { WorkbookParts.sheetPath($0) }
        #expect(zip.entries.prefix(files.count).map(\.name) == sheets)
        for (index, file) in files.enumerated() {
            let xml = try #require(zip.entries[index].contents as [UInt8]?)
            #expect(StoredZip.xmlProblem(xml) == nil, "\(file.name)")
            let rows = Self.rows(ofSheet: String(decoding: xml, as: UTF8.self))
            #expect(rows.count == file.csv.rowCount + 1, "\(file.name)")
        }
        #expect(try ReportWorkbook.bytes(files) == streamed, "the same files give the same bytes")
    }

    /// A run writes `report.xlsx` beside the CSV files, the manifest lists it with its SHA-256,
    /// and a second run of the same input writes the same bytes.
    @Test func aRunWritesTheSameWorkbookTwiceAndTheManifestHashesIt() throws {
        let input = try ReportRunTests.Input(seed: 11, records: 600)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        var workbooks: [Data] = []
        for out in ["/one", "/two"] {
            let status = InProcessRun.commandLine(["run", "--db", input.database, "--catalog", input.catalog, "--orders", input.orders,
                                                   "--out", input.folder + out, "--templates", ReportRunTests.templates])
            try #require(status == 0)
            let workbook = try Data(contentsOf: URL(fileURLWithPath: input.folder + out + "/report.xlsx"))
            workbooks.append(workbook)
            let manifest = try JSONDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: input.folder + out + "/manifest.json")))).root
            let outputs = try #require(manifest["outputs"]?.elements)
            let entry = try #require(outputs.first { $0["file"]?.string == "report.xlsx" })
            #expect(entry["sha256"]?.string == SHA256.hexDigest(of: Array(workbook)))
            #expect(entry["rows"] == nil)
            let names = outputs.compactMap { $0["file"]?.string }
            #expect(names == names.sorted() && names.contains("transactions.csv"))
        }
        #expect(workbooks[0] == workbooks[1])
        let zip = try StoredZip(Array(workbooks[0]))
        let sheetNames = try #require(zip.text("xl/workbook.xml")).matches(of: /<sheet name="([^"]+)"/).map { String($0.1) }
        #expect(sheetNames == ["anomalies", "environment_check", "ledger_period", "ledger_product", "ledger_storefront", "ledger_user",
                               "notifications", "reconciliation", "refunds", "rejected", "subscriptions", "transactions"])
        let path = input.folder + "/one/report.xlsx"
        #expect(try StoredZip.pythonProblem(path: path) == nil)
        #expect(try StoredZip.unzipProblem(path: path) == nil)
    }

    /// The report data of a generated input, with orders, in memory.
    static func demoData(seed: UInt64 = 5, records: Int = 800) throws -> ReportData {
        let input = try ReportRunTests.Input(seed: seed, records: records)
        defer { try? FileManager.default.removeItem(atPath: input.folder) }
        let catalog = try CatalogReader.read(path: input.catalog)
        let result = try JournalPipeline(reader: ResponseReader(bundleIDs: []), catalog: catalog)
            .run(source: try SQLiteRecordSource(path: input.database, query: nil))
        var options = RunOptions(input: .sqlite(path: input.database, query: nil))
        options.catalogPath = input.catalog
        let orders = try OrderReader.read(csvPath: input.orders)
        return ReportRun.reportData(options: options, sourceLabel: "test", result: result, zone: try ZoneRules(identifier: "UTC"),
                                    orders: orders, ordersLabel: "orders.csv")
    }
}

/// `--no-xlsx`: the report without its workbook; a workbook of an earlier run goes with it.
@Suite struct ReportWithoutWorkbookTests {
    @Test func noXlsxLeavesTheWorkbookOutAndRemovesAnEarlierOne() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/receipt-ledger-no-xlsx-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportFixture.ndjson.write(toFile: folder + "/records.ndjson", atomically: true, encoding: .utf8)
        let arguments = ["--ndjson", folder + "/records.ndjson", "--out", folder + "/out", "--templates", ReportFixture.templatesFolder]
        let withWorkbook = try InProcessRun.execute(arguments)
        #expect(withWorkbook.files.map(\.name).contains(ReportWorkbook.name))
        #expect(FileManager.default.fileExists(atPath: folder + "/out/report.xlsx"))
        let csvBefore = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/transactions.csv"))

        let without = try InProcessRun.execute(arguments + ["--no-xlsx"])
        #expect(!without.files.map(\.name).contains(ReportWorkbook.name))
        #expect(without.files.count == withWorkbook.files.count - 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/report.xlsx"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out/transactions.csv")) == csvBefore)
        let manifest = try String(contentsOfFile: folder + "/out/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"xlsx\": false"))
        #expect(!manifest.contains("report.xlsx"))
    }
}
