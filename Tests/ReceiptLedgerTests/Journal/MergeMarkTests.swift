import Testing
@testable import ReceiptLedger

/// `MergeMark`: the merge's per-transaction record count, kept in each state.
@Suite struct MergeMarkTests {
    @Test func aRecordIsCountedOnceHoweverManyCopiesItHolds() {
        var mark = MergeMark()
        #expect(mark.recordCount == 0 && mark.lastRank == -1)
        mark.noteRecord(rank: 0)
        mark.noteRecord(rank: 0)
        mark.noteRecord(rank: 5)
        mark.noteRecord(rank: 5)
        mark.noteRecord(rank: 6)
        #expect(mark.recordCount == 3)
        #expect(mark.lastRank == 6)
    }
}
