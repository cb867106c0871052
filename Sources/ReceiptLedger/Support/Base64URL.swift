/// Base64 with the URL and file name safe alphabet (RFC 4648 §5): `A–Z a–z 0–9 - _`, the
/// encoding of a JWS's parts (RFC 7515 §2, "Base64url Encoding").
///
/// Decoding is strict about characters and lenient about padding: `=` padding may be present
/// (up to the next multiple of four characters) or left out, as RFC 7515 leaves it out. Any
/// other character (`+`, `/`, whitespace, a `=` inside the text), a length that leaves a single
/// character over, or non-zero bits left over in the last character (RFC 4648 §3.5) fails.
package enum Base64URL {
    /// The bytes `text` encodes; nil when it is not Base64URL.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        return decode(text, into: &output) ? output : nil
    }

    /// `decode(_:)` into `output`, whose storage is reused (a reading thread decodes one payload
    /// after another); false, and `output` empty, when `text` is no Base64URL.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        output.removeAll(keepingCapacity: true)
        guard let count = decodedCount(text) else { return false }
        output.append(contentsOf: repeatElement(0, count: count))
        let valid = output.withUnsafeMutableBufferPointer { decode(text, count: count, into: $0) }
        if !valid { output.removeAll(keepingCapacity: true) }
        return valid
    }

    /// The number of bytes `text` decodes to, its padding checked: only at the end, at most
    /// two, and only up to a multiple of four; nil when it cannot be Base64URL.
    private static func decodedCount(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let padding = text.count - end
        if padding > 0 {
            guard padding <= 2, text.count % 4 == 0 else { return nil }
        }
        let remainder = end % 4
        guard remainder != 1 else { return nil }
        if padding > 0 { guard padding == (4 - remainder) % 4 else { return nil } }
        return (end - remainder) / 4 * 3 + (remainder == 0 ? 0 : remainder - 1)
    }

    /// Decodes the characters of `text` (its padding left out) into `out`, `count` bytes.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, count: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let remainder = [0, 2, 3][count % 3]  // characters after the whole groups
        let whole = count / 3 * 4
        return sextets.withUnsafeBufferPointer { table in
            // Four characters at a time into three bytes; an invalid character's 0xFF sets
            // bits above the six each one gives.
            var input = 0, written = 0
            while input < whole {
                let a = table[Int(text[input])], b = table[Int(text[input + 1])]
                let c = table[Int(text[input + 2])], d = table[Int(text[input + 3])]
                guard (a | b | c | d) & 0xC0 == 0 else { return false }
                let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                out[written] = UInt8(truncatingIfNeeded: group >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: group)
                input += 4
                written += 3
            }
            guard remainder > 0 else { return true }
            var group: UInt32 = 0
            for offset in 0..<remainder {
                let sextet = table[Int(text[whole + offset])]
                guard sextet & 0xC0 == 0 else { return false }
                group = group << 6 | UInt32(sextet)
            }
            // What is left over beyond whole bytes must be zero bits (a canonical encoding).
            let spare: UInt32 = remainder == 2 ? 4 : 2
            guard group & ((1 << spare) - 1) == 0 else { return false }
            group >>= spare
            if remainder == 3 {
                out[written] = UInt8(truncatingIfNeeded: group >> 8)
                out[written + 1] = UInt8(truncatingIfNeeded: group)
            } else {
                out[written] = UInt8(truncatingIfNeeded: group)
            }
            return true
        }
    }

    /// The sextet of each byte, 0xFF for a byte that is no Base64URL character.
    private static let sextets: [UInt8] = (0...255).map { value(of: UInt8($0)) ?? 0xFF }

    /// For `CompactJWS`: 1 for a Base64URL character or `=`, 2 for `.`, 0 for anything else.
    static let jwsByteClasses: [UInt8] = (0...255).map { byte in
        byte == Int(UInt8(ascii: ".")) ? 2 : isTextByte(UInt8(byte)) ? 1 : 0
    }

    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    /// The 6-bit value of one character of the alphabet; nil for any other byte.
    @inline(__always)
    static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Whether `byte` may appear in Base64URL text: the alphabet or `=` padding.
    @inline(__always)
    static func isTextByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || value(of: byte) != nil
    }
}
