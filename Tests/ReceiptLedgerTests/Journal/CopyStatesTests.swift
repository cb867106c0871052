import Testing
@testable import ReceiptLedger

/// `CopyStates`: the merge's note of each copy's transaction, by the copy's serial.
@Suite struct CopyStatesTests {
    @Test func aSerialIsFoundInTheEnvironmentItWasNotedIn() {
        var states = CopyStates()
        let base = TransactionCopy.serialsHandedOut
        states.note(7, serial: base + 1, in: .production)
        states.note(0, serial: base + 3, in: .sandbox)
        #expect(states.state(ofSerial: base + 1, in: .production) == 7)
        #expect(states.state(ofSerial: base + 1, in: .sandbox) == nil)
        #expect(states.state(ofSerial: base + 3, in: .sandbox) == 0)
        #expect(states.state(ofSerial: base + 3, in: .production) == nil)
        #expect(states.state(ofSerial: base + 2, in: .production) == nil)  // between two noted
        #expect(states.state(ofSerial: base + 500, in: .production) == nil)  // beyond the table
        // The latest note wins (a copy met in both environments).
        states.note(9, serial: base + 1, in: .sandbox)
        #expect(states.state(ofSerial: base + 1, in: .sandbox) == 9)
        #expect(states.state(ofSerial: base + 1, in: .production) == nil)
    }

    /// Serials made before the table are never noted: such a copy is looked up by its id.
    @Test func serialsFromBeforeTheTableAreNotKept() {
        var states = CopyStates()
        let base = TransactionCopy.serialsHandedOut
        states.note(4, serial: base, in: .production)
        #expect(states.state(ofSerial: base, in: .production) == nil)
    }

    /// Notes far apart (serials of other runs in between) grow the table as needed.
    @Test func manySerialsFarApart() {
        var states = CopyStates()
        let base = TransactionCopy.serialsHandedOut
        for step in 1...2_000 { states.note(step, serial: base + UInt64(step * 37), in: .production) }
        #expect((1...2_000).allSatisfy { states.state(ofSerial: base + UInt64($0 * 37), in: .production) == $0 })
        #expect(states.state(ofSerial: base + 36, in: .production) == nil)
    }
}
