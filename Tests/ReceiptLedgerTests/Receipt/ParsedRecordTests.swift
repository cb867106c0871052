import Testing
@testable import ReceiptLedger

/// `ParsedRecord.ListAddresses`, the hint `ProcessingOrderWindow` asks the caches for: it must
/// name where the lists keep their elements, or the merge waits on them again (silently: a
/// hint changes no result, so only this test can tell).
@Suite struct ParsedRecordTests {
    typealias A = AnswerBuilder

    @Test func listAddressesLeadToTheListsElements() throws {
        let history = (0..<3).map { A.transaction("\(200 + $0)", purchaseMs: 1_704_067_200_000 + Int64($0) * 86_400_000) }
        let renewal = #"{"original_transaction_id": "200", "auto_renew_status": "1"}"#
        let answer = A.answer(inApp: history, latest: history, renewals: [renewal])
        let record = Array(answer.utf8).withUnsafeBytes { ResponseReader().read(bytes: $0, scratch: ResponseReader.Scratch()) }
        #expect(record.transactions.count == 3 && record.renewals.count == 1)

        let lists = record.listAddresses
        // The storage starts with a header; the first element lies in the first cache line
        // asked for, so the first copies arrive with it.
        let firstCopy = try #require(record.transactions.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) })
        #expect((1..<64).contains(firstCopy - lists.transactions))
        let firstRenewal = try #require(record.renewals.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) })
        #expect((1..<64).contains(firstRenewal - lists.renewals))
    }
}
