import Testing
@testable import ReceiptLedger

/// The merge's set of record ids: each id is new once, across growth, for any Int64.
@Suite struct RecordIDSetTests {
    /// Inserts each id; which of them were new.
    static func insert(_ ids: [Int64], into set: inout RecordIDSet) -> [Bool] {
        ids.map { set.insert($0) }
    }

    @Test func eachIDIsNewOnlyOnce() {
        var set = RecordIDSet()
        let ids: [Int64] = [0, 1, -1, .min, .max, 42, 1 << 40]
        #expect(Self.insert(ids, into: &set) == Array(repeating: true, count: ids.count))
        #expect(Self.insert(ids, into: &set) == Array(repeating: false, count: ids.count))
        #expect(set.count == ids.count)
    }

    @Test func growingKeepsEveryID() {
        var set = RecordIDSet()
        // Consecutive ids and ids 1,024 apart, which a plain `id mod size` would pile up.
        let ids = (0..<5_000).map { Int64($0) } + (1..<5_000).map { Int64($0) * 1_024 + 10_000_000 }
        #expect(Self.insert(ids, into: &set).allSatisfy { $0 })
        #expect(set.count == ids.count)
        #expect(Self.insert(ids, into: &set).allSatisfy { !$0 })
        #expect(Self.insert([-5], into: &set) == [true])
    }

    /// Ids kept as bits from the first one on, and the rest hashed: an id hashed before the bits
    /// grew over it is still found, and so are ids below the first one or too far above it.
    @Test func bitsAndHashedIDsTogether() {
        var set = RecordIDSet()
        #expect(Self.insert([1_000, 101_000, 999, .min, .max], into: &set) == [true, true, true, true, true])
        // 1,001 ... 200,000: the bits grow over 101,000, which stays held.
        let run = (1_001...200_000).map { Int64($0) }
        let added = Self.insert(run, into: &set)
        #expect(added.filter { !$0 }.count == 1)
        #expect(added[101_000 - 1_001] == false)
        #expect(Self.insert([101_000, 999, 1_000, 200_000, .min, .max, 200_001], into: &set) == [false, false, false, false, false, false, true])
        #expect(set.count == 5 + run.count - 1 + 1)
        // The first id the largest: every later one is below it.
        var descending = RecordIDSet()
        #expect(Self.insert([.max, 5, .min, 5, .max], into: &descending) == [true, true, true, false, false])
    }
}
