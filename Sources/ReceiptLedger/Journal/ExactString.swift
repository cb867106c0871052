/// A string compared and hashed by its exact UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent texts as equal ("é" precomposed and
/// "e" + combining accent); ids must be used exactly as stored (SPEC §8 "Users"), so
/// dictionaries of ids are keyed by this instead.
struct ExactString: Hashable, Comparable, Sendable {
    let value: String

    init(_ value: String) { self.value = value }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.value.utf8.elementsEqual(rhs.value.utf8) }

    func hash(into hasher: inout Hasher) {
        for byte in value.utf8 { hasher.combine(byte) }
        hasher.combine(0xFF as UInt8)
    }

    /// Unicode code point order (which UTF-8 byte order preserves).
    static func < (lhs: ExactString, rhs: ExactString) -> Bool { lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8) }
}
