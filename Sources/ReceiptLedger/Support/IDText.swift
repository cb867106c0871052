/// The exact UTF-8 of an identifier (`transaction_id`, `original_transaction_id`), held in the
/// value itself when it has at most 16 bytes, else in a `String`.
///
/// Apple's transaction ids have 16 digits, and a Swift `String` keeps at most 15 UTF-8 bytes
/// inline: as a `String`, every id would be a heap object of its own, allocated for each
/// transaction copy read and touched, with an atomic reference count, wherever the id goes
/// (the merge, the key order, the files, the subscriptions). This type holds 16-byte ids
/// inline, so that they cost what shorter ones do, and keeps longer ones exact.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › IDText.
///
/// Compared and ordered byte for byte (code point order), never by Unicode equivalence.
struct IDText: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    private enum Storage: Hashable, Sendable {
        /// Bytes 0–7 and 8–15 in memory order (unused bytes 0), and the byte count.
        case inline(UInt64, UInt64, count: UInt8)
        /// More than 16 bytes.
        case string(String)
    }

    private let storage: Storage

    /// The most bytes held inline.
    static let inlineCapacity = 16

    init(_ text: String) {
        storage = text.utf8.count <= Self.inlineCapacity ? text.withUTF8Buffer(Self.packed) : .string(text)
    }

    init(stringLiteral text: String) {
        self.init(text)
    }

    /// The text whose UTF-8 is `bytes`, which must be valid UTF-8 (a JSON string's contents).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        storage = bytes.count <= Self.inlineCapacity ? Self.packed(bytes) : .string(String(decoding: bytes, as: UTF8.self))
    }

    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> Storage {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(bytes))
        }
        return .inline(words.0, words.1, count: UInt8(bytes.count))
    }

    /// Calls `body` with the UTF-8 bytes (inline ones copied to the stack, no allocation).
    @inline(__always)
    func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch storage {
        case .inline(let first, let second, let count):
            var words = (first, second)
            return withUnsafeBytes(of: &words) { raw in
                body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<Int(count)]))
            }
        case .string(let text):
            return text.withUTF8Buffer(body)
        }
    }

    /// As a `String` (which allocates for 16 bytes: for cold paths and messages).
    var string: String {
        switch storage {
        case .inline: return withUTF8 { String(decoding: $0, as: UTF8.self) }
        case .string(let text): return text
        }
    }

    var description: String { string }

    var isEmpty: Bool {
        if case .inline(_, _, let count) = storage { return count == 0 }
        return false
    }

    /// Byte equality: a text of at most 16 bytes is always inline, so the two forms never meet.
    static func == (lhs: IDText, rhs: IDText) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.inline(a0, a1, aCount), .inline(b0, b1, bCount)): return a0 == b0 && a1 == b1 && aCount == bCount
        case let (.string(a), .string(b)): return a.hasSameUTF8(as: b)
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// UTF-8 byte order, which is code point order. Two inline texts compare as big-endian
    /// words (the zero padding sorts a prefix first), then by length (a text ending in NUL
    /// bytes after its prefix).
    static func < (lhs: IDText, rhs: IDText) -> Bool {
        if case let .inline(a0, a1, aCount) = lhs.storage, case let .inline(b0, b1, bCount) = rhs.storage {
            return (a0.bigEndian, a1.bigEndian, aCount) < (b0.bigEndian, b1.bigEndian, bCount)
        }
        return lhs.withUTF8 { l in rhs.withUTF8 { r in l.lexicographicallyPrecedes(r) } }
    }
}
