import Testing
@testable import ReceiptLedger

@Suite struct SortKeysTests {
    /// Texts by code point, a text before its extensions, equal texts by number: the order
    /// `SortKeys` promises, spelled out without it.
    static func expectedOrder(_ keys: [(Int, String)]) -> [Int] {
        keys.indices.sorted { l, r in
            let (lRank, lText) = keys[l], (rRank, rText) = keys[r]
            if lRank != rRank { return lRank < rRank }
            if !lText.utf8.elementsEqual(rText.utf8) { return lText.utf8.lexicographicallyPrecedes(rText.utf8) }
            return l < r
        }
    }

    static func sortKeys(_ keys: [(Int, String)]) -> SortKeys {
        var sortKeys = SortKeys(keys: keys.count)
        for (rank, text) in keys {
            sortKeys.append(byte: UInt8(rank))
            sortKeys.append(text: text)
            sortKeys.endKey()
        }
        return sortKeys
    }

    @Test func fewKeysSortByFieldsThenNumber() {
        let keys = [(1, "b"), (0, "ab"), (0, "a"), (0, "ab"), (0, ""), (1, "a\u{301}"), (1, "á")]
        #expect(Self.sortKeys(keys).order() == [4, 2, 1, 3, 5, 0, 6])
        #expect(Self.sortKeys(keys).order() == Self.expectedOrder(keys))
    }

    /// Enough keys to be sorted in two halves and merged: the same order as one sort, with
    /// many equal keys across the halves.
    @Test func manyKeysSortedOnTwoCoresGiveTheSameOrder() {
        var random = SystemRandomNumberGenerator()
        let count = SortKeys.keysWorthTwoCores * 2 + 7
        let keys = (0..<count).map { _ in (Int.random(in: 0...1, using: &random), String(Int.random(in: 0..<5_000, using: &random))) }
        #expect(Self.sortKeys(keys).order() == Self.expectedOrder(keys))
    }

    @Test func manyEmptyKeysKeepTheirNumberOrder() {
        var keys = SortKeys()
        for _ in 0..<(SortKeys.keysWorthTwoCores + 1) { keys.endKey() }
        #expect(keys.order() == Array(0..<(SortKeys.keysWorthTwoCores + 1)))
    }

    @Test func ranksPlaceTextsByCodePoint() {
        #expect(SortKeys.ranks(of: ["b", "a", "ab", "", "é"]) == [3, 1, 2, 0, 4])
    }
}
