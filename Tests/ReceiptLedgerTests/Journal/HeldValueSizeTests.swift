import Testing
@testable import ReceiptLedger

/// The values a run holds one of per transaction or order, at once (issue 26: the bytes per
/// transaction at 1M records), keep the sizes their fields were ordered for: a field added or
/// moved shows here before it shows in `bench`.
@Suite struct HeldValueSizeTests {
    @Test func aMergeStateTakes88Bytes() {
        #expect(MemoryLayout<MergeMark>.size == 12)
        #expect(MemoryLayout<TransactionState>.stride == 88)
    }

    @Test func aSubscriptionTakes88Bytes() {
        #expect(MemoryLayout<Subscription>.stride == 88)
    }

    @Test func anOrderTakes80Bytes() {
        #expect(MemoryLayout<Order>.stride == 80)
    }
}
