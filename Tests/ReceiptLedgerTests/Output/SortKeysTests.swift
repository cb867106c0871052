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

    /// Raw keys of 0–40 bytes from a three-byte alphabet, zero included: many keys are equal in
    /// their first 8, 16 or 24 bytes (the words compared first) and differ after, or are
    /// prefixes of others, or equal to others padded with zeros. Byte order, a key before its
    /// extensions, then number, in one sort and in two halves.
    @Test func keysThatShareTheirFirstWordsOrLengthsSortByTheirWholeBytes() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet: [UInt8] = [0, 1, 255]
        let shared = (0..<40).map { _ in alphabet[next(3)] }
        for count in [500, SortKeys.keysWorthTwoCores + 3] {
            let raw: [[UInt8]] = (0..<count).map { _ in
                // A shared start of 0–32 bytes, then a few bytes of its own.
                Array(shared.prefix(next(33))) + (0..<next(9)).map { _ in alphabet[next(3)] }
            }
            var keys = SortKeys()
            for key in raw {
                keys.append(encodedBy: { $0 += key })
                keys.endKey()
            }
            let expected = raw.indices.sorted { l, r in
                raw[l] != raw[r] ? raw[l].lexicographicallyPrecedes(raw[r]) : l < r
            }
            #expect(keys.order() == expected)
        }
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
