import Foundation

/// `text.trimmingCharacters(in: .whitespaces)` then `lowercased()` or `uppercased()`: how loosely
/// written values (`environment`, `claimed_environment`, flags, `in_app_ownership_type`) are
/// compared. Foundation's versions cost about a microsecond a call and run several times per
/// record, so ASCII text (every value Apple sends) takes a byte loop that gives the same result:
/// the only ASCII members of `CharacterSet.whitespaces` are space and tab, and ASCII case
/// mapping is A–Z ↔ a–z. Any other text takes Foundation's Unicode-aware path.
enum LooseText {
    static func trimmedLowercased(_ text: String) -> String {
        ascii(text, upper: false) ?? text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    static func trimmedUppercased(_ text: String) -> String {
        ascii(text, upper: true) ?? text.trimmingCharacters(in: .whitespaces).uppercased()
    }

    private static func ascii(_ text: String, upper: Bool) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0, end = bytes.count
            for byte in bytes where byte >= 0x80 { return nil }
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { out in
                for offset in 0..<(end - start) {
                    let byte = bytes[start + offset]
                    out[offset] = upper ? (byte &- UInt8(ascii: "a") < 26 ? byte & ~0x20 : byte)
                                        : (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
                }
                return end - start
            }
        }
    }
}
