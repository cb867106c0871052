import Testing
@testable import ReceiptLedger

@Suite struct CRC32Tests {
    /// The CRC-32 "check" value of the catalogue of parametrised CRCs (reveng.sourceforge.io,
    /// CRC-32/ISO-HDLC) and other published values.
    static let vectors: [(String, UInt32)] = [
        ("", 0x0000_0000),
        ("a", 0xE8B7_BE43),
        ("abc", 0x3524_41C2),
        ("123456789", 0xCBF4_3926),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ]

    /// The CRC bit by bit (APPNOTE §4.4.7: reflected 0xEDB88320, all ones in and out): the
    /// reference the tables must agree with; also used by `StoredZip`.
    static func bitwiseCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test(arguments: vectors)
    func publishedCheckValues(message: String, expected: UInt32) {
        #expect(CRC32.checksum(Array(message.utf8)) == expected)
        #expect(Self.bitwiseCRC(Array(message.utf8)) == expected)
    }

    @Test func everySplitGivesTheSameChecksumAsBitByBit() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        let expected = Self.bitwiseCRC(message)
        #expect(CRC32.checksum(message) == expected)
        for split in 0...message.count {
            var crc = CRC32()
            crc.update(Array(message[..<split]))
            crc.update(Array(message[split...]))
            #expect(crc.value == expected, "split at \(split)")
        }
        var bytewise = CRC32()
        for byte in message { bytewise.update([byte]) }
        #expect(bytewise.value == expected)
    }

    @Test func runsOfZerosAndOnesMatchZlib() {
        // 32 zero bytes and 32 0xFF bytes as zlib's crc32 gives them; a MiB of zeros bit by bit.
        #expect(CRC32.checksum([UInt8](repeating: 0, count: 1 << 20)) == Self.bitwiseCRC([UInt8](repeating: 0, count: 1 << 20)))
        #expect(CRC32.checksum([UInt8](repeating: 0, count: 32)) == 0x190A_55AD)
        #expect(CRC32.checksum([UInt8](repeating: 0xFF, count: 32)) == 0xFF6C_AB0B)
    }
}
