import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

@Suite struct DemoGeneratorTests {
    @Test func sameSeedGivesIdenticalFiles() throws {
        let paths = (0..<2).map { DemoSample.temporaryPath("same-\($0)") }
        defer { for path in paths { for suffix in [".sqlite", ".ndjson"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        for path in paths {
            let generator = DemoGenerator(seed: 77, records: 1_200)
            try generator.writeSQLite(to: path + ".sqlite")
            try generator.writeNDJSON(to: path + ".ndjson")
        }
        #expect(try dump(paths[0] + ".sqlite") == dump(paths[1] + ".sqlite"))
        let first = try Data(contentsOf: URL(fileURLWithPath: paths[0] + ".ndjson"))
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: paths[1] + ".ndjson"))))
        #expect(first.count > 1_000_000)
    }

    @Test func differentSeedGivesDifferentData() {
        let one = DemoGenerator(seed: 1, records: 600).records().map { $0.response ?? [] }
        let two = DemoGenerator(seed: 2, records: 600).records().map { $0.response ?? [] }
        #expect(one != two)
    }

    @Test(arguments: [0, 1, 50, 299, 1_000, 2_345])
    func recordCountEqualsTheRequestedSize(size: Int) {
        let records = Array(DemoGenerator(seed: 5, records: size).records())
        #expect(records.count == size)
        #expect(records.map(\.id) == (0..<size).map { Int64($0 + 1) })
    }

    @Test func sqliteHoldsTheRecordsAndOrders() throws {
        let path = DemoSample.temporaryPath("tables.sqlite")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DemoSample.generator.writeSQLite(to: path)
        let db = try SQLiteDatabase(path: path, readOnly: true)
        var counts: [Int64] = []
        for table in ["verification_results", "orders"] {
            try db.prepare("SELECT count(*) FROM \(table)").forEachRow { counts.append($0.int64(0)) }
        }
        #expect(counts == [Int64(DemoSample.size), Int64(DemoSample.orders.count)])
        let select = try db.prepare("SELECT id, user_id, verified_at, claimed_environment, response FROM verification_results")
        #expect(select.columnNames == ["id", "user_id", "verified_at", "claimed_environment", "response"])
        var types: Set<String> = []
        try db.prepare("SELECT DISTINCT typeof(verified_at) || '/' || typeof(response) FROM verification_results").forEachRow {
            types.insert($0.text(0) ?? "")
        }
        #expect(types.isSuperset(of: ["integer/text", "text/text", "integer/null"]))
        #expect(db.tableExists("orders"))
    }

    @Test func everyResponseMeantToBeJSONParses() throws {
        var parsed = 0
        var broken = 0
        for record in DemoSample.records {
            guard var bytes = record.response else { continue }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            if record.isJSON {
                #expect(object != nil, "record \(record.id) should parse")
                parsed += 1
            } else {
                #expect(object == nil, "record \(record.id) should not parse")
                broken += 1
            }
        }
        #expect(parsed > DemoSample.size * 9 / 10)
        #expect(broken >= 2)
    }

    @Test func ndjsonLinesCarryTheTableKeys() throws {
        var line = DemoJSONWriter()
        var asString = 0
        for record in DemoSample.records {
            line.removeAll()
            DemoGenerator.writeLine(record, into: &line)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.bytes)) as? [String: Any])
            #expect(Set(object.keys) == ["id", "user_id", "verified_at", "claimed_environment", "response"])
            if object["response"] is String { asString += 1 }
        }
        #expect(asString > DemoSample.size / 20)
        #expect(asString < DemoSample.size / 5)
    }

    @Test func latestVerifiedAtIsTheEndOfTheDemo() {
        let instants = DemoSample.records.compactMap { record -> Int64? in
            if case .millis(let value) = record.verifiedAt { return value }
            return nil
        }
        #expect(instants.max() == DemoWorld.end)
        #expect(DemoWorld.end == 1_751_313_600_000)
        #expect(instants.min().map { $0 >= DemoWorld.start } == true)
    }

    @Test func recordsAreStoredRoughlyInVerifiedAtOrder() {
        let instants = DemoSample.records.compactMap { record -> Int64? in
            if case .millis(let value) = record.verifiedAt { return value }
            return nil
        }
        let inversions = zip(instants, instants.dropFirst()).filter { $0 > $1 }.count
        #expect(inversions > 0)
        #expect(inversions < instants.count / 50)
    }

    @Test func catalogListsThePricedProducts() throws {
        let path = DemoSample.temporaryPath("catalog.csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DemoSample.generator.writeCatalog(to: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price")
        #expect(lines.contains("com.example.demoapp.pro_monthly,auto_renewable,USD,5.99,2024-09-01,,1.99"))
        #expect(lines.contains("com.example.demoapp.pro_yearly,auto_renewable,USD,39.99,,0.85,"))
        #expect(lines.contains("com.example.demoapp.coins_jp,consumable,JPY,120,,,"))
        #expect(lines.count == 8)
        #expect(lines.contains { $0.hasPrefix(DemoProduct.stickerPack.productID) } == false)
    }

    /// A generated file holds exactly the records asked for (the benchmark's data comes from here;
    /// its speed is shown by `receipt-ledger bench`, never timed in a test).
    @Test func twentyThousandRecordsAreWrittenInFull() throws {
        let path = DemoSample.temporaryPath("twenty-thousand.sqlite")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try DemoGenerator(seed: 11, records: 20_000).writeSQLite(to: path)
        let db = try SQLiteDatabase(path: path, readOnly: true)
        var counts: [Int64] = []
        try db.prepare("SELECT count(*), count(DISTINCT id), min(id) FROM verification_results").forEachRow { row in
            counts = [row.int64(0), row.int64(1), row.int64(2)]
        }
        #expect(counts == [20_000, 20_000, 1])
    }

    private func dump(_ path: String) throws -> [String] {
        let db = try SQLiteDatabase(path: path, readOnly: true)
        var rows: [String] = []
        for sql in ["SELECT * FROM verification_results ORDER BY id", "SELECT * FROM orders ORDER BY order_id"] {
            try db.prepare(sql).forEachRow { row in
                rows.append((0..<row.columnCount).map { "\(row.type($0)):\(row.text($0) ?? "NULL")" }.joined(separator: "|"))
            }
        }
        return rows
    }
}
