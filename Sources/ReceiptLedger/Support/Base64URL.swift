/// Base64 with the URL and file name safe alphabet (RFC 4648 §5): `A–Z a–z 0–9 - _`, the
/// encoding of a JWS's parts (RFC 7515 §2, "Base64url Encoding").
///
/// Decoding is strict about characters and lenient about padding: `=` padding may be present
/// (up to the next multiple of four characters) or left out, as RFC 7515 leaves it out. Any
/// other character (`+`, `/`, whitespace, a `=` inside the text), a length that leaves a single
/// character over, or non-zero bits left over in the last character (RFC 4648 §3.5) fails.
enum Base64URL {
    /// The bytes `text` encodes; nil when it is not Base64URL.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // Padding: only at the end, at most two, and only up to a multiple of four.
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let padding = text.count - end
        if padding > 0 {
            guard padding <= 2, text.count % 4 == 0 else { return nil }
        }
        let remainder = end % 4
        guard remainder != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(end / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bits = 0
        for index in 0..<end {
            guard let sextet = value(of: text[index]) else { return nil }
            accumulator = (accumulator << 6) | UInt32(sextet)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // What is left over must be zero bits (a canonical encoding).
        guard accumulator == 0 else { return nil }
        if padding > 0 { guard padding == (4 - remainder) % 4 else { return nil } }
        return output
    }

    /// `decode` of a `String`'s UTF-8.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    /// Appends the Base64URL text of `bytes` to `output`, without padding (as RFC 7515 writes
    /// a JWS's parts).
    static func encode(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                output.append(alphabet[Int((accumulator >> UInt32(bits)) & 63)])
            }
            accumulator &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            output.append(alphabet[Int((accumulator << UInt32(6 - bits)) & 63)])
        }
    }

    /// `encode` as a `String`.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        encode(bytes, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The 64 characters of the URL and file name safe alphabet, in value order.
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

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
