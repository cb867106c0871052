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
    static func decodedCount(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
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

    /// Decodes the characters of `text` (its padding left out) into `out`, `count` bytes
    /// (`decodedCount(text)`, which `out` must hold); false when a character is no Base64URL.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, count: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let remainder = count % 3 == 0 ? 0 : count % 3 + 1  // characters after the whole groups
        let whole = count / 3 * 4
        return shiftedSextets.withUnsafeBufferPointer { shifted in
            // Four characters at a time into three bytes, each character's sextet looked up
            // already in place (one table per position); an invalid character's entry sets
            // bits above the 24 a group gives.
            let first = UnsafeBufferPointer(rebasing: shifted[0..<256]), second = UnsafeBufferPointer(rebasing: shifted[256..<512])
            let third = UnsafeBufferPointer(rebasing: shifted[512..<768]), fourth = UnsafeBufferPointer(rebasing: shifted[768..<1024])
            var input = 0, written = 0
            @inline(__always) func group(at input: Int) -> UInt32 {
                first[Int(text[input])] | second[Int(text[input + 1])] | third[Int(text[input + 2])] | fourth[Int(text[input + 3])]
            }
            // While a fourth byte of room is left, a group is stored as one word (its last byte
            // is written over by the next group).
            if let start = out.baseAddress {
                let raw = UnsafeMutableRawPointer(start)
                while input < whole, written + 4 <= count {
                    let bits = group(at: input)
                    guard bits >> 24 == 0 else { return false }
                    raw.storeBytes(of: (bits << 8).bigEndian, toByteOffset: written, as: UInt32.self)
                    input += 4
                    written += 3
                }
            }
            while input < whole {
                let bits = group(at: input)
                guard bits >> 24 == 0 else { return false }
                out[written] = UInt8(truncatingIfNeeded: bits >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: bits)
                input += 4
                written += 3
            }
            guard remainder > 0 else { return true }
            var group: UInt32 = 0
            for offset in 0..<remainder {
                let sextet = fourth[Int(text[whole + offset])]
                guard sextet >> 24 == 0 else { return false }
                group = group << 6 | sextet
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

    /// Four tables of 256: the sextet of each byte shifted to its place in a group of four
    /// characters (18, 12, 6 and 0 bits); 0xFF00_0000 for a byte that is no Base64URL character.
    private static let shiftedSextets: [UInt32] = [18, 12, 6, 0].flatMap { shift in
        (0...255).map { byte in value(of: UInt8(byte)).map { UInt32($0) << shift } ?? 0xFF00_0000 }
    }

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
