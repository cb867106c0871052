import Testing
@testable import ReceiptLedger

/// The streaming API as the gzip reader uses it (the published values: `Output/CRC32Tests`).
@Suite struct CRC32StreamingTests {
    @Test func checkValueOfTheIEEEPolynomial() {
        #expect(CRC32.checksum("123456789") == 0xCBF4_3926)
    }

    @Test func emptyInputIsZero() {
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func updatesInPiecesGiveTheWholeChecksum() {
        let bytes = GzipTestData.randomBytes(10_000, seed: 7)
        var crc = CRC32()
        crc.update(bytes[..<1])
        crc.update(bytes[1..<4_097])
        crc.update(Array(bytes[4_097...]))
        #expect(crc.value == CRC32.checksum(bytes))
        #expect(CRC32.checksum("The quick brown fox jumps over the lazy dog") == 0x414F_A339)
    }
}
