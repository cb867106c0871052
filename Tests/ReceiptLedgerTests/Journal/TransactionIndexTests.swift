import Testing
@testable import ReceiptLedger

/// `TransactionIndex` numbers ids per environment in order of first appearance, and finds them
/// again after its table has grown (each slot keeps only half of the id's hash, so growing
/// hashes the stored ids again).
@Suite struct TransactionIndexTests {
    @Test func numbersInOrderAndFindsEveryIdAfterGrowing() {
        var index = TransactionIndex()
        let ids = (0..<5_000).map { ExactString("10000\($0 * 7919)") }
        for (position, id) in ids.enumerated() {
            #expect(index.find(.production, id) == nil)
            #expect(index.insert(.production, id) == position)
        }
        // The same ids in Sandbox are other transactions, numbered after.
        for (position, id) in ids.prefix(1_000).enumerated() { #expect(index.insert(.sandbox, id) == 5_000 + position) }
        #expect(index.count == 6_000)
        #expect(ids.indices.allSatisfy { index.find(.production, ids[$0]) == $0 })
        #expect((0..<1_000).allSatisfy { index.find(.sandbox, ids[$0]) == 5_000 + $0 })
        #expect(index.find(.sandbox, ids[1_000]) == nil)
        #expect(index.find(.production, ExactString("100001")) == nil)
        // A long id (stored on the heap, not inline) is found by its bytes.
        let long = ExactString("a-transaction-id-longer-than-sixteen-bytes")
        #expect(index.insert(.production, long) == 6_000)
        #expect(index.find(.production, long) == 6_000)
        #expect(index.find(.production, ExactString("a-transaction-id-longer-than-sixteen-byteZ")) == nil)
    }

    /// The merge's states keep no key: the index gives it back by number, environment and all,
    /// also once its buffers have dropped their spare room.
    @Test func givesBackEachNumbersKey() {
        var index = TransactionIndex()
        var keys: [TransactionKey] = []
        for number in 0..<200 {
            // Sandbox on every third, across the 64-transaction words of the environment bits.
            let environment: Environment = number % 3 == 2 ? .sandbox : .production
            let id = number == 130 ? "a-transaction-id-longer-than-sixteen-bytes" : "20000\(number * 31)"
            keys.append(TransactionKey(environment, id))
            #expect(index.insert(environment, ExactString(id)) == number)
        }
        index.dropSpareCapacity()
        #expect((0..<200).allSatisfy { index.key($0) == keys[$0] })
        #expect(index.key(130).transactionID.value == "a-transaction-id-longer-than-sixteen-bytes")
        #expect(index.key(2).environment == .sandbox && index.key(3).environment == .production)
        #expect(index.key(199).environment == .production && index.key(197).environment == .sandbox)
        #expect(index.find(.sandbox, index.key(197).transactionID) == 197)
    }

    /// Ids in plain digits are kept as numbers, every other id as text; each comes back byte for
    /// byte, and ids a number would confuse ("0123" and "123") stay apart.
    @Test func keepsDigitIdsAsNumbersAndEveryIdExact() {
        let ids = ["123", "0123", "0", "00", "", "9223372036854775807", "9223372036854775808",
                   "9999999999999999999", "18446744073709551616", "12345678901234567890", "2000000123456789",
                   "12a", "１２３", "-5", "+5", " 5"]
        #expect(DecimalID.value(of: IDText("2000000123456789")) == 2_000_000_123_456_789)
        #expect(DecimalID.value(of: IDText("9223372036854775807")) == 9_223_372_036_854_775_807)
        #expect(DecimalID.value(of: IDText("0")) == 0)
        #expect(["0123", "00", "", "9223372036854775808", "9999999999999999999", "12345678901234567890", "12a", "-5", "１２３"]
            .allSatisfy { DecimalID.value(of: IDText($0)) == nil })
        #expect([0, 7, 10, 2_000_000_123_456_789, DecimalID.limit - 1].allSatisfy { DecimalID.value(of: DecimalID.text($0)) == $0 })
        #expect(DecimalID.text(DecimalID.limit - 1) == "9223372036854775807" && DecimalID.text(0) == "0")
        // The digit writer the amounts share: every width up to UInt64's 20 digits.
        #expect(DecimalDigits.with(UInt64.max) { String(decoding: $0, as: UTF8.self) } == "18446744073709551615")
        #expect(DecimalDigits.with(0) { Array($0) } == [UInt8(ascii: "0")])
        var index = TransactionIndex()
        for (number, id) in ids.enumerated() { #expect(index.insert(.production, ExactString(id)) == number) }
        for (number, id) in ids.enumerated() {
            #expect(index.find(.production, ExactString(id)) == number)
            #expect(index.key(number).transactionID.value == id)
        }
        #expect(index.find(.production, ExactString("00123")) == nil)
        #expect(index.find(.production, ExactString("124")) == nil)
    }

    /// An array kept for the rest of the run drops the room it grew for, and keeps its elements.
    @Test func anArrayWithoutSpareCapacityKeepsItsElements() {
        var grown: [Int] = []
        for value in 0..<1_000 { grown.append(value * 3) }
        grown.reserveCapacity(4_000)
        let trimmed = grown.withoutSpareCapacity()
        #expect(trimmed == grown && trimmed.capacity < 1_100)
        let small = [1, 2, 3]
        #expect(small.withoutSpareCapacity() == small)
    }
}
