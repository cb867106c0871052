#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string compared and hashed by its exact UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent texts as equal ("é" precomposed and
/// "e" + combining accent); ids must be used exactly as stored (SPEC §8 "Users"), so
/// dictionaries of ids are keyed by this instead. The bytes are an `IDText`: a 16-digit
/// transaction id lives in the value, not on the heap.
struct ExactString: Hashable, Comparable, Sendable {
    let text: IDText
    /// The bytes' hash, computed once: dictionaries of ids hash and compare keys many times
    /// (every probe compares), and most unequal ids then differ here without reading a byte.
    let fingerprint: Int

    /// As a `String` (allocated anew for an inline text of 16 bytes: not for hot paths).
    var value: String { text.string }

    init(_ value: String) {
        self.init(IDText(value))
    }

    init(_ text: IDText) {
        self.text = text
        fingerprint = text.withUTF8(Self.fingerprint)
    }

    /// The string whose UTF-8 is `bytes` (valid UTF-8), made without a `String` when short.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(IDText(utf8: bytes))
    }

    /// The fingerprint of the string whose UTF-8 is `bytes` (to look one up without making it).
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: ByteHash.hash(bytes, seed: UInt64(bytes.count)))
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }

    /// Unicode code point order (which UTF-8 byte order preserves).
    static func < (lhs: ExactString, rhs: ExactString) -> Bool { lhs.text < rhs.text }
}

extension String {
    /// Calls `body` with the UTF-8 bytes, in place for native strings (no copy, no reference
    /// count), copied for the rare bridged one.
    @inline(__always)
    func withUTF8Buffer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }

    /// Byte-for-byte equality of the UTF-8 (not Swift's canonical equivalence).
    func hasSameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return withUTF8Buffer { l in
            other.withUTF8Buffer { r in
                guard let lBase = l.baseAddress, let rBase = r.baseAddress else { return true }
                // One shared storage (a pooled product id, say) is equal without reading it.
                return lBase == rBase || memcmp(lBase, rBase, l.count) == 0
            }
        }
    }

    /// UTF-8 byte order, which is Unicode code point order (RFC 3629 §1).
    func utf8Precedes(_ other: String) -> Bool {
        withUTF8Buffer { l in
            other.withUTF8Buffer { r in
                let common = Swift.min(l.count, r.count)
                if common > 0, let lBase = l.baseAddress, let rBase = r.baseAddress {
                    let order = memcmp(lBase, rBase, common)
                    if order != 0 { return order < 0 }
                }
                return l.count < r.count
            }
        }
    }
}
