import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// The fuzz test the project keeps (ISSUE "hostile input", part 2): mutations of real answers
/// run through the whole pipeline, all reports and the real HTML templates, for a bounded time.
///
/// Environment:
/// - `FUZZ_SECONDS` (default 25): how long to run; `FUZZ_CASES` caps the number of inputs.
/// - `FUZZ_SEED` (default 1), `FUZZ_FIRST` (default 0): which inputs; the same values replay
///   the same inputs on any machine.
/// - `FUZZ_CASE_FILE`: each input is written there before it runs, so after a crash (which
///   stops the test process) the file holds the input that crashed; keep it under
///   `Tests/Fixtures/fuzz/regressions/` once the bug is fixed.
/// - `FUZZ_REPLAY`: run only the input in this file (a kept or crashed one).
///
/// Every tenth input is also read by the reference reading (`JournalPipeline.reference`),
/// whose reports must be the same bytes. Every 20th input also goes through a real file
/// (NDJSON or SQLite, responses as TEXT or BLOB) and `ReportRun.execute()`, staging folder and
/// manifest included.
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test func mutatedAnswersNeverCrashNeverLoseARecordNeverLeakIntoReports() throws {
        let seconds = Double(Self.environment["FUZZ_SECONDS"] ?? "") ?? 25
        let seed = UInt64(Self.environment["FUZZ_SEED"] ?? "") ?? 1
        let first = Int(Self.environment["FUZZ_FIRST"] ?? "") ?? 0
        let limit = Int(Self.environment["FUZZ_CASES"] ?? "") ?? .max
        let caseFile = Self.environment["FUZZ_CASE_FILE"].map { URL(fileURLWithPath: $0) }
        if let replay = Self.environment["FUZZ_REPLAY"] {
            let input = try FuzzCase.decode(Data(contentsOf: URL(fileURLWithPath: replay)))
            var tally = Tally()
            tally.add(try ReportInvariants.check(input))
            for variant in 0..<4 { try Self.runThroughFiles(input, variant: variant, tally: &tally) }
            print("fuzz: replayed \(replay): \(tally.records) records")
            return
        }
        let maker = try FuzzCaseMaker(seed: seed)
        let started = Date()
        var tally = Tally()
        var number = first
        while number - first < limit, Date().timeIntervalSince(started) < seconds {
            let input = maker.makeCase(number)
            if let caseFile { try input.encoded().write(to: caseFile) }
            do {
                tally.add(try ReportInvariants.check(input))
                if number % 10 == 3 { try Self.checkDeterminism(input) }
                if number % 10 == 7 { try Self.checkReference(input) }
                if number % 4 == 1 { try Self.checkCatalog(seed: seed, number: number, tally: &tally) }
                if number % 20 == 19 { try Self.runThroughFiles(input, variant: number / 20, tally: &tally) }
            } catch {
                tally.failures += 1
                let kept = try Self.keepFailure(input, seed: seed, number: number)
                Issue.record("fuzz input \(number) (seed \(seed)): \(error); input kept in \(kept)")
            }
            number += 1
        }
        let elapsed = Date().timeIntervalSince(started)
        print("fuzz: \(tally.inputs) inputs (\(tally.records) records: \(tally.accepted) accepted, \(tally.redirected) redirected, "
              + "\(tally.rejected) rejected; \(tally.fileRuns) through files, \(tally.outOfRange) refused as out of range; "
              + "\(tally.catalogs) damaged catalogs, \(tally.catalogErrors) refused with file:line) in "
              + "\(String(format: "%.1f", elapsed)) s, seed \(seed), inputs \(first)..<\(number): 0 crashes, \(tally.failures) failures")
        #expect(tally.inputs > 0)
        #expect(tally.failures == 0)
    }

    /// Inputs that once crashed the run or broke an invariant, kept as they were found.
    @Test func keptRegressionInputsStillPass() throws {
        let folder = HostileSupport.fuzzFixtures.appendingPathComponent("regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let input = try FuzzCase.decode(Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                let outcome = try ReportInvariants.check(input)
                #expect(outcome.counts.read == input.rows.count, "\(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
            var tally = Tally()
            for variant in 0..<4 { try Self.runThroughFiles(input, variant: variant, tally: &tally) }
        }
    }

    struct Tally {
        var inputs = 0
        var records = 0
        var accepted = 0
        var redirected = 0
        var rejected = 0
        var outOfRange = 0
        var fileRuns = 0
        var failures = 0
        var catalogs = 0
        var catalogErrors = 0

        mutating func add(_ outcome: ReportInvariants.Outcome) {
            inputs += 1
            records += outcome.counts.read
            accepted += outcome.counts.accepted
            redirected += outcome.counts.redirected
            rejected += outcome.counts.rejected
            if outcome.outOfRange { outOfRange += 1 }
        }
    }

    /// Writes the input as NDJSON (odd `variant`: objects embedded or as strings, sometimes with
    /// lines that are no record) or SQLite (even: responses as TEXT or BLOB) and runs the real
    /// `ReportRun`, staging and manifest included.
    static func runThroughFiles(_ input: FuzzCase, variant: Int, tally: inout Tally) throws {
        let folder = try HostileSupport.temporaryFolder("fuzz-files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputSpec: RunOptions.Input
        var expectedRecords = input.rows.count
        if variant % 2 == 1 {
            let path = folder + "/records.ndjson"
            var lines = input.ndjson(embedObjects: variant % 4 == 1)
            if variant % 8 == 3 || variant % 8 == 5 {
                // Lines that are not records of any kind: each is one rejected record, blank ones none.
                let extra = ["[1,2]", "{not json", "", "  \r", "\"text\"", "\u{0}", String(repeating: "[", count: 100_000), "{\"id\": 1e400}"]
                lines += Array((extra.joined(separator: "\n") + "\n").utf8)
                expectedRecords += 6
            }
            try Data(lines).write(to: URL(fileURLWithPath: path))
            inputSpec = .ndjson(path: path)
        } else {
            let path = folder + "/records.sqlite"
            try input.writeSQLite(to: path, responsesAsBlobs: variant % 4 == 2)
            inputSpec = .sqlite(path: path, query: nil)
        }
        var options = input.options(input: inputSpec, output: folder + "/out")
        options.catalogPath = input.catalogPath
        let summary: ReportRun.Summary
        do {
            summary = try ReportRun(options: options).execute()
        } catch let error as FatalError where error.message.hasPrefix("amounts out of range") {
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
            return
        }
        tally.fileRuns += 1
        guard summary.counts.read == expectedRecords, summary.counts.isBalanced else {
            throw ReportInvariants.Violation(description: "file run read \(summary.counts) for \(expectedRecords) records")
        }
        let manifest = try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/out/manifest.json"))))
        guard manifest.root["counts"]?["balanced"]?.bool == true,
              manifest.root["counts"]?["records_read"]?.int64 == Int64(expectedRecords) else {
            throw ReportInvariants.Violation(description: "manifest counts are not balanced")
        }
        for output in summary.files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out/" + output.name)))
            guard SHA256.hex(of: SHA256.digest(bytes)) == output.sha256 else {
                throw ReportInvariants.Violation(description: "\(output.name) differs from its manifest entry")
            }
            if output.name.hasSuffix(".html") {
                let found = ReportInvariants.htmlViolations(output.name, bytes)
                guard found.isEmpty else { throw ReportInvariants.Violation(description: found.joined(separator: "; ")) }
            }
        }
    }

    /// The same input gives the same bytes (parallel parsing and dictionaries must not leak
    /// into the output).
    static func checkDeterminism(_ input: FuzzCase) throws {
        func render() throws -> [(name: String, bytes: [UInt8], rows: Int?)] {
            let result = try JournalPipeline(reader: ResponseReader(bundleIDs: Set(input.settings.bundleIDs)), catalog: input.catalog)
                .run(source: input.recordSource)
            guard (try? AmountRange.check(result.journal)) != nil else { return [] }
            let options = input.options()
            let data = ReportRun.reportData(options: options, sourceLabel: "fuzz", result: result,
                                            zone: try ZoneRules(identifier: options.timeZone), orders: input.orderList,
                                            ordersLabel: input.orders == nil ? nil : "fuzz orders")
            return try ReportRun.renderFiles(data, templates: HostileSupport.templates)
        }
        let first = try render(), second = try render()
        guard first.map(\.name) == second.map(\.name), zip(first, second).allSatisfy({ $0.bytes == $1.bytes }) else {
            throw ReportInvariants.Violation(description: "two runs of the same input wrote different bytes")
        }
    }

    /// The reference reading (Foundation's parser, one thread, two passes) writes the
    /// same bytes as the default.
    static func checkReference(_ input: FuzzCase) throws {
        let options = input.options()
        let fast = try ReferenceReadingTests.render(input.recordSource, catalog: input.catalog, orders: input.orderList,
                                                    options: options, reference: false)
        let reference = try ReferenceReadingTests.render(input.recordSource, catalog: input.catalog, orders: input.orderList,
                                                         options: options, reference: true)
        let differing = ReferenceReadingTests.differences(fast, reference)
        guard differing.isEmpty else {
            throw ReportInvariants.Violation(description: "the reference reading wrote different bytes in \(differing.joined(separator: ", "))")
        }
    }

    /// A damaged catalog is read or refused with its file and line (CatalogError), never more.
    static func checkCatalog(seed: UInt64, number: Int, tally: inout Tally) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: HostileSupport.fuzzCatalogPath))
        var mutator = AnswerMutator(seed: seed, stream: UInt64(number) &* 2 &+ 0xCA7)
        var bytes = [UInt8](original)
        for _ in 0..<mutator.random.int(1...4) { bytes = mutator.mutateBytes(bytes, donors: [Array(",,\"\n=1,-0,1e9,JPY".utf8)]) }
        let text = String(decoding: bytes, as: UTF8.self)
        tally.catalogs += 1
        do {
            let catalog = try CatalogReader.parse(text, path: "catalog.csv")
            _ = catalog.entry(for: "com.example.demoapp.coins_100", at: UnixMillis(1_704_067_200_000))
        } catch {
            tally.catalogErrors += 1
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            guard error.path == "catalog.csv", (0...lines + 1).contains(error.line), !error.message.isEmpty else {
                throw ReportInvariants.Violation(description: "catalog error without a usable place: \(error)")
            }
        }
    }

    /// Saves a failing input where a developer can pick it up for `regressions/`.
    static func keepFailure(_ input: FuzzCase, seed: UInt64, number: Int) throws -> String {
        let folder = NSTemporaryDirectory() + "receipt-ledger-fuzz-failures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/seed\(seed)-input\(number).json"
        try input.encoded().write(to: URL(fileURLWithPath: path))
        return path
    }
}
