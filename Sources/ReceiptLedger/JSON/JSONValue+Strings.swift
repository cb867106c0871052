/// Reading strings: decoded on demand, or compared and inspected in place without allocating.
extension JSONValue {
    /// The decoded text (escapes resolved, `\uXXXX` surrogate pairs joined), only for `.string`.
    var string: String? { document.withView { $0.string(index) } }

    /// Whether this is a string whose text is exactly `text` (`value.stringEquals("Sandbox")`).
    /// Allocates nothing unless the string contains escapes.
    func stringEquals(_ text: String) -> Bool {
        let entry = entry
        guard entry.kind == .string else { return false }
        let matches = text.utf8.withContiguousStorageIfAvailable { expected in
            document.bytes.withUnsafeBufferPointer { Self.string(entry, in: $0, equals: expected) }
        }
        return matches ?? (string == text)
    }

    /// The string's bytes between the quotes, when they are its UTF-8 text (no escapes);
    /// nil for other kinds and for strings with escapes (use `string` for those).
    var unescapedUTF8: ArraySlice<UInt8>? {
        let entry = entry
        guard entry.kind == .string, !entry.flags.contains(.hasEscapes) else { return nil }
        return document.bytes[(Int(entry.start) + 1)..<(Int(entry.end) - 1)]
    }

    /// Whether this is a non-empty string of ASCII digits only, like `"1574919499000"`.
    var isAllDigitsString: Bool {
        let entry = entry
        // An escape would be a backslash, which is not a digit: no need to decode.
        guard entry.kind == .string, entry.end - entry.start > 2 else { return false }
        return withContents(of: entry) { contents in
            contents.allSatisfy { JSONNumberScanner.isDigit($0) }
        }
    }

    /// The value of a string of ASCII digits that fits `Int64` (`"1574919499000"`, the form of
    /// every `*_ms` field); nil for other kinds, empty strings, signs, escapes or overflow.
    var int64FromDigitString: Int64? {
        let entry = entry
        guard entry.kind == .string, !entry.flags.contains(.hasEscapes), entry.end - entry.start > 2 else {
            return nil
        }
        return document.bytes.withUnsafeBufferPointer { bytes in
            bytes[Int(entry.start) + 1] == UInt8(ascii: "-")
                ? nil : Self.parseInt64(bytes, from: Int(entry.start) + 1, to: Int(entry.end) - 1)
        }
    }

    /// Calls `body` with the raw bytes between the string's quotes.
    private func withContents<R>(of entry: JSONTapeEntry, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        document.bytes.withUnsafeBufferPointer { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[(Int(entry.start) + 1)..<(Int(entry.end) - 1)]))
        }
    }
}
