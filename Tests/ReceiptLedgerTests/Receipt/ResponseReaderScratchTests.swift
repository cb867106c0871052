import Testing
@testable import ReceiptLedger

/// A reading thread's scratch changes no record: an answer read again, its history repeated in
/// later answers, reads as it does alone.
@Suite struct ResponseReaderScratchTests {
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
        // `latest_receipt_info` repeating `in_app` byte for byte: every copy is kept.
        let record = Self.read(answers[1], shared)
        #expect(record.transactions.map(\.copy.transactionID) == ["100", "101", "102", "103", "104"] + ["100", "101", "102", "103", "104"])
    }
}
