#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sorting by keys encoded as bytes whose `memcmp` order is the wanted order.
///
/// Sorting an array of keys that hold strings compares through `String` and copies keys in and
/// out of the sort's buffers, touching reference counts at every step. Here each key is encoded
/// once into one flat buffer and the sort moves plain integers, so that large tables sort
/// without that overhead.
///
/// A text field keeps code point order (UTF-8 byte order, RFC 3629 §1) and stays prefix-free:
/// its bytes are stored plus one and ended by `0x00` (valid UTF-8 never holds `0xFF`), so a
/// shorter text sorts before its extensions and the next field never leaks into the comparison.
struct SortKeys {
    private var bytes: [UInt8] = []
    private var offsets: [Int] = [0]

    init(reservingBytes capacity: Int = 0, keys: Int = 0) {
        bytes.reserveCapacity(capacity)
        offsets.reserveCapacity(keys + 1)
    }

    var count: Int { offsets.count - 1 }

    /// A field of one byte (an enum's rank, say).
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A field written by an encoder of its own (`CSVOrdering.appendKey`), which must keep
    /// `memcmp` order and be prefix-free like the fields above.
    mutating func append(encodedBy encode: (inout [UInt8]) -> Void) {
        encode(&bytes)
    }

    /// A whole-number field in numeric order: eight bytes, big-endian, the sign bit flipped
    /// so that negative numbers come first.
    mutating func append(integer value: Int64) {
        let biased = UInt64(bitPattern: value) ^ (1 << 63)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: biased >> UInt64(shift))) }
    }

    /// A text field in code point order.
    mutating func append(text: String) {
        text.withUTF8Buffer { append(text: $0) }
    }

    mutating func append(text: IDText) {
        text.withUTF8 { append(text: $0) }
    }

    mutating func append(text utf8: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: utf8)  // one copy, then each byte raised in place
        bytes.withUnsafeMutableBufferPointer { keyBytes in
            for index in start..<keyBytes.count { keyBytes[index] &+= 1 }
        }
        bytes.append(0x00)
    }

    /// Ends the current key; keys are numbered from 0 in the order they end.
    mutating func endKey() {
        offsets.append(bytes.count)
    }

    /// The key numbers in ascending key order (equal keys in number order).
    ///
    /// Many keys are sorted in two halves on two cores, then merged. Ties are broken by key
    /// number, so the order is total and the result the same either way.
    func order() -> [Int] {
        guard count >= Self.keysWorthTwoCores else { return sorted(0..<count).map(\.number) }
        let middle = count / 2
        let halves = Parallel.map(2) { half in sorted(half == 0 ? 0..<middle : middle..<count) }
        return merged(halves[0], halves[1])
    }

    /// Below this many keys a second thread costs more than it saves.
    static let keysWorthTwoCores = 50_000

    /// A key number with the key's first 24 bytes, big-endian in three words and padded with
    /// zeros: comparing those decides most pairs in a few instructions, without a call or a
    /// look at the key bytes, which lie scattered in `bytes`.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › SortKeys.
    ///
    /// (A transaction's key, its environment and a 16-digit id, takes 18 bytes.)
    ///
    /// The words agree with `memcmp` order: where two keys differ in their first 24 bytes,
    /// the words differ the same way; a key shorter than 24 bytes compares as if padded with
    /// zeros, which can only make it equal to, never greater than, a key it is a prefix of.
    /// Equal words leave the pair to the full comparison.
    private struct Prefixed {
        var words: (UInt64, UInt64, UInt64)
        var number: Int
    }

    private func prefixed(_ number: Int, in keyBytes: UnsafeBufferPointer<UInt8>) -> Prefixed {
        let start = offsets[number], end = offsets[number + 1]
        func word(_ first: Int) -> UInt64 {
            var word: UInt64 = 0
            for index in first..<(first + 8) {
                word = word << 8 | (index < end ? UInt64(keyBytes[index]) : 0)
            }
            return word
        }
        return Prefixed(words: (word(start), word(start + 8), word(start + 16)), number: number)
    }

    /// The keys `range` in ascending key order.
    private func sorted(_ range: Range<Int>) -> [Prefixed] {
        var order = bytes.withUnsafeBufferPointer { keyBytes in range.map { prefixed($0, in: keyBytes) } }
        withPrecedes { precedes in order.sort(by: precedes) }
        return order
    }

    /// Two ascending runs of keys as one.
    private func merged(_ first: [Prefixed], _ second: [Prefixed]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(first.count + second.count)
        withPrecedes { precedes in
            var i = 0, j = 0
            while i < first.count, j < second.count {
                if precedes(second[j], first[i]) {
                    order.append(second[j].number)
                    j += 1
                } else {
                    order.append(first[i].number)
                    i += 1
                }
            }
            order += first[i...].map(\.number)
            order += second[j...].map(\.number)
        }
        return order
    }

    /// Calls `body` with the key order: by `memcmp` of the bytes, a key before its extensions,
    /// equal keys by number.
    private func withPrecedes(_ body: ((Prefixed, Prefixed) -> Bool) -> Void) {
        bytes.withUnsafeBufferPointer { keyBytes in
            offsets.withUnsafeBufferPointer { offsets in
                guard let base = keyBytes.baseAddress else { return body { $0.number < $1.number } }  // every key is empty
                body { lhs, rhs in
                    if lhs.words != rhs.words { return lhs.words < rhs.words }
                    let lhsStart = offsets[lhs.number], lhsCount = offsets[lhs.number + 1] - lhsStart
                    let rhsStart = offsets[rhs.number], rhsCount = offsets[rhs.number + 1] - rhsStart
                    let result = memcmp(base + lhsStart, base + rhsStart, min(lhsCount, rhsCount))
                    if result != 0 { return result < 0 }
                    return lhsCount != rhsCount ? lhsCount < rhsCount : lhs.number < rhs.number
                }
            }
        }
    }

    /// For each text, its place in code point order (equal texts in the order given).
    static func ranks(of texts: [String]) -> [Int] {
        var keys = SortKeys(keys: texts.count)
        for text in texts {
            keys.append(text: text)
            keys.endKey()
        }
        var ranks = [Int](repeating: 0, count: texts.count)
        for (rank, index) in keys.order().enumerated() { ranks[index] = rank }
        return ranks
    }
}
