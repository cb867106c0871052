/// Validates one JSON string in place, without decoding it (RFC 8259 §7, RFC 3629 §4).
///
/// Rejects unescaped control characters (U+0000–U+001F), invalid UTF-8 (overlong forms,
/// UTF-8-encoded surrogates, bytes above F4, cut sequences), unknown escapes and `\u` escapes
/// that are not valid UTF-16: a high surrogate must be followed at once by `\u` + a low
/// surrogate, and a low surrogate may not stand alone. Such strings have no Unicode text, so
/// they are errors rather than being decoded to U+FFFD.
enum JSONStringScanner {
    /// Scans the string whose opening quote is at `start`.
    /// - Returns: the offset just past the closing quote, and whether a backslash was seen.
    @inline(__always)
    static func scan(
        _ p: UnsafePointer<UInt8>, count n: Int, from start: Int
    ) throws(JSONParseError) -> (end: Int, hasEscapes: Bool) {
        var i = start + 1
        var hasEscapes = false
        while true {
            // Eight bytes at a time through the run of plain printable ASCII.
            while i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                let special = specialBytes(in: word)
                if special != 0 {
                    i += special.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < n else { throw .endOfInput(n) }
            let byte = p[i]
            if byte == quote {
                return (i + 1, hasEscapes)
            } else if byte == backslash {
                hasEscapes = true
                i = try scanEscape(p, count: n, at: i)
            } else if byte >= 0x80 {
                i = try scanUTF8Sequence(p, count: n, at: i)
            } else if byte < 0x20 {
                throw JSONParseError(offset: i, message: "unescaped control character in string")
            } else {
                i += 1  // plain ASCII in the last few bytes of the input
            }
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// High bit set in each byte of `word` that is `"`, `\`, below 0x20, or non-ASCII.
    ///
    /// Classic SWAR "has zero byte" / "has byte less than" tests (Hacker's Delight §6-1). Borrows
    /// can flag bytes *above* a real match but never below one, so the lowest set bit is exact.
    @inline(__always)
    private static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = (word &- ones &* 0x20) & ~word
        return (isQuote | isBackslash | isControl | word) & highBits
    }

    /// Checks the escape whose backslash is at `i`; returns the offset just past it.
    private static func scanEscape(
        _ p: UnsafePointer<UInt8>, count n: Int, at i: Int
    ) throws(JSONParseError) -> Int {
        guard i + 1 < n else { throw .endOfInput(n) }
        switch p[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"),
            UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(p, count: n, at: i + 2)
            if unit & 0xFC00 == 0xDC00 {
                throw JSONParseError(offset: i, message: "unpaired surrogate in \\u escape")
            }
            guard unit & 0xFC00 == 0xD800 else { return i + 6 }
            // A high surrogate: `\uDC00`–`\uDFFF` must follow at once.
            let unpaired = JSONParseError(offset: i, message: "unpaired surrogate in \\u escape")
            guard i + 6 < n else { throw .endOfInput(n) }
            guard p[i + 6] == backslash else { throw unpaired }
            guard i + 7 < n else { throw .endOfInput(n) }
            guard p[i + 7] == UInt8(ascii: "u") else { throw unpaired }
            guard try hexQuad(p, count: n, at: i + 8) & 0xFC00 == 0xDC00 else { throw unpaired }
            return i + 12
        default:
            throw JSONParseError(offset: i, message: "invalid escape in string")
        }
    }

    /// The value of the four hex digits at `i` (the `XXXX` of `\uXXXX`).
    private static func hexQuad(
        _ p: UnsafePointer<UInt8>, count n: Int, at i: Int
    ) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for k in i..<(i + 4) {
            guard k < n else { throw .endOfInput(n) }
            guard let digit = JSONStringDecoder.hexValue(p[k]) else {
                throw JSONParseError(offset: i - 2, message: "invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte is at `i`; returns the offset past it.
    /// Well-formed sequences per RFC 3629 §4 (the Unicode Standard's Table 3-7).
    private static func scanUTF8Sequence(
        _ p: UnsafePointer<UInt8>, count n: Int, at i: Int
    ) throws(JSONParseError) -> Int {
        let lead = p[i]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF  // no overlong forms
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F  // no surrogates
        case 0xF0: length = 4; secondRange = 0x90...0xBF  // no overlong forms
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F  // nothing above U+10FFFF
        default: throw .invalidUTF8(i)
        }
        guard i + length <= n else { throw .endOfInput(n) }
        guard secondRange.contains(p[i + 1]) else { throw .invalidUTF8(i) }
        for k in (i + 2)..<(i + length) where p[k] & 0xC0 != 0x80 {
            throw .invalidUTF8(i)
        }
        return i + length
    }
}
