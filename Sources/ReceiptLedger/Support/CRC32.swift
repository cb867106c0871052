/// The CRC-32 of gzip, zip and PNG (ISO 3309 / ITU-T V.42; RFC 1952 §8): polynomial 0xEDB88320
/// (reflected), initial value and final XOR 0xFFFFFFFF. `CRC32.checksum("123456789")` is 0xCBF43926.
///
/// Table-driven, one byte a step: gzip's trailer is checked against it (`GzipReader`).
struct CRC32: Sendable {
    /// The running remainder, already XORed with 0xFFFFFFFF.
    private var state: UInt32 = 0xFFFF_FFFF

    init() {}

    /// The checksum of everything given to `update` so far.
    var value: UInt32 { state ^ 0xFFFF_FFFF }

    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var crc = state
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        state = crc
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    static func checksum(_ text: String) -> UInt32 { checksum(Array(text.utf8)) }

    /// `table[n]`: the remainder of byte `n` shifted through eight steps of the reflected polynomial.
    static let table: [UInt32] = (0..<256).map { (index: Int) -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}
