import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// The partial-state format (docs/PARTIAL-STATE.md): exact bytes of the frame and numbers,
/// every codec read back to the values written, and a wrong, newer or cut file refused with one
/// error of the right exit code.
@Suite struct PartialFormatTests {
    static func reader(_ writer: PartialWriter, _ kind: PartialFile.Kind) throws -> PartialReader {
        try PartialReader(bytes: writer.bytes, path: "test.part", expecting: kind)
    }

    @Test func frameAndNumbersHaveTheDocumentedBytes() throws {
        var writer = PartialWriter(kind: .index)
        writer.unsigned(300)
        writer.signed(-1)
        writer.signed(1)
        writer.text("é")
        writer.optionalText(nil)
        #expect(writer.bytes == Array("RLPART".utf8) + [1, 3, 0xAC, 0x02, 0x01, 0x02, 0x02, 0xC3, 0xA9, 0x00])
        var reader = try Self.reader(writer, .index)
        #expect(try reader.unsigned() == 300)
        #expect(try reader.signed() == -1)
        #expect(try reader.signed() == 1)
        #expect(try reader.text() == "é")
        #expect(try reader.optionalText() == nil)
        try reader.requireEnd()
    }

    @Test func aFileWrittenAndReadInPiecesHoldsTheSameBytes() throws {
        let path = DemoSample.temporaryPath("pieces.part")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var inMemory = PartialWriter(kind: .bucket)
        var streamed = PartialWriter(kind: .bucket, streamingTo: path, pieceSize: 3)
        let long = String(repeating: "x", count: 200_000)
        for number in 0..<1_000 {
            for writer in [0, 1] {
                func add(_ target: inout PartialWriter) {
                    target.signed(Int64(number) * -7_919)
                    target.text(number == 500 ? long : "t\(number)")
                }
                if writer == 0 { add(&inMemory) } else { add(&streamed); try streamed.flushIfFull() }
            }
        }
        try streamed.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(inMemory.bytes))
        var reader = try PartialReader(path: path, expecting: .bucket)
        for number in 0..<1_000 {
            #expect(try reader.signed() == Int64(number) * -7_919)
            #expect(try reader.text() == (number == 500 ? long : "t\(number)"))
        }
        try reader.requireEnd()
    }

    @Test func extremeNumbersRoundTrip() throws {
        var writer = PartialWriter(kind: .records)
        for value in [Int64.min, -1_000_000_000_000, 0, Int64.max] { writer.signed(value) }
        writer.unsigned(UInt64.max)
        var reader = try Self.reader(writer, .records)
        for value in [Int64.min, -1_000_000_000_000, 0, Int64.max] { #expect(try reader.signed() == value) }
        #expect(try reader.unsigned() == UInt64.max)
    }

    @Test func bucketIsFNV1aOfTheIDBytes() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; of "" the offset basis 0xcbf29ce484222325.
        #expect(PartialFile.bucket(of: IDText("a"), buckets: 1_000_000_007) == Int(0xaf63_dc4c_8601_ec8c % UInt64(1_000_000_007)))
        #expect(PartialFile.bucket(of: IDText(""), buckets: 1000) == Int(0xcbf2_9ce4_8422_2325 % UInt64(1000)))
        #expect(PartialFile.bucketFileName(7) == "bucket-00007.part")
        #expect(PartialFile.bucketFileName(1_234_567) == "bucket-1234567.part")
    }

    @Test func aCopyWithEveryFieldRoundTrips() throws {
        let signed = SignedTransactionFields(signedDate: UnixMillis(1_700_000_000_123), revocationType: "REFUND_FULL",
                                             revocationPercentageText: "50000", revocationPercentage: 50_000, priceMilliunits: 4_990,
                                             currency: "USD", storefront: "USA", appAccountToken: "token", productType: .autoRenewable)
        let reading = TimestampFieldReading(instant: UnixMillis(1_600_000_000_000), isPresent: true, mismatch: true, ambiguousPST: false, invalidPST: true)
        let unreadable = TimestampFieldReading(instant: nil, isPresent: true, mismatch: false, ambiguousPST: true, invalidPST: false)
        let copy = TransactionCopy(transactionID: "1000000123", originalTransactionID: "1000000100", productID: "pro", quantity: 3,
                                   quantityIsBad: false, purchase: reading, originalPurchase: unreadable, expires: .absent,
                                   cancellation: reading, cancellationReason: "1", isTrialPeriod: true, isInIntroOfferPeriod: false,
                                   isUpgraded: true, ownershipType: "FAMILY_SHARED", signed: signed)
        let entry = PartialCopy(verifiedAt: UnixMillis(-5), recordID: 42, position: 7, copyIndex: 2, userName: "ü",
                                recordEnvironment: .sandbox, copy: ParsedRecord.Copy(copy, environment: .production))
        var writer = PartialWriter(kind: .bucket)
        writer.copy(entry)
        var reader = try Self.reader(writer, .bucket)
        let read = try reader.copy()
        try reader.requireEnd()
        #expect((read.verifiedAt, read.recordID, read.position, read.copyIndex, read.userName) == (UnixMillis(-5), 42, 7, 2, "ü"))
        #expect(read.recordEnvironment == .sandbox && read.copy.environment == .production)
        let back = read.copy.copy
        #expect(back.transactionID == "1000000123" && back.originalTransactionID == "1000000100" && back.productID == "pro")
        #expect(back.quantity == 3 && !back.quantityIsBad && back.cancellationReason == "1" && back.ownershipType == "FAMILY_SHARED")
        #expect([back.purchase, back.originalPurchase, back.expires, back.cancellation] == [reading, unreadable, .absent, reading])
        #expect(back.isTrialPeriod && !back.isInIntroOfferPeriod && back.isUpgraded)
        #expect(back.signed == signed)
    }

    @Test func recordsRoundTrip() throws {
        var record = ParsedRecord(outcome: .accepted(environment: .sandbox, inferred: true))
        record.status = 0
        record.kind = .notificationV2
        record.notification = NotificationEvent(kind: .notificationV2, notificationType: "REFUND", subtype: "", uuid: "u-1",
                                                signedDate: UnixMillis(99), environment: nil, transactionID: "t", originalTransactionID: "o")
        record.consumableRefundEnvironments = [.production]
        record.anomalies = [ParsedRecord.RecordAnomaly(kind: .badTimestamp, transactionID: "", detail: "receipt_creation_date: cannot be read", field: "receipt_creation_date")]
        record.renewals = [RenewalInfo(subscription: "s", autoRenewStatus: "1", expirationIntent: nil, inBillingRetry: false,
                                       signedDate: UnixMillis(5), environment: .production)]
        let passed = PartialRecord(position: 3, verifiedAt: UnixMillis(1_000), userName: "u",
                                   check: .passed(.init(id: -9, claimedEnvironment: "Sandbox", record: record, copyEnvironments: [nil, .production])))
        let rejected = PartialRecord(position: 4, verifiedAt: nil, userName: nil,
                                     check: .rejected(.init(position: 4, recordID: "", userID: "", reason: .status(21_004), detail: "line 5")))
        var writer = PartialWriter(kind: .records)
        writer.record(passed)
        writer.record(rejected)
        var reader = try Self.reader(writer, .records)
        let one = try reader.record(), two = try reader.record()
        try reader.requireEnd()
        let back = try #require(one.passed)
        #expect((one.position, one.verifiedAt, one.userName) == (3, UnixMillis(1_000), "u"))
        #expect(back.id == -9 && back.claimedEnvironment == "Sandbox" && back.copyEnvironments == [nil, .production])
        guard case .accepted(.sandbox, true) = back.record.outcome else { Issue.record("outcome \(back.record.outcome)"); return }
        #expect(back.record.status == 0 && back.record.kind == .notificationV2 && back.record.notification == record.notification)
        #expect(back.record.consumableRefundEnvironments == [.production] && back.record.renewals == record.renewals)
        #expect(back.record.anomalies.map(\.detail) == ["receipt_creation_date: cannot be read"])
        guard case .rejected(let rejection) = two.check else { Issue.record("not rejected"); return }
        #expect((two.position, two.verifiedAt, two.userName) == (4, nil, nil))
        #expect((rejection.position, rejection.recordID, rejection.reason, rejection.detail) == (4, "", .status(21_004), "line 5"))
    }

    @Test func everyRejectionReasonReadsBackFromItsCode() {
        for reason in RejectionReason.allCases + [.status(21_007), .status(-3)] { #expect(RejectionReason(code: reason.code) == reason) }
        #expect(RejectionReason(code: "status_x") == nil)
        #expect(RejectionReason(code: "status_0") == .status(0))
        #expect(RejectionReason(code: "nonsense") == nil)
    }

    @Test func indexAndBookedBucketRoundTrip() throws {
        var index = PartialIndex()
        index.shardNames = ["a", "b"]
        index.recordsRead = 9
        index.latestVerifiedAt = UnixMillis(77)
        index.users = ["u1", "u2"]
        index.visits = [.init(user: 1, time: UnixMillis(3))]
        index.consumableRefundEnvironments = [.sandbox]
        index.duplicates = [.init(shard: 1, position: 4, id: 12, userName: "u2")]
        var writer = PartialWriter(kind: .index)
        writer.index(index)
        var reader = try Self.reader(writer, .index)
        let back = try reader.index()
        #expect(back.shardNames == index.shardNames && back.recordsRead == 9 && back.latestVerifiedAt == UnixMillis(77))
        #expect(back.users == index.users && back.visits == index.visits && back.duplicates == index.duplicates)
        #expect(back.consumableRefundEnvironments == [.sandbox])

        var users = UserTable()
        let owner = users.intern("owner")
        var signed = Transaction.SignedDetail()
        signed.revocationType = "REFUND_PRORATED"
        signed.customerPrice = Money(minorUnits: 499, currency: Currency(code: "EUR"))
        signed.refundedUnits = 2
        signed.isPartialRefund = true
        signed.priceSource = .signed
        let transaction = Transaction(
            key: TransactionKey(.production, "t1"), originalTransactionID: "o1", user: owner, userName: "owner", productID: "p",
            productType: .consumable, quantity: 2, purchase: UnixMillis(10), originalPurchase: nil, expires: UnixMillis(20),
            cancellation: UnixMillis(15), cancellationReason: "0", cancellationFirstSeen: UnixMillis(16), isTrialPeriod: false,
            isInIntroOfferPeriod: true, isUpgraded: false, ownershipType: "PURCHASED", currency: Currency(code: "USD"),
            unitPrice: Money(minorUnits: 100, currency: Currency(code: "USD")), gross: Money(minorUnits: 200, currency: Currency(code: "JPY")),
            proceeds: nil, status: .refunded, firstRecordID: 5, recordCount: 3, signed: signed, refundVisible: false)
        let anomaly = Anomaly(kind: .sharedTransaction, recordID: 6, environment: nil, transactionID: "t1", user: "x", detail: "owned by user owner")
        let bucket = JournalBuilder.BookedBucket(transactions: [transaction], heldKeys: [TransactionKey(.production, "t1"), TransactionKey(.sandbox, "t1")],
                                                 anomalies: [anomaly])
        var bookedWriter = PartialWriter(kind: .booked)
        bookedWriter.booked(bucket)
        var bookedReader = try Self.reader(bookedWriter, .booked)
        let booked = try bookedReader.booked(users: users)
        try bookedReader.requireEnd()
        #expect(booked.heldKeys == bucket.heldKeys && booked.anomalies == [anomaly])
        let t = try #require(booked.transactions.first)
        let placement = LedgerPlacement(periods: PeriodCalendar(unit: .month, calendar: .gregorian, zone: try ZoneRules(identifier: "UTC")),
                                        refunds: .refundPeriod)
        let row = TransactionsFile.csv([transaction], placement: placement).bytes().0
        #expect(TransactionsFile.csv([t], placement: placement).bytes().0 == row)
        #expect(String(decoding: row, as: UTF8.self).contains("Production,t1,o1,owner,p,consumable,2,"))
        #expect(t.user == owner && t.priceSource == .signed && t.signed.isPartialRefund && t.signed.refundedUnits == 2 && !t.refundVisible)
        #expect(t.gross == Money(minorUnits: 200, currency: Currency(code: "JPY")) && t.proceeds == nil && t.originalPurchase == nil)
        var unknownOwner = try Self.reader(bookedWriter, .booked)
        #expect(throws: FatalError.self) { try unknownOwner.booked(users: UserTable()) }
    }

    @Test func aWrongNewerOrCutFileIsOneClearError() throws {
        var writer = PartialWriter(kind: .index)
        writer.index(PartialIndex())
        let bytes = writer.bytes
        func message(_ bytes: [UInt8], _ kind: PartialFile.Kind = .index) -> (usage: Bool, text: String) {
            do {
                var reader = try PartialReader(bytes: bytes, path: "x.part", expecting: kind)
                _ = try reader.index()
                try reader.requireEnd()
                return (false, "read")
            } catch let error as UsageError {
                return (true, error.message)
            } catch {
                return (false, "\(error)")
            }
        }
        #expect(message(Array("not a part".utf8)) == (true, "x.part is not a receipt-ledger partial-state file (no RLPART header)"))
        var newer = bytes
        newer[6] = 2
        #expect(message(newer) == (true, "x.part is partial state of format version 2; this receipt-ledger reads version 1"))
        #expect(message(bytes, .booked) == (true, "x.part is a record index, not a booked bucket"))
        #expect(message(Array(bytes.dropLast())) == (false, "x.part is damaged: it ends early at byte \(bytes.count - 1)"))
        #expect(message(bytes + [0]) == (false, "x.part is damaged: bytes after the end at byte \(bytes.count)"))
        #expect(message(bytes) == (false, "read"))
    }
}
