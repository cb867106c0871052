/// Turns the already-validated contents of a JSON string (the bytes between its quotes) into text.
///
/// Runs only on strings the parser flagged as having escapes; the others are their own UTF-8.
/// Every escape shrinks or keeps its length (`\n` 2→1 byte, `\u00e9` 6→2, a 12-byte surrogate
/// pair → 4), so the decoded text never needs more bytes than the raw contents.
enum JSONStringDecoder {
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard !raw.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: raw.count) { decode(raw, into: $0) }
    }

    /// The decoded UTF-8 as bytes (no `String` made: a stored answer kept as a JSON string is
    /// read as bytes).
    static func decodedBytes(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, count in count = decode(raw, into: buffer) }
    }

    /// Calls `body` with the decoded UTF-8, in a buffer on the stack when the string is short
    /// (a timestamp like `Etc\/GMT` in old answers), so reading it allocates nothing.
    static func withDecoded<R>(_ raw: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        guard raw.count <= MemoryLayout.size(ofValue: inline) else {
            var text = decode(raw)
            return text.withUTF8(body)
        }
        return withUnsafeMutableBytes(of: &inline) { bytes in
            let out = bytes.bindMemory(to: UInt8.self)
            let count = decode(raw, into: out)
            return body(UnsafeBufferPointer(rebasing: out[..<count]))
        }
    }

    /// Decodes `raw` into `out` (at least `raw.count` bytes); returns the bytes written.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        let n = raw.count
        while i < n {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < n else {
                out[o] = byte
                o += 1
                i += 1
                continue
            }
            let escaped = raw[i + 1]
            i += 2
            switch escaped {
            case UInt8(ascii: "b"): out[o] = 0x08; o += 1
            case UInt8(ascii: "f"): out[o] = 0x0C; o += 1
            case UInt8(ascii: "n"): out[o] = 0x0A; o += 1
            case UInt8(ascii: "r"): out[o] = 0x0D; o += 1
            case UInt8(ascii: "t"): out[o] = 0x09; o += 1
            case UInt8(ascii: "u"):
                var scalar = hexQuad(raw, at: i)
                i += 4
                if scalar & 0xFC00 == 0xD800, i + 6 <= n {
                    let low = hexQuad(raw, at: i + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00) & 0x3FF
                    i += 6
                }
                o += writeUTF8(scalar, into: out, at: o)
            default:  // `"`, `\` and `/` stand for themselves
                out[o] = escaped
                o += 1
            }
        }
        return o
    }

    /// 0–15 for an ASCII hex digit of either case, nil otherwise.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in i..<min(i + 4, raw.count) {
            value = value << 4 | UInt32(hexValue(raw[k]) ?? 0)
        }
        return value
    }

    /// Writes `scalar` as UTF-8 and returns the number of bytes written.
    private static func writeUTF8(_ scalar: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            out[o] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[o] = UInt8(0xC0 | scalar >> 6)
            out[o + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[o] = UInt8(0xE0 | scalar >> 12)
            out[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[o + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[o] = UInt8(0xF0 | scalar >> 18 & 0x07)
            out[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[o + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
