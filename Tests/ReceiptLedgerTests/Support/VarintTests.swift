import Testing
@testable import ReceiptLedger

/// `Varint`: the number encoding of the partial-state files (docs/PARTIAL-STATE.md) and the
/// packed journal.
@Suite struct VarintTests {
    @Test func sevenBitsAByteLowBitsFirst() {
        var bytes: [UInt8] = []
        for value: UInt64 in [0, 127, 128, 300, UInt64.max] { Varint.append(value, to: &bytes) }
        #expect(bytes == [0x00, 0x7F, 0x80, 0x01, 0xAC, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
    }

    @Test func zigzagKeepsSmallNegativeNumbersSmall() {
        #expect([0, -1, 1, -2, 2].map(Varint.zigzag) == [0, 1, 2, 3, 4])
        #expect(Varint.zigzag(Int64.min) == UInt64.max && Varint.zigzag(Int64.max) == UInt64.max - 1)
        for value: Int64 in [0, -1, 1, -62_135_596_800_000, Int64.min, Int64.max] { #expect(Varint.unzigzag(Varint.zigzag(value)) == value) }
    }
}
