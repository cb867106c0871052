import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo
@testable import ReceiptLedgerCommands

/// `BenchData` keeps its generated files between runs, but not across generator versions: data
/// made before the demo had signed customers would not measure them.
@Suite struct BenchDataTests {
    @Test func keptDataIsReusedAndDataOfAnOlderGeneratorIsMadeAgain() throws {
        let folder = try HostileSupport.temporaryFolder("bench-data")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = BenchData(directory: folder, records: 400, seed: 3)
        #expect(try data.ensure(ndjson: true, log: { _ in }) == [data.sqlitePath, data.catalogPath, data.ndjsonPath, data.ordersPath])
        #expect(DemoDataSet.isCurrent(sqliteAt: data.sqlitePath))
        #expect(try data.ensure(ndjson: true, log: { _ in }).isEmpty)

        // An older generator's file: no user_version.
        try SQLiteDatabase(path: data.sqlitePath, readOnly: false).execute("PRAGMA user_version = 0")
        #expect(!DemoDataSet.isCurrent(sqliteAt: data.sqlitePath))
        #expect(try data.ensure(ndjson: true, log: { _ in }) == [data.sqlitePath, data.ndjsonPath, data.ordersPath])
        #expect(DemoDataSet.isCurrent(sqliteAt: data.sqlitePath))
        let ndjson = try String(contentsOfFile: data.ndjsonPath, encoding: .utf8)
        #expect(ndjson.split(separator: "\n").count == 400)
    }
}
