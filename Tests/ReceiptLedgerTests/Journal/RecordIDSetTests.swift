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
}
