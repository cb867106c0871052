import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// The reference reading (`JournalPipeline.reference`) parses with Foundation's
/// `JSONSerialization`, never with the tape parser, and reads every record and writes every
/// report byte as the default does: on every fixture, the demo data and the fuzz inputs.
@Suite struct ReferenceReadingTests {
    @Test func theReferenceReadingParsesWithFoundationOnOneThreadInTwoPasses() {
        let reference = JournalPipeline.reference(reader: ResponseReader(), catalog: .empty)
        #expect(reference.parsing == .foundation)
        #expect(reference.workers == 1)
        #expect(!reference.readsInOneScan)
        #expect(JournalPipeline(reader: ResponseReader(), catalog: .empty).parsing == .tape)
        #expect(ResponseReader.Scratch(parsing: .foundation).parsing == .foundation)
        #expect(ResponseReader.Scratch().parsing == .tape)
    }

    /// Every answer of `Tests/Fixtures` (peers, modern, public, json: receipts, notifications,
    /// Server API answers, bare JWS) and every demo record, read by a Foundation scratch and by
    /// the default one: the same records; Foundation parsed every answer and payload, the tape
    /// parser none.
    @Test func everyFixtureAndDemoRecordReadsTheSameThroughFoundation() throws {
        var answers = try Self.fixtureAnswers()
        #expect(answers.count >= 40)
        answers += DemoSample.records.compactMap(\.response)
        let reader = ResponseReader()
        let foundation = ResponseReader.Scratch(parsing: .foundation)
        let tape = ResponseReader.Scratch()
        var differing: [Int] = []
        for (number, answer) in answers.enumerated() {
            let (byTape, byFoundation) = answer.withUnsafeBytes {
                (reader.read(bytes: $0, scratch: tape), reader.read(bytes: $0, scratch: foundation))
            }
            if Self.describe(byTape) != Self.describe(byFoundation) { differing.append(number) }
        }
        #expect(differing == [])
        #expect(foundation.documentsRead.tape == 0)
        #expect(foundation.documentsRead.foundation >= answers.count)
        #expect(tape.documentsRead.foundation == 0)
        #expect(tape.documentsRead.tape >= answers.count)
        // The signed fixtures' payloads were parsed too, by Foundation alone.
        #expect(foundation.payloads.documentsRead.foundation >= 20)
        #expect(foundation.payloads.documentsRead.tape == 0)
    }

    /// The demo data (3,000 records) through the default pipeline and the reference: every
    /// report file the same, byte for byte.
    @Test func theDemoDataGivesTheSameReportBytes() throws {
        let source = DemoSample.recordSource
        let catalog = try CatalogReader.parse(DemoCatalog.text, path: "catalog.csv")
        let options = RunOptions(input: .sqlite(path: "demo.sqlite", query: nil))
        let fast = try Self.render(source, catalog: catalog, options: options, reference: false)
        let reference = try Self.render(source, catalog: catalog, options: options, reference: true)
        #expect(fast.count >= 10)
        #expect(Self.differences(fast, reference) == [])
    }

    /// 600 fuzz inputs (mutated real answers: broken bytes, odd numbers, duplicated keys, deep
    /// nesting, hostile text, …): every record read the same by both parsers, the refusals
    /// worded alike; the first 100 also give the same report files through both pipelines (the
    /// fuzz test compares the reports of every tenth input it makes too).
    @Test func theFuzzInputsGiveTheSameRecordsAndReportBytes() throws {
        let maker = try FuzzCaseMaker(seed: 1)
        let reader = ResponseReader()
        let foundation = ResponseReader.Scratch(parsing: .foundation)
        let tape = ResponseReader.Scratch()
        var records = 0, rejected = 0, compared = 0
        for number in 0..<600 {
            let input = maker.makeCase(number)
            for (row, stored) in input.rows.enumerated() {
                guard let response = stored.response else { continue }
                let (byTape, byFoundation) = [UInt8](response).withUnsafeBytes {
                    (reader.read(bytes: $0, scratch: tape), reader.read(bytes: $0, scratch: foundation))
                }
                #expect(Self.describe(byTape) == Self.describe(byFoundation), "fuzz input \(number) (seed 1), row \(row)")
                records += 1
                if case .rejected = byTape.outcome { rejected += 1 }
            }
            guard number < 100 else { continue }
            let options = input.options()
            let fast = try Self.render(input.recordSource, catalog: input.catalog, orders: input.orderList, options: options, reference: false)
            let reference = try Self.render(input.recordSource, catalog: input.catalog, orders: input.orderList, options: options,
                                            reference: true)
            #expect(Self.differences(fast, reference) == [], "fuzz input \(number) (seed 1)")
            if !fast.isEmpty { compared += 1 }
        }
        #expect(records > 3_000)
        #expect(rejected > 500)
        #expect(compared >= 70)
        #expect(foundation.documentsRead.tape == 0)
    }

    // MARK: - Helpers

    /// Every report file of a run of the default pipeline or the reference; none when the
    /// amounts are out of range (the run would refuse them either way).
    static func render(_ source: RecordSource, catalog: Catalog, orders: [Order]? = nil, options: RunOptions,
                       reference: Bool) throws -> [(name: String, bytes: [UInt8], rows: Int?)] {
        let reader = ResponseReader(bundleIDs: Set(options.bundleIDs))
        let pipeline = reference ? JournalPipeline.reference(reader: reader, catalog: catalog) : JournalPipeline(reader: reader, catalog: catalog)
        let result = try pipeline.run(source: source)
        guard (try? AmountRange.check(result.journal)) != nil else { return [] }
        let data = ReportRun.reportData(options: options, sourceLabel: "input", result: result,
                                        zone: try ZoneRules(identifier: options.timeZone), orders: orders,
                                        ordersLabel: orders == nil ? nil : "orders")
        return try ReportRun.renderFiles(data, templates: HostileSupport.templates)
    }

    /// Everything a record holds, as text (`dump`).
    static func describe(_ record: ParsedRecord) -> String {
        var text = ""
        dump(record, to: &text)
        return text
    }

    /// The names of the files that differ (or are missing on one side).
    static func differences(_ one: [(name: String, bytes: [UInt8], rows: Int?)],
                            _ other: [(name: String, bytes: [UInt8], rows: Int?)]) -> [String] {
        let names = Set(one.map(\.name)).union(other.map(\.name)).sorted()
        return names.filter { name in one.first { $0.name == name }?.bytes != other.first { $0.name == name }?.bytes }
    }

    /// The bytes of every answer under `Tests/Fixtures/{peers,modern,public,json}` (a `.jws`
    /// file is a bare JWS).
    static func fixtureAnswers() throws -> [[UInt8]] {
        let fixtures = PeerFixtures.folder.deletingLastPathComponent()
        var answers: [[UInt8]] = []
        for folder in ["peers", "modern", "public", "json"] {
            let url = fixtures.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".json") || name.hasSuffix(".jws") {
                answers.append(Array(try Data(contentsOf: url.appendingPathComponent(name))))
            }
        }
        return answers
    }
}
