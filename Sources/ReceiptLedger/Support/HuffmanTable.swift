/// A canonical prefix code of deflate (RFC 1951 §3.2.2), built from the code length of each symbol.
///
/// Decoding looks the next `fastBits` bits up in `fast` (codes that short, almost all of them);
/// longer codes take the canonical walk of `counts` and `symbols` one bit at a time (as zlib's
/// `puff.c` does), so the table stays small for every block.
struct HuffmanTable: Sendable {
    static let fastBits = 9
    static let maximumLength = 15

    /// Indexed by the next `fastBits` input bits: `length << 9 | symbol`, or 0 when the code is
    /// longer than `fastBits` (or no code starts with those bits).
    let fast: [UInt16]
    /// `counts[n]`: how many symbols have a code of `n` bits (n = 1 ... 15).
    let counts: [Int]
    /// The symbols in canonical code order (by length, then by symbol).
    let symbols: [UInt16]
    /// True when no symbol has a code: valid for a distance code of a block without matches,
    /// but any attempt to decode with it is an error.
    var isEmpty: Bool { symbols.isEmpty }

    /// Why a set of code lengths is not a prefix code.
    enum Problem: Error, Equatable {
        /// More codes of some length than the lengths before it leave room for.
        case oversubscribed
        /// Room left over, other than for the one-code case RFC 1951 allows for distances.
        case incomplete
    }

    /// `lengths[s]` is symbol `s`'s code length, 0 for unused. `allowIncomplete`: a set with room
    /// left over is accepted when it is empty or a single one-bit code (zlib's rule for literal/length
    /// and distance codes); the code-length code must always be complete.
    init(lengths: [UInt8], allowIncomplete: Bool) throws(Problem) {
        var counts = [Int](repeating: 0, count: Self.maximumLength + 1)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var left = 1
        for length in 1...Self.maximumLength {
            left = left << 1 - counts[length]
            if left < 0 { throw .oversubscribed }
        }
        let used = lengths.count(where: { $0 > 0 })
        if left > 0, used > 0 {
            guard allowIncomplete, used == 1, counts[1] == 1 else { throw .incomplete }
        }
        if used == 0, !allowIncomplete { throw .incomplete }

        var offsets = [Int](repeating: 0, count: Self.maximumLength + 2)
        for length in 1...Self.maximumLength { offsets[length + 1] = offsets[length] + counts[length] }
        var symbols = [UInt16](repeating: 0, count: used)
        var nextCode = [Int](repeating: 0, count: Self.maximumLength + 1)
        var code = 0
        for length in 1...Self.maximumLength {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        var fast = [UInt16](repeating: 0, count: 1 << Self.fastBits)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let bits = Int(length)
            symbols[offsets[bits]] = UInt16(symbol)
            offsets[bits] += 1
            let assigned = nextCode[bits]
            nextCode[bits] += 1
            guard bits <= Self.fastBits else { continue }
            // Codes are sent most significant bit first into a stream read least significant bit
            // first, so the table is indexed by the code's bits reversed.
            var reversed = 0
            for bit in 0..<bits where assigned & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            let entry = UInt16(bits << 9 | symbol)
            for index in stride(from: reversed, to: 1 << Self.fastBits, by: 1 << bits) { fast[index] = entry }
        }
        self.fast = fast
        self.counts = counts
        self.symbols = symbols
    }

    /// The symbol whose code starts the low bits of `bits` (of which `available` are real input)
    /// and its length; nil when `available` bits are too few to finish a code, or `.none` when no
    /// code matches (the input is damaged).
    @inline(__always)
    func decode(_ bits: UInt64, available: Int) -> Decoded {
        let entry = fast[Int(bits & UInt64(1 << Self.fastBits - 1))]
        if entry != 0 {
            let length = Int(entry >> 9)
            return length <= available ? .symbol(Int(entry & 0x1FF), length: length) : .needMoreInput
        }
        var code = 0
        var first = 0
        var index = 0
        for length in 1...Self.maximumLength {
            guard length <= available else { return .needMoreInput }
            code |= Int((bits >> UInt64(length - 1)) & 1)
            let count = counts[length]
            if code - first < count { return .symbol(Int(symbols[index + code - first]), length: length) }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return .invalid
    }

    enum Decoded: Equatable {
        case symbol(Int, length: Int)
        case needMoreInput
        case invalid
    }

    /// RFC 1951 §3.2.6: literal/length codes 0–143 have 8 bits, 144–255 nine, 256–279 seven,
    /// 280–287 eight (286 and 287 never occur in valid data).
    static let fixedLiterals: HuffmanTable = fixed((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })

    /// RFC 1951 §3.2.6: 32 distance codes of 5 bits (30 and 31 never occur in valid data).
    static let fixedDistances: HuffmanTable = fixed([UInt8](repeating: 5, count: 32))

    private static func fixed(_ lengths: [UInt8]) -> HuffmanTable {
        do {
            return try HuffmanTable(lengths: lengths, allowIncomplete: false)
        } catch {
            fatalError("RFC 1951's fixed code is complete")
        }
    }
}
