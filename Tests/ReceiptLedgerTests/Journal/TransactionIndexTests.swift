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
}
