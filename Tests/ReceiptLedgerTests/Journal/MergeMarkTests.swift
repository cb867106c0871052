import Testing
@testable import ReceiptLedger

/// `MergeMark`: the merge's per-transaction bookkeeping kept beside the states.
@Suite struct MergeMarkTests {
    @Test func aRecordIsCountedOnceHoweverManyCopiesItHolds() {
        var mark = MergeMark(owner: UserID(index: 3))
        #expect(mark.recordCount == 0 && mark.lastRank == -1 && !mark.lastCopy.isSame(as: mark.lastCopy))
        mark.noteRecord(rank: 0)
        mark.noteRecord(rank: 0)
        mark.noteRecord(rank: 5)
        mark.noteRecord(rank: 5)
        mark.noteRecord(rank: 6)
        #expect(mark.recordCount == 3)
        #expect(mark.lastRank == 6)
        #expect(mark.owner == UserID(index: 3))
    }

    /// Small enough that the marks of 110,000 transactions (4.4 MB) mostly stay in the caches,
    /// which is their reason to exist; a field added here should be weighed against that.
    @Test func aMarkTakesFortyBytes() {
        #expect(MemoryLayout<MergeMark>.stride == 40)
    }
}
