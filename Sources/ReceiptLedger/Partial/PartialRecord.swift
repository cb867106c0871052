/// One record of a shard as `records.part` holds it (docs/PARTIAL-STATE.md): its keys as the
/// row checks read them and, when it passed them, everything the merge does once per record
/// (`JournalBuilder.addRecord`). Its copies go to the bucket parts (`PartialCopy`).
struct PartialRecord: Sendable {
    /// The record's place in its shard's input, from 0.
    var position: Int
    /// `verified_at` when readable (a visit, and the default `--as-of`), whatever the checks say.
    var verifiedAt: UnixMillis?
    /// `user_id` when it is non-empty text.
    var userName: String?
    var check: Check

    enum Check: Sendable {
        /// Rejected by a row check (SPEC §8 "Records"), before its body was read.
        case rejected(RecordIndex.RowRejection)
        case passed(Passed)
    }

    /// A record that passed the row checks: its id, its claim and its per-record merge inputs.
    struct Passed: Sendable {
        var id: Int64
        var claimedEnvironment: String?
        /// The parsed record without its copies (`transactions` is empty).
        var record: ParsedRecord
        /// Each copy's own environment (nil: the record's), in order: the environment check's input.
        var copyEnvironments: [Environment?]
    }

    /// The id and verified_at of a record that passed the checks, nil otherwise.
    var passed: Passed? {
        if case .passed(let passed) = check { return passed }
        return nil
    }
}

/// One transaction copy as a bucket part holds it, with what the merge needs of its record.
struct PartialCopy: Sendable {
    var verifiedAt: UnixMillis
    var recordID: Int64
    /// The record's place in its shard's input.
    var position: Int
    /// The copy's place in its record's list (`ParsedRecord.transactions`).
    var copyIndex: Int
    var userName: String
    /// The environment of the record's copies (`JournalBuilder.addRecord`'s answer).
    var recordEnvironment: Environment
    var copy: ParsedRecord.Copy
}

extension PartialWriter {
    mutating func record(_ record: PartialRecord) {
        count(record.position)
        optionalInstant(record.verifiedAt)
        optionalText(record.userName)
        switch record.check {
        case .rejected(let rejection):
            byte(0)
            rowRejection(rejection)
        case .passed(let passed):
            byte(1)
            self.passed(passed)
        }
    }

    mutating func passed(_ passed: PartialRecord.Passed) {
        signed(passed.id)
        optionalText(passed.claimedEnvironment)
        recordPart(passed.record)
        count(passed.copyEnvironments.count)
        for environment in passed.copyEnvironments { optional(environment) { $0.text($1.rawValue) } }
    }

    mutating func rowRejection(_ rejection: RecordIndex.RowRejection) {
        count(rejection.position)
        text(rejection.recordID)
        text(rejection.userID)
        text(rejection.reason.code)
        text(rejection.detail)
    }

    /// What `addRecord` reads of a parsed record; the copies are not written here.
    mutating func recordPart(_ record: ParsedRecord) {
        optionalSigned(record.status)
        switch record.outcome {
        case .accepted(let environment, let inferred):
            byte(0)
            text(environment.rawValue)
            bool(inferred)
        case .redirected(let status):
            byte(1)
            signed(status)
        case .rejected(let reason, let detail):
            byte(2)
            text(reason.code)
            text(detail)
        }
        text(record.kind.rawValue)
        optional(record.notification) { writer, event in
            writer.text(event.kind.rawValue)
            writer.text(event.notificationType)
            writer.text(event.subtype)
            writer.text(event.uuid)
            writer.optionalInstant(event.signedDate)
            writer.optional(event.environment) { $0.text($1.rawValue) }
            writer.text(event.transactionID)
            writer.text(event.originalTransactionID)
        }
        count(record.consumableRefundEnvironments.count)
        for environment in record.consumableRefundEnvironments { text(environment.rawValue) }
        count(record.anomalies.count)
        for anomaly in record.anomalies {
            text(anomaly.kind.rawValue)
            text(anomaly.transactionID)
            text(anomaly.detail)
            text(anomaly.field)
        }
        count(record.renewals.count)
        for info in record.renewals {
            text(info.originalTransactionID)
            optionalText(info.autoRenewStatus)
            optionalText(info.expirationIntent)
            optional(info.inBillingRetry) { $0.bool($1) }
            optionalInstant(info.signedDate)
            optional(info.environment) { $0.text($1.rawValue) }
        }
    }

    mutating func copy(_ entry: PartialCopy) {
        instant(entry.verifiedAt)
        signed(entry.recordID)
        count(entry.position)
        count(entry.copyIndex)
        text(entry.userName)
        text(entry.recordEnvironment.rawValue)
        optional(entry.copy.environment) { $0.text($1.rawValue) }
        transactionCopy(entry.copy.copy)
    }

    mutating func transactionCopy(_ copy: TransactionCopy) {
        text(copy.transactionID)
        optionalText(copy.originalTransactionID?.string)
        optionalText(copy.productID)
        optionalSigned(copy.quantity)
        bool(copy.quantityIsBad)
        for reading in [copy.purchase, copy.originalPurchase, copy.expires, copy.cancellation] { timestampReading(reading) }
        optionalText(copy.cancellationReason)
        bool(copy.isTrialPeriod)
        bool(copy.isInIntroOfferPeriod)
        bool(copy.isUpgraded)
        optionalText(copy.ownershipType)
        optional(copy.signed) { writer, signed in
            writer.optionalInstant(signed.signedDate)
            writer.optionalText(signed.revocationType)
            writer.optionalText(signed.revocationPercentageText)
            writer.optionalSigned(signed.revocationPercentage)
            writer.optionalSigned(signed.priceMilliunits)
            writer.optionalText(signed.currency)
            writer.optionalText(signed.storefront)
            writer.optionalText(signed.appAccountToken)
            writer.optional(signed.productType) { $0.text($1.rawValue) }
        }
    }

    /// One byte of flags (bit 0 present, 1 mismatch, 2 ambiguous PST, 3 invalid PST, 4 has an
    /// instant), then the instant when it has one.
    mutating func timestampReading(_ reading: TimestampFieldReading) {
        var flags: UInt8 = 0
        if reading.isPresent { flags |= 1 }
        if reading.mismatch { flags |= 2 }
        if reading.ambiguousPST { flags |= 4 }
        if reading.invalidPST { flags |= 8 }
        if reading.instant != nil { flags |= 16 }
        byte(flags)
        if let instant = reading.instant { self.instant(instant) }
    }
}

extension PartialReader {
    mutating func record() throws -> PartialRecord {
        let position = try count()
        let verifiedAt = try optionalInstant()
        let userName = try optionalText()
        switch try byte() {
        case 0:
            return PartialRecord(position: position, verifiedAt: verifiedAt, userName: userName, check: .rejected(try rowRejection()))
        case 1:
            return PartialRecord(position: position, verifiedAt: verifiedAt, userName: userName, check: .passed(try passed()))
        default:
            throw damaged("an unknown row check outcome")
        }
    }

    mutating func passed() throws -> PartialRecord.Passed {
        let id = try signed()
        let claimed = try optionalText()
        let record = try recordPart()
        var environments: [Environment?] = []
        for _ in 0..<(try count()) { environments.append(try optional { try $0.environment() }) }
        return PartialRecord.Passed(id: id, claimedEnvironment: claimed, record: record, copyEnvironments: environments)
    }

    mutating func rowRejection() throws -> RecordIndex.RowRejection {
        let position = try count()
        let recordID = try text(), userID = try text()
        let reason = try rejectionReason()
        return RecordIndex.RowRejection(position: position, recordID: recordID, userID: userID, reason: reason, detail: try text())
    }

    mutating func rejectionReason() throws -> RejectionReason { try code("rejection reason", RejectionReason.init(code:)) }

    mutating func recordPart() throws -> ParsedRecord {
        let status = try optionalSigned()
        let outcome: ParsedRecord.Outcome
        switch try byte() {
        case 0: outcome = .accepted(environment: try environment(), inferred: try bool())
        case 1: outcome = .redirected(status: try signed())
        case 2: outcome = .rejected(reason: try rejectionReason(), detail: try text())
        default: throw damaged("an unknown record outcome")
        }
        var record = ParsedRecord(outcome: outcome)
        record.status = status
        record.kind = try code("record kind") { RecordKind(rawValue: $0) }
        record.notification = try optional { reader in
            NotificationEvent(kind: try reader.code("record kind") { RecordKind(rawValue: $0) }, notificationType: try reader.text(),
                              subtype: try reader.text(), uuid: try reader.text(), signedDate: try reader.optionalInstant(),
                              environment: try reader.optional { try $0.environment() }, transactionID: try reader.text(),
                              originalTransactionID: try reader.text())
        }
        for _ in 0..<(try count()) { record.consumableRefundEnvironments.append(try environment()) }
        for _ in 0..<(try count()) {
            let kind = try code("anomaly kind") { AnomalyKind(rawValue: $0) }
            record.anomalies.append(ParsedRecord.RecordAnomaly(kind: kind, transactionID: try text(), detail: try text(), field: try text()))
        }
        for _ in 0..<(try count()) {
            record.renewals.append(RenewalInfo(subscription: try text(), autoRenewStatus: try optionalText(), expirationIntent: try optionalText(),
                                               inBillingRetry: try optional { try $0.bool() }, signedDate: try optionalInstant(),
                                               environment: try optional { try $0.environment() }))
        }
        return record
    }

    mutating func copy() throws -> PartialCopy {
        let verifiedAt = try instant()
        let recordID = try signed()
        let position = try count(), copyIndex = try count()
        let userName = try text()
        let recordEnvironment = try environment()
        let own = try optional { try $0.environment() }
        return PartialCopy(verifiedAt: verifiedAt, recordID: recordID, position: position, copyIndex: copyIndex, userName: userName,
                           recordEnvironment: recordEnvironment, copy: ParsedRecord.Copy(try transactionCopy(), environment: own))
    }

    mutating func transactionCopy() throws -> TransactionCopy {
        let id = try text()
        guard !id.isEmpty else { throw damaged("a copy without transaction_id") }
        let original = try optionalText()
        let product = try optionalText()
        let quantity = try optionalSigned()
        let quantityIsBad = try bool()
        let purchase = try timestampReading(), originalPurchase = try timestampReading()
        let expires = try timestampReading(), cancellation = try timestampReading()
        let reason = try optionalText()
        let trial = try bool(), intro = try bool(), upgraded = try bool()
        let ownership = try optionalText()
        let signed = try optional { reader in
            SignedTransactionFields(signedDate: try reader.optionalInstant(), revocationType: try reader.optionalText(),
                                    revocationPercentageText: try reader.optionalText(), revocationPercentage: try reader.optionalSigned(),
                                    priceMilliunits: try reader.optionalSigned(), currency: try reader.optionalText(),
                                    storefront: try reader.optionalText(), appAccountToken: try reader.optionalText(),
                                    productType: try reader.optional { try $0.code("product type") { ProductType(rawValue: $0) } })
        }
        return TransactionCopy(transactionID: IDText(id), originalTransactionID: original.map { IDText($0) }, productID: product,
                               quantity: quantity, quantityIsBad: quantityIsBad, purchase: purchase, originalPurchase: originalPurchase,
                               expires: expires, cancellation: cancellation, cancellationReason: reason, isTrialPeriod: trial,
                               isInIntroOfferPeriod: intro, isUpgraded: upgraded, ownershipType: ownership, signed: signed)
    }

    mutating func timestampReading() throws -> TimestampFieldReading {
        let flags = try byte()
        guard flags < 32 else { throw damaged("unknown timestamp flags") }
        let instant = flags & 16 != 0 ? try self.instant() : nil
        return TimestampFieldReading(instant: instant, isPresent: flags & 1 != 0, mismatch: flags & 2 != 0,
                                     ambiguousPST: flags & 4 != 0, invalidPST: flags & 8 != 0)
    }
}

extension RejectionReason {
    /// The reason whose `code` this is, nil for none.
    init?(code: String) {
        if code.hasPrefix("status_"), let status = Int64(code.dropFirst("status_".count)), RejectionReason.status(status).code == code {
            self = .status(status)
            return
        }
        guard let reason = RejectionReason.allCases.first(where: { $0.code == code }), reason.code == code else { return nil }
        if case .status = reason { return nil }
        self = reason
    }
}
