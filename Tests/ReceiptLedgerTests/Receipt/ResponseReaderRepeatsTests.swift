import Testing
@testable import ReceiptLedger

/// A reading thread's scratch changes no record (an answer read again, its history repeated in
/// later answers, reads as it does alone), and the reader leaves out only a repeat of the copy
/// appended last for its transaction in the same answer (`RepeatedCopyShortcut.readerMayDrop`).
@Suite struct ResponseReaderRepeatsTests {
    typealias A = AnswerBuilder
    static let t0: Int64 = 1_704_067_200_000

    static func read(_ json: String, _ scratch: ResponseReader.Scratch) -> ParsedRecord {
        Array(json.utf8).withUnsafeBytes { ResponseReader().read(bytes: $0, scratch: scratch) }
    }

    static func describe(_ record: ParsedRecord) -> [String] {
        ["\(record.outcome)"] + record.transactions.map(\.copy).map { c in
            "\(c.transactionID)|\(c.productID ?? "-")|\(c.purchase.instant?.rawValue ?? -1)|\(c.cancellation.instant?.rawValue ?? -1)"
        } + record.anomalies.map { "\($0.kind)|\($0.field)" }
    }

    @Test func repeatedHistoryReadsAsItDoesAlone() {
        let history = (0..<6).map { A.transaction("\(100 + $0)", purchaseMs: Self.t0 + Int64($0) * 86_400_000) }
        let refunded = A.transaction("103", purchaseMs: Self.t0 + 3 * 86_400_000, fields: ["cancellation_date_ms": "\"\(Self.t0 + 10 * 86_400_000)\""])
        let answers = [
            A.answer(inApp: Array(history.prefix(3)), latest: Array(history.prefix(3))),
            A.answer(inApp: Array(history.prefix(5)), latest: Array(history.prefix(5))),
            A.answer(inApp: Array(history.prefix(3)) + [refunded] + [history[4], history[5]], latest: history),
            A.answer(inApp: [history[0], #"{"transaction_id": "x", "nested": {"a": 1}}"#], latest: [history[0]]),
        ]
        let shared = ResponseReader.Scratch()
        for answer in answers + answers {
            #expect(Self.describe(Self.read(answer, shared)) == Self.describe(Self.read(answer, ResponseReader.Scratch())))
        }
        // `latest_receipt_info` repeating `in_app` byte for byte: each repeat is the object
        // appended last for its transaction, which the merge would skip; it is dropped here.
        let record = Self.read(answers[1], shared)
        #expect(record.transactions.map(\.copy.transactionID) == ["100", "101", "102", "103", "104"])
    }

    /// Only a copy that is the very object appended last for its transaction in the same
    /// answer is dropped: a repeat after another copy of that transaction is kept (the merge
    /// takes each copy's fields in order), and repeats in a later answer are kept too.
    @Test func onlyTheLastCopyOfATransactionAgainIsDropped() {
        let a = A.transaction("100", purchaseMs: Self.t0)
        let b = A.transaction("100", purchaseMs: Self.t0, fields: ["cancellation_date_ms": "\"\(Self.t0 + 86_400_000)\""])
        let other = A.transaction("200", purchaseMs: Self.t0)
        let scratch = ResponseReader.Scratch()
        func kept(_ inApp: [String], _ latest: [String]) -> [String] {
            Self.read(A.answer(inApp: inApp, latest: latest), scratch).transactions.map(\.copy).map { c in
                "\(c.transactionID)\(c.cancellation.instant == nil ? "" : "-cancelled")"
            }
        }
        #expect(kept([a], [a]) == ["100"])
        #expect(kept([a, other], [a, other]) == ["100", "200"])
        #expect(kept([a, b], [a]) == ["100", "100-cancelled", "100"])
        #expect(kept([a], [b, a]) == ["100", "100-cancelled", "100"])
        #expect(kept([a], []) == ["100"])
        #expect(kept([a], [a]) == ["100"])
    }

    /// Every repeat is found whatever the ids hash to, in records with more transactions than
    /// the table first holds too: the result does not depend on the process's hash seed.
    @Test func everyRepeatInALongHistoryIsDropped() {
        let history = (0..<300).map { A.transaction("\(1_000 + $0)", purchaseMs: Self.t0 + Int64($0) * 60_000) }
        let scratch = ResponseReader.Scratch()
        for _ in 0..<2 {
            let record = Self.read(A.answer(inApp: history, latest: history), scratch)
            #expect(record.transactions.map(\.copy.transactionID) == (0..<300).map { "\(1_000 + $0)" })
        }
    }
}
