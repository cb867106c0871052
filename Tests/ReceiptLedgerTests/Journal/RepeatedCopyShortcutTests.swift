import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

private typealias A = AnswerBuilder

/// `RepeatedCopyShortcut` (issue 22): it skips only what cannot change the result but the
/// record count, so every report file is the same with it and without it.
@Suite struct RepeatedCopyShortcutTests {
    @Test func theMergeSkipsTheCopyMergedLastOnlyWhenItCanChangeNothingButTheCount() {
        let on = RepeatedCopyShortcut.enabled
        // Within one record: always.
        #expect(on.mergeMaySkip(inSameRecord: true, lastMergeConflicted: true, raisesFindings: true))
        #expect(on.mergeMaySkip(inSameRecord: true, lastMergeConflicted: false, raisesFindings: false))
        // From a later record: only without a conflict last time and without findings of its own.
        #expect(on.mergeMaySkip(inSameRecord: false, lastMergeConflicted: false, raisesFindings: false))
        #expect(!on.mergeMaySkip(inSameRecord: false, lastMergeConflicted: true, raisesFindings: false))
        #expect(!on.mergeMaySkip(inSameRecord: false, lastMergeConflicted: false, raisesFindings: true))
        // Off: never.
        for inSameRecord in [false, true] {
            for conflicted in [false, true] {
                for findings in [false, true] {
                    #expect(!RepeatedCopyShortcut.disabled.mergeMaySkip(inSameRecord: inSameRecord, lastMergeConflicted: conflicted,
                                                                       raisesFindings: findings))
                }
            }
        }
    }

    @Test func theReaderDropsOnlyARepeatOfTheCopyAppendedLastInTheRecord() throws {
        func read(_ text: String) throws -> TransactionCopy {
            try #require(TransactionCopy.read(try JSONDocument(bytes: Array(text.utf8)).root))
        }
        let text = A.transaction("7", purchaseMs: 1_700_000_000_000)
        let copy = try read(text)
        let twin = try read(text)  // the same bytes, another object
        // The same fields in other bytes (more space), and the same length with one digit changed.
        let spaced = try read(text.replacingOccurrences(of: ":", with: ": "))
        let otherDate = try read(A.transaction("7", purchaseMs: 1_700_000_000_001))
        let other = try read(A.transaction("8", purchaseMs: 1_700_000_000_000))
        var repeats = RepeatedCopies()
        var appended: [ParsedRecord.Copy] = []
        let on = RepeatedCopyShortcut.enabled
        func offer(_ copy: TransactionCopy, _ shortcut: RepeatedCopyShortcut = .enabled) -> Bool {
            let dropped = shortcut.readerMayDrop(copy, appended: appended, repeats: &repeats)
            if !dropped { appended.append(ParsedRecord.Copy(copy)) }
            return dropped
        }
        repeats.beginRecord()
        #expect(!offer(copy))
        #expect(offer(copy))
        #expect(offer(twin))
        #expect(!offer(other))
        #expect(offer(twin))  // another transaction between: still the one appended last for "7"
        #expect(!offer(otherDate))
        #expect(!offer(copy))  // no longer the one appended last
        #expect(!offer(spaced))
        #expect(appended.map(\.copy.transactionID) == ["7", "8", "7", "7", "7"])
        repeats.beginRecord()
        appended = []
        #expect(!offer(copy))  // a new record
        #expect(!offer(copy, .disabled))
        // Off, no fingerprint is taken.
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { on.fingerprint($0) } == copy.fingerprint)
        #expect(bytes.withUnsafeBufferPointer { RepeatedCopyShortcut.disabled.fingerprint($0) } == .none)
    }

    /// A fingerprint is the same only for the same bytes, and `.none` is the same as nothing.
    @Test func fingerprintsAreTheSameOnlyForTheSameBytes() {
        func fingerprint(_ text: String) -> CopyFingerprint { Array(text.utf8).withUnsafeBufferPointer { CopyFingerprint($0) } }
        let one = fingerprint(#"{"transaction_id":"1","quantity":"1"}"#)
        #expect(one.isSame(as: fingerprint(#"{"transaction_id":"1","quantity":"1"}"#)))
        #expect(!one.isSame(as: fingerprint(#"{"transaction_id":"1","quantity":"2"}"#)))
        #expect(!one.isSame(as: fingerprint(#"{"transaction_id":"1", "quantity":"1"}"#)))
        #expect(!one.isSame(as: .none))
        #expect(!CopyFingerprint.none.isSame(as: .none))
        // Words that differ in any one eight-byte position never hash alike (each step of the
        // hash is a bijection of its state).
        let base = Array(repeating: UInt8(ascii: "a"), count: 64)
        let hashed = base.withUnsafeBufferPointer { CopyFingerprint($0) }
        for position in 0..<64 {
            var changed = base
            changed[position] = UInt8(ascii: "b")
            #expect(!hashed.isSame(as: changed.withUnsafeBufferPointer { CopyFingerprint($0) }), "byte \(position)")
        }
    }

    @Test func theReferenceReadingMergesEveryCopyAndTheDefaultTakesTheShortcut() {
        #expect(JournalPipeline.reference(reader: ResponseReader(), catalog: .empty).shortcut == .disabled)
        #expect(JournalPipeline(reader: ResponseReader(), catalog: .empty).shortcut == .enabled)
        var pipeline = JournalPipeline(reader: ResponseReader(), catalog: .empty)
        pipeline.shortcut = .disabled
        #expect(pipeline.reader.shortcut == .disabled)
    }

    /// The demo data (3,000 records: histories repeated in every answer, refunds, conflicts,
    /// bad quantities and dates, shared transactions), read the default way with the shortcut
    /// and without it: every report file is the same, byte for byte.
    @Test func theDemoDataGivesTheSameReportBytesWithAndWithoutTheShortcut() throws {
        let source = DemoSample.recordSource
        let orders = DemoSample.orders.map { order in
            Order(orderID: .integer(order.orderID), userID: order.userID.map { .text($0) } ?? .null, productID: .text(order.productID),
                  transactionID: .text(order.transactionID), deliveredAt: DemoSample.field(order.deliveredAt),
                  revokedAt: order.revokedAt.map(DemoSample.field) ?? .null)
        }
        let catalog = try CatalogReader.parse(DemoCatalog.text, path: "catalog.csv")
        let options = RunOptions(input: .sqlite(path: "demo.sqlite", query: nil))
        let on = try Self.render(source, catalog: catalog, orders: orders, options: options, shortcut: .enabled)
        let off = try Self.render(source, catalog: catalog, orders: orders, options: options, shortcut: .disabled)
        #expect(on.count >= 10)
        #expect(Self.differences(on, off) == [])
    }

    /// 200 fuzz inputs (mutated real answers, many of them repeating one another's copies),
    /// each replayed: every record is stored again right after itself, so that every damaged
    /// copy also comes again as the very copy merged last (the generated records keep their
    /// order, so what the input alone exercises is exercised too). The same report bytes with
    /// the shortcut and without it.
    @Test func theFuzzInputsGiveTheSameReportBytesWithAndWithoutTheShortcut() throws {
        let maker = try FuzzCaseMaker(seed: 1)
        var compared = 0
        for number in 0..<200 {
            let input = Self.replayed(maker.makeCase(number))
            let options = input.options()
            let on = try Self.render(input.recordSource, catalog: input.catalog, orders: input.orderList, options: options,
                                     shortcut: .enabled)
            let off = try Self.render(input.recordSource, catalog: input.catalog, orders: input.orderList, options: options,
                                      shortcut: .disabled)
            #expect(Self.differences(on, off) == [], "fuzz input \(number) (seed 1), replayed")
            if !on.isEmpty { compared += 1 }
        }
        #expect(compared >= 150)
    }

    /// Each clause of the contract on a history made for it: a copy that disagrees with the
    /// fixed fields, one with a bad quantity, one with an unreadable cancellation, each stored
    /// again (the same bytes) by its owner, by another user, and repeated
    /// within an answer. With the shortcut the journal is exact, and the reports are the same
    /// bytes as without it.
    @Test func repeatedCopiesWithFindingsAreMergedAgainInEveryRecord() throws {
        let t0: Int64 = 1_717_200_000_000
        let monthly = A.transaction("1", product: "monthly", purchaseMs: t0)
        let yearly = A.transaction("1", product: "yearly", purchaseMs: t0)
        let badQuantity = A.transaction("2", purchaseMs: t0, fields: ["quantity": "\"0\""])
        let badCancellation = A.transaction("3", purchaseMs: t0, fields: ["cancellation_date": "\"soon\""])
        let plain = A.transaction("4", purchaseMs: t0)
        let later = A.answer(inApp: [yearly, badQuantity, badCancellation, plain])
        let rows = [
            A.row(1, user: "u1", at: t0 + 1, A.answer(inApp: [monthly, badQuantity, badCancellation, plain])),
            A.row(2, user: "u1", at: t0 + 2, later),
            A.row(3, user: "u1", at: t0 + 3, later),
            A.row(4, user: "u2", at: t0 + 4, later),
            A.row(5, user: "u1", at: t0 + 5, A.answer(inApp: [yearly, badQuantity, badCancellation, plain],
                                                       latest: [yearly, badQuantity, badCancellation, plain])),
        ]
        var journals: [Journal] = []
        var files: [[(name: String, bytes: [UInt8], rows: Int?)]] = []
        for shortcut in [RepeatedCopyShortcut.enabled, .disabled] {
            var pipeline = JournalPipeline(reader: ResponseReader(), catalog: A.catalog)
            pipeline.shortcut = shortcut
            let result = try pipeline.run(source: ArrayRecordSource(rows))
            journals.append(result.journal)
            let options = RunOptions(input: .ndjson(path: "edge.ndjson"))
            let data = ReportRun.reportData(options: options, sourceLabel: "edge", result: result, zone: try ZoneRules(identifier: "UTC"),
                                            orders: nil, ordersLabel: nil)
            files.append(try ReportRun.renderFiles(data, templates: HostileSupport.templates))
        }
        for journal in journals {
            #expect(journal.anomalies(.conflictingTransaction).map(\.recordID) == [2, 3, 4, 5])
            #expect(journal.anomalies(.badQuantity).map(\.recordID) == [1, 2, 3, 4, 5])
            #expect(journal.anomalies(.badTimestamp).filter { $0.transactionID == "3" }.map(\.recordID) == [1, 2, 3, 4, 5])
            #expect(journal.anomalies(.sharedTransaction).map { "\($0.transactionID):\($0.recordID):\($0.user)" }.sorted()
                    == ["1:4:u2", "2:4:u2", "3:4:u2", "4:4:u2"])
            #expect(["1", "2", "3", "4"].map { journal.transaction($0)?.recordCount } == [5, 5, 5, 5])
        }
        #expect(Self.differences(files[0], files[1]) == [])
    }

    /// The input followed by its records again, each with an id larger by 10^12 (an id that
    /// is not an integer, or would overflow, is kept: a duplicate or bad id again) and the
    /// same `verified_at`, so that each replay is merged right after its original.
    static func replayed(_ input: FuzzCase) -> FuzzCase {
        var replayed = input
        replayed.rows += input.rows.map { row in
            var again = row
            if case .integer(let id) = row.id, case (let shifted, false) = id.addingReportingOverflow(1_000_000_000_000) {
                again.id = .integer(shifted)
            }
            return again
        }
        return replayed
    }

    /// Every report file of a run of the default pipeline with `shortcut`; none when the
    /// amounts are out of range (the run would refuse them either way).
    static func render(_ source: RecordSource, catalog: Catalog, orders: [Order]?, options: RunOptions,
                       shortcut: RepeatedCopyShortcut) throws -> [(name: String, bytes: [UInt8], rows: Int?)] {
        var pipeline = JournalPipeline(reader: ResponseReader(bundleIDs: Set(options.bundleIDs)), catalog: catalog)
        pipeline.shortcut = shortcut
        let result = try pipeline.run(source: source)
        guard (try? AmountRange.check(result.journal)) != nil else { return [] }
        let data = ReportRun.reportData(options: options, sourceLabel: "input", result: result,
                                        zone: try ZoneRules(identifier: options.timeZone), orders: orders,
                                        ordersLabel: orders == nil ? nil : "orders")
        return try ReportRun.renderFiles(data, templates: HostileSupport.templates)
    }

    /// The names of the files that differ (or are missing on one side).
    static func differences(_ one: [(name: String, bytes: [UInt8], rows: Int?)],
                            _ other: [(name: String, bytes: [UInt8], rows: Int?)]) -> [String] {
        let names = Set(one.map(\.name)).union(other.map(\.name)).sorted()
        return names.filter { name in one.first { $0.name == name }?.bytes != other.first { $0.name == name }?.bytes }
    }
}
