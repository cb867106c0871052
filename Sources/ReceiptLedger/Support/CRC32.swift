/// A streaming CRC-32 as zip and gzip use it (ISO 3309 / ITU-T V.42, the IEEE 802.3 polynomial
/// 0x04C11DB7 reflected as 0xEDB88320, initial value and final XOR 0xFFFFFFFF; PKWARE
/// APPNOTE.TXT §4.4.7, RFC 1952 §8): `"123456789"` gives 0xCBF43926.
///
/// Table-driven, eight bytes a step ("slicing-by-8", Intel's 2008 paper by Kounavis and Berry):
/// the workbook's sheets and Apple's gzipped reports pass through here byte for byte. Feed bytes in pieces of any size; `value` is the checksum so far.
package struct CRC32: Sendable {
    /// The running register, inverted (the final XOR is applied by `value`).
    private var register: UInt32 = 0xFFFF_FFFF

    init() {}

    /// The checksum of the bytes given so far (0 for none).
    var value: UInt32 { ~register }

    /// Adds bytes to the checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var crc = register
        var index = 0
        let count = bytes.count
        let t = CRC32.tables
        t.withUnsafeBufferPointer { t in
            while count - index >= 8 {
                let low = UInt32(base.load(fromByteOffset: index, as: UInt8.self))
                    | UInt32(base.load(fromByteOffset: index + 1, as: UInt8.self)) << 8
                    | UInt32(base.load(fromByteOffset: index + 2, as: UInt8.self)) << 16
                    | UInt32(base.load(fromByteOffset: index + 3, as: UInt8.self)) << 24
                let one = crc ^ low
                crc = t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int(one >> 8 & 0xFF)]
                    ^ t[5 * 256 + Int(one >> 16 & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
                    ^ t[3 * 256 + Int(base.load(fromByteOffset: index + 4, as: UInt8.self))]
                    ^ t[2 * 256 + Int(base.load(fromByteOffset: index + 5, as: UInt8.self))]
                    ^ t[1 * 256 + Int(base.load(fromByteOffset: index + 6, as: UInt8.self))]
                    ^ t[Int(base.load(fromByteOffset: index + 7, as: UInt8.self))]
                index += 8
            }
            while index < count {
                let byte = UInt32(base.load(fromByteOffset: index, as: UInt8.self))
                crc = t[Int((crc ^ byte) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        register = crc
    }

    /// Adds bytes to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds bytes to the checksum.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        update(UnsafeRawBufferPointer(bytes))
    }

    /// Adds bytes to the checksum.
    mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The CRC-32 of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The CRC-32 of a text's UTF-8.
    static func checksum(_ text: String) -> UInt32 { checksum(Array(text.utf8)) }

    /// Eight tables of 256 entries: table 0 is the classic byte-at-a-time table (the CRC of each
    /// byte value); table k is table k-1 advanced by one more zero byte.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for value in 0..<256 {
            var crc = UInt32(value)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[value] = crc
        }
        for table in 1..<8 {
            for value in 0..<256 {
                let previous = tables[(table - 1) * 256 + value]
                tables[table * 256 + value] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
