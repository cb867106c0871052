/// One value of a parsed document, as the parser leaves it on the tape.
///
/// 20 bytes, no references: the tape is a flat buffer the parser can reuse. Object members are
/// stored as two consecutive entries, the key (a `.string`) then the value.
struct JSONTapeEntry: Sendable {
    /// Byte offset of the value's first byte (the opening quote for strings).
    var start: UInt32
    /// Byte offset just past the value's last byte (past the closing quote or bracket).
    var end: UInt32
    /// Tape index just past this value and all its descendants: the next sibling, if any.
    /// For scalars this is simply the entry's own index + 1.
    var next: UInt32
    /// Containers: number of elements, or of members (key/value pairs). 0 for scalars.
    var count: UInt32
    var kind: JSONKind
    var flags: Flags

    struct Flags: OptionSet, Sendable {
        var rawValue: UInt8
        /// A string that contains at least one backslash escape, so its bytes are not its text.
        static let hasEscapes = Flags(rawValue: 1 << 0)
        /// A number with neither fraction nor exponent (`-12`, not `1.0` or `1e3`).
        static let isInteger = Flags(rawValue: 1 << 1)
        /// A bool whose value is `true`.
        static let isTrue = Flags(rawValue: 1 << 2)
    }

    init(kind: JSONKind, start: Int, end: Int, next: Int, flags: Flags = []) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.next = UInt32(truncatingIfNeeded: next)
        self.count = 0
        self.kind = kind
        self.flags = flags
    }
}
