import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// Benchmark sizes, run on request only:
/// `DEMO_BENCHMARK_RECORDS=200000 swift test -c release -Xswiftc -enable-testing --filter DemoBenchmark`
@Suite struct DemoBenchmarkTests {
    static let records = ProcessInfo.processInfo.environment["DEMO_BENCHMARK_RECORDS"].flatMap { Int($0) }

    @Test(.enabled(if: records != nil)) func generateBenchmarkFiles() throws {
        let size = DemoBenchmarkTests.records ?? 0
        let folder = ProcessInfo.processInfo.environment["DEMO_BENCHMARK_DIR"] ?? FileManager.default.temporaryDirectory.path
        let path = folder + "/demo-\(size)"
        let buildStart = ContinuousClock.now
        let generator = DemoGenerator(seed: 1, records: size)
        let buildTime = ContinuousClock.now - buildStart
        let sqliteStart = ContinuousClock.now
        try generator.writeSQLite(to: path + ".sqlite")
        let sqliteTime = ContinuousClock.now - sqliteStart
        let ndjsonStart = ContinuousClock.now
        try generator.writeNDJSON(to: path + ".ndjson")
        let ndjsonTime = ContinuousClock.now - ndjsonStart
        var responseBytes = 0
        for record in generator.records() { responseBytes += record.response?.count ?? 0 }
        let sqliteSize = (try FileManager.default.attributesOfItem(atPath: path + ".sqlite")[.size] as? Int) ?? 0
        let ndjsonSize = (try FileManager.default.attributesOfItem(atPath: path + ".ndjson")[.size] as? Int) ?? 0
        print("demo benchmark: \(size) records, responses \(responseBytes / 1_000_000) MB")
        print("demo benchmark: SQLite \(sqliteSize / 1_000_000) MB in \(sqliteTime) (+ \(buildTime) to plan the data)")
        print("demo benchmark: NDJSON \(ndjsonSize / 1_000_000) MB in \(ndjsonTime)")
    }
}
