import Testing
@testable import ReceiptLedger

@Suite struct VersionTests {
    @Test func versionIsSemantic() {
        #expect(ReceiptLedgerInfo.version.split(separator: ".").count == 3)
    }
}
