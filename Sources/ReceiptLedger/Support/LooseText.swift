import Foundation

/// Foundation's `trimmingCharacters(in:)` and `lowercased()` as loosely written
/// values are compared (`environment`, `claimed_environment`, flags, `in_app_ownership_type`,
/// order ids). Foundation's versions cost far more than a byte loop and run several times per
/// record, so ASCII text (every value Apple sends) takes a byte loop that gives the same
/// result: the only ASCII members of `CharacterSet.whitespaces` are tab and space, those of
/// `.whitespacesAndNewlines` are tab, LF, VT, FF, CR and space, and ASCII lower-casing maps
/// A–Z to a–z. Any other text takes Foundation's Unicode-aware path.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › LooseText.
enum LooseText {
    /// `text.trimmingCharacters(in: .whitespaces).lowercased()`.
    static func trimmedLowercased(_ text: String) -> String {
        asciiTrimmedLowercased(text) ?? text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)`.
    ///
    /// Trimming stops at the first scalar outside the set; an ASCII byte that is not trimmed is
    /// such a scalar, so only a non-ASCII byte where trimming stops needs Foundation.
    static func trimmed(_ text: String, newlines: Bool) -> String {
        var text = text
        let range = text.withUTF8 { asciiTrimmedRange($0, newlines: newlines) }
        guard let range else { return text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces) }
        guard range.count != text.utf8.count else { return text }
        return text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// `trimmed(_:newlines:)` of the text whose UTF-8 is `bytes` (valid UTF-8), without making
    /// the untrimmed `String` first.
    static func trimmed(utf8 bytes: UnsafeBufferPointer<UInt8>, newlines: Bool) -> String {
        guard let range = asciiTrimmedRange(bytes, newlines: newlines) else {
            return trimmed(String(decoding: bytes, as: UTF8.self), newlines: newlines)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes left once ASCII spaces and tabs (and, with `newlines`, LF … CR) are taken off
    /// both ends; nil when trimming stops at a non-ASCII byte, which only Foundation can judge.
    static func asciiTrimmedRange(_ bytes: UnsafeBufferPointer<UInt8>, newlines: Bool) -> Range<Int>? {
        func trims(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || (newlines && byte >= 0x0A && byte <= 0x0D) }
        var start = 0, end = bytes.count
        while start < end && trims(bytes[start]) { start += 1 }
        while end > start && trims(bytes[end - 1]) { end -= 1 }
        guard start == end || (bytes[start] < 0x80 && bytes[end - 1] < 0x80) else { return nil }
        return start..<end
    }

    private static func asciiTrimmedLowercased(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0, end = bytes.count
            guard bytes.isASCII else { return nil }
            while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { out in
                for offset in 0..<(end - start) {
                    let byte = bytes[start + offset]
                    out[offset] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return end - start
            }
        }
    }
}
