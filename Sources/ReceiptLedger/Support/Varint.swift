/// Variable-length numbers as the partial-state files and the packed journal write them: seven
/// bits a byte, low bits first, the top bit set on every byte but the last; signed numbers
/// zigzag-mapped first, so that small negative numbers stay short.
enum Varint {
    /// Appends `value` to `bytes`.
    static func append<Bytes: ByteAppending>(_ value: UInt64, to bytes: inout Bytes) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A signed number as the unsigned one written for it (0, -1, 1, -2, … → 0, 1, 2, 3, …).
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// The signed number `zigzag` gave `value` for.
    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
