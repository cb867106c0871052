/// An id written in plain decimal digits, held as its value: Apple's transaction ids have 16
/// digits, which take 8 bytes as a number and 16 or more as text, and the tables the run keeps
/// to its end hold one per transaction (issue 26).
///
/// Only texts that the value gives back byte for byte count: 1 to 19 ASCII digits, no leading
/// zero unless the text is "0", below 2^63 (so that a holder may use the top bit as a mark).
/// Any other id ("0123", "", "12a", 20 digits) has no value and is kept as text by its holder.
enum DecimalID {
    /// Above every value: a holder's marks may use it and up.
    static let limit: UInt64 = 1 << 63

    /// The value of the id whose UTF-8 is `bytes`, or nil when it is not plain digits.
    static func value(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard (1...19).contains(bytes.count), bytes.count == 1 || bytes[0] != UInt8(ascii: "0") else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            // 19 digits stay below 10^19 < 2^64: no overflow before the check below.
            value = value &* 10 &+ UInt64(digit)
        }
        return value < limit ? value : nil
    }

    static func value(of text: IDText) -> UInt64? {
        text.withUTF8(value(of:))
    }

    /// Calls `body` with the digits of `value` (below `limit`).
    static func withDigits<R>(_ value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        DecimalDigits.with(value, body)
    }

    /// The id whose value is `value`.
    static func text(_ value: UInt64) -> IDText {
        withDigits(value) { IDText(utf8: $0) }
    }
}

/// The decimal digits of an unsigned integer, most significant first, written on the stack:
/// for writers of ids and amounts that build bytes without a `String` per value.
enum DecimalDigits {
    /// Calls `body` with the digits of `value` (1 to 20 of them; "0" for zero).
    static func with<R>(_ value: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20
        return withUnsafeMutableBytes(of: &digits) { raw in
            var rest = value, start = raw.count
            repeat {
                start -= 1
                raw[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            return body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start...]))
        }
    }
}
