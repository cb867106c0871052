import Testing
@testable import ReceiptLedger

/// The one-scan window: records come out in (`verified_at`, `id`, position) order once
/// `capacity` later ones have arrived, and a record that would go before one already out
/// ends the attempt.
@Suite struct ProcessingOrderWindowTests {
    static func parsed(_ position: Int, at time: Int64, id: Int64) -> ParsingWorkers.Parsed {
        ParsingWorkers.Parsed(rank: position, entry: RecordIndex.Entry(position: position, id: id, verifiedAt: UnixMillis(time), user: UserID(index: 0)),
                              record: ParsedRecord(outcome: .redirected(status: 21007)), claimedEnvironment: nil, bodyBytes: 0, readBy: 0)
    }

    /// Feeds (time, id) pairs in order; the positions released, or nil when the window gave up.
    static func run(_ records: [(Int64, Int64)], capacity: Int) -> [Int]? {
        var window = ProcessingOrderWindow(capacity: capacity)
        var released: [Int] = []
        do {
            for (position, (time, id)) in records.enumerated() {
                try window.accept(parsed(position, at: time, id: id)) { released.append($0.entry.position) }
            }
        } catch {
            return nil
        }
        window.releaseAll { released.append($0.entry.position) }
        return released
    }

    @Test func releasesInProcessingOrder() {
        // Times 3, 1, 2 (ids break the tie of the two records at 5; the duplicate id 9 by position).
        let records: [(Int64, Int64)] = [(3, 1), (1, 2), (2, 3), (5, 8), (5, 7), (6, 9), (6, 9)]
        #expect(Self.run(records, capacity: 2) == [1, 2, 0, 4, 3, 5, 6])
        #expect(Self.run(records, capacity: 100) == [1, 2, 0, 4, 3, 5, 6])
    }

    @Test func givesUpWhenARecordIsFartherOutOfOrderThanTheWindow() {
        // The record at time 1 arrives two places late: a window of 2 mends it, of 1 does not.
        let records: [(Int64, Int64)] = [(2, 1), (3, 2), (1, 3), (4, 4)]
        #expect(Self.run(records, capacity: 2) == [2, 0, 1, 3])
        #expect(Self.run(records, capacity: 1) == nil)
        #expect(Self.run(records, capacity: 0) == nil)
        #expect(Self.run([(1, 1), (2, 2), (3, 3)], capacity: 0) == [0, 1, 2])
    }

    @Test func matchesASortOfTheInputWhateverTheDisorderWithinTheWindow() {
        // Pseudo-random times with many ties (ids and positions break them), each record at
        // most 40 places early or late: every window from 80 up gives the full sort.
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var records: [(Int64, Int64)] = (0..<2_000).map { (Int64($0 / 3), Int64(next(5))) }
        for index in stride(from: 0, to: records.count - 40, by: 7) { records.swapAt(index, index + next(40)) }
        let sorted = records.indices.sorted { (records[$0].0, records[$0].1, $0) < (records[$1].0, records[$1].1, $1) }
        for capacity in [80, 81, 500, 5_000] { #expect(Self.run(records, capacity: capacity) == sorted) }
        #expect(Self.run(records, capacity: 2) == nil)
    }
}
