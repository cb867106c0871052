import Testing
@testable import ReceiptLedger

/// `ChunkedValues`: the merge's states, kept in chunks, updated in place and taken back a chunk
/// at a time.
@Suite struct ChunkedValuesTests {
    /// Counts the instances alive, so that a test sees each value released exactly once.
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Tracked.alive += 1
        }
        deinit { Tracked.alive -= 1 }
    }

    @Test func valuesAcrossChunksAreReadAndUpdatedWhereTheyLie() {
        var values = ChunkedValues<Int>(chunkShift: 2)
        for value in 0..<10 { values.append(value * 10) }
        #expect(values.count == 10)
        #expect(values.chunkCount == 3)
        #expect(values.chunkSize == 4)
        values[5] += 1
        values[9] = -1
        #expect((0..<10).map { values[$0] } == [0, 10, 20, 30, 40, 51, 60, 70, 80, -1])
    }

    @Test func aTakenChunkGivesItsValuesInOrderAndFreesWhatIsLeft() {
        #expect(Tracked.alive == 0)
        do {
            var values = ChunkedValues<Tracked>(chunkShift: 2)
            for value in 0..<10 { values.append(Tracked(value)) }
            #expect(Tracked.alive == 10)
            let first = values.takeChunk(0)
            #expect(first?.remaining == 4)
            #expect(first?.take()?.value == 0)
            #expect(first?.take()?.value == 1)
            #expect(Tracked.alive == 8)
            #expect(first?.remaining == 2)
            let last = values.takeChunk(2)
            #expect([last?.take()?.value, last?.take()?.value, last?.take()?.value] == [8, 9, nil])
            #expect(values.takeChunk(2) == nil)
            // Chunk 1 is still held by `values`; chunk 0's two values go with it.
            #expect(Tracked.alive == 6)
        }
        #expect(Tracked.alive == 0)
    }
}
