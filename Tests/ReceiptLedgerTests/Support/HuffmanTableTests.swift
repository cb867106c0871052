import Testing
@testable import ReceiptLedger

@Suite struct HuffmanTableTests {
    @Test func decodesCanonicalCodesOfRFC1951() throws {
        // RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give F = 00, A = 010, …, H = 1111.
        let table = try HuffmanTable(lengths: [3, 3, 3, 3, 3, 2, 4, 4], allowIncomplete: false)
        // Codes enter the stream most significant bit first, so 010 is read as bits 0, 1, 0.
        #expect(table.decode(0b010, available: 64) == .symbol(0, length: 3))
        #expect(table.decode(0b00, available: 64) == .symbol(5, length: 2))
        #expect(table.decode(0b1111, available: 64) == .symbol(7, length: 4))
        #expect(table.decode(0b0111, available: 64) == .symbol(6, length: 4))
        #expect(table.decode(0b1111, available: 3) == .needMoreInput)
    }

    @Test func longCodesTakeTheCanonicalWalk() throws {
        // Symbol 0 has a 1-bit code, then one code of each length to 15 (two of 15): complete.
        var lengths: [UInt8] = Array(1...15)
        lengths.append(15)
        let table = try HuffmanTable(lengths: lengths, allowIncomplete: false)
        #expect(table.decode(0, available: 64) == .symbol(0, length: 1))
        #expect(table.decode(UInt64(1 << 15 - 1), available: 64) == .symbol(15, length: 15))
        #expect(table.decode(UInt64(1 << 14 - 1), available: 64) == .symbol(14, length: 15))
        #expect(table.decode(UInt64(1 << 11 - 1), available: 64) == .symbol(11, length: 12))
    }

    @Test func refusesOversubscribedAndIncompleteSets() {
        #expect(throws: HuffmanTable.Problem.oversubscribed) { try HuffmanTable(lengths: [1, 1, 1], allowIncomplete: true) }
        #expect(throws: HuffmanTable.Problem.incomplete) { try HuffmanTable(lengths: [2, 2, 2], allowIncomplete: true) }
        #expect(throws: HuffmanTable.Problem.incomplete) { try HuffmanTable(lengths: [1], allowIncomplete: false) }
        #expect(throws: HuffmanTable.Problem.incomplete) { try HuffmanTable(lengths: [0, 0], allowIncomplete: false) }
    }

    @Test func oneDistanceCodeOfOneBitIsAllowed() throws {
        let table = try HuffmanTable(lengths: [0, 1], allowIncomplete: true)
        #expect(table.decode(0, available: 64) == .symbol(1, length: 1))
        #expect(table.decode(1, available: 64) == .invalid)
        #expect(try HuffmanTable(lengths: [0, 0], allowIncomplete: true).isEmpty)
    }
}
