/// Reads one verifyReceipt answer into a `ParsedRecord` by the rules of SPEC §3 and §8.
/// Pure: the same bytes give the same record, so answers can be read in parallel.
struct ResponseReader: Sendable {
    /// `--bundle-id` values; empty accepts every app.
    var bundleIDs: Set<String> = []

    /// What one thread reuses from answer to answer: the parser's tape and lookup scratch, and
    /// which parser reads answers and payloads (`JSONParsing`:
    /// the reference reading's is Foundation's). Not `Sendable`: one per thread.
    ///
    /// Its variables are marked `@exclusivity(unchecked)`, which spares the reading thread the
    /// run-time check for overlapping access (a thread-local access set each time) that a
    /// class's variable passed `inout` gets on every answer. It is safe: one thread uses a
    /// scratch, and the reader's accesses are sequential; debug builds' tests still run with
    /// the checks of every other variable.
    final class Scratch {
        let parser: JSONParser
        /// Buffers and parsers for the payloads of signed records (SPEC §9).
        let payloads: CompactJWS.PayloadScratch
        /// Product ids (one copy each per reader: every transaction keeps its product id for
        /// the whole run) and the latest original transaction id.
        @exclusivity(unchecked) fileprivate var copyTexts = CopyTexts()
        @exclusivity(unchecked) fileprivate var receiptDates = ReceiptDateFields()
        @exclusivity(unchecked) fileprivate var found = [Int](
            repeating: -1, count: max(ResponseReader.rootKeys.count, ResponseReader.receiptKeys.count, TransactionCopy.keys.count))
        init(parsing: JSONParsing = .tape) {
            parser = JSONParser(parsing: parsing)
            payloads = CompactJWS.PayloadScratch(parsing: parsing)
        }

        var parsing: JSONParsing { parser.parsing }

        /// The answers and payloads each parser has read with this scratch.
        var documentsRead: (tape: Int, foundation: Int) {
            (parser.documentsRead.tape + payloads.documentsRead.tape, parser.documentsRead.foundation + payloads.documentsRead.foundation)
        }
    }

    static let rootKeys = JSONKeySet([
        "status", "receipt", "environment", "latest_receipt_info", "pending_renewal_info",
        "notification_type", "signedPayload", "notificationType", "signedTransactions", "signedTransactionInfo", "data",
        "transactionId", "signedDate", "latest_expired_receipt_info", "auto_renew_status", "expiration_intent",
        "is_in_billing_retry_period",
    ])
    /// Positions in `rootKeys`.
    enum RootKey {
        static let status = 0, receipt = 1, environment = 2, latest = 3, renewal = 4
        static let notificationType = 5, signedPayload = 6, decodedNotificationType = 7, signedTransactions = 8
        static let signedTransactionInfo = 9, data = 10, transactionID = 11, signedDate = 12, latestExpired = 13
        static let autoRenewStatus = 14, expirationIntent = 15, inBillingRetry = 16
    }
    static let receiptKeys = JSONKeySet(["in_app", "bundle_id", "receipt_type", "transaction_id", "bid"])

    /// Reads one answer on its own.
    func read(_ response: ResponseColumn) -> ParsedRecord {
        guard case .bytes(let bytes) = response else { return read(bytes: nil, scratch: Scratch()) }
        return bytes.withUnsafeBytes { read(bytes: $0, scratch: Scratch()) }
    }

    /// Reads a response's bytes (nil for NULL), parsed where they are; a reading thread
    /// passes the same `scratch` for every answer it reads.
    func read(bytes response: UnsafeRawBufferPointer?, scratch: Scratch) -> ParsedRecord {
        guard let response, !response.allSatisfy(Self.isBlank) else {
            return rejected(.emptyResponse, "the response is NULL or blank")
        }
        do {
            return try scratch.parser.withView(parsingInPlace: response) { view in read(view, root: 0, scratch: scratch) }
        } catch {
            // SPEC §9: text that is not JSON is a bare JWS only when it has a JWS's shape.
            let bytes = UnsafeBufferPointer(start: response.baseAddress?.assumingMemoryBound(to: UInt8.self), count: response.count)
            if let record = SignedRecordReader(bundleIDs: bundleIDs, payloads: scratch.payloads).readIfShaped(compactJWS: bytes) {
                return record
            }
            return rejected(.invalidJSON, "\(error.message) at byte \(error.offset)")
        }
    }

    func read(_ root: JSONValue) -> ParsedRecord {
        let scratch = Scratch()
        return root.document.withView { read($0, root: root.index, scratch: scratch) }
    }

    private func read(_ view: JSONView, root: Int, scratch: Scratch) -> ParsedRecord {
        scratch.found.withUnsafeMutableBufferPointer { found in
            read(view, root: root, found: found, payloads: scratch.payloads, dates: &scratch.receiptDates, texts: &scratch.copyTexts)
        }
    }

    /// The rules, on a view of the answer (`found` is scratch space for member lookups): the
    /// kind of record from its top-level keys (SPEC §9), then that kind's reader.
    private func read(_ view: JSONView, root: Int, found: UnsafeMutableBufferPointer<Int>, payloads: CompactJWS.PayloadScratch,
                      dates: inout ReceiptDateFields, texts: inout CopyTexts) -> ParsedRecord {
        switch view.kind(root) {
        case .object: break
        case .string:
            // SPEC §9: a JSON string is always read as a JWS.
            return view.withString(root) { SignedRecordReader(bundleIDs: bundleIDs, payloads: payloads).read(compactJWS: $0) }
                ?? rejected(.invalidJWS, "the response is a JSON string that cannot be read")
        default:
            return rejected(.notAnObject, "the response is a JSON \(view.kind(root))")
        }
        view.find(Self.rootKeys, in: root, into: found)
        let statusValue = found[RootKey.status]
        if statusValue < 0 || view.kind(statusValue) == .null {
            let kindKeys = Self.RootKey.self
            func has(_ key: Int) -> Bool { found[key] >= 0 && view.kind(found[key]) != .null }
            if has(kindKeys.notificationType) {
                return readNotificationV1(view, root: root, found: found, texts: &texts)
            }
            let signed = SignedRecordReader(bundleIDs: bundleIDs, payloads: payloads)
            if has(kindKeys.signedPayload) || has(kindKeys.decodedNotificationType) { return signed.readNotificationV2(view, root) }
            if has(kindKeys.signedTransactions) || has(kindKeys.signedTransactionInfo) { return signed.readServerAPI(view, root) }
            if has(kindKeys.data), signed.holdsLastTransactions(view, found[kindKeys.data]) {
                return signed.readServerAPI(view, root)
            }
            if has(kindKeys.transactionID), has(kindKeys.signedDate) { return signed.readSignedTransaction(view, root) }
            if found[kindKeys.receipt] >= 0 || found[kindKeys.latest] >= 0 || statusValue >= 0 {
                return rejected(.missingStatus, "the response has no status")
            }
            return rejected(.unknownFormat, "the response is no kind of record Apple sends (top-level keys: \(Self.keyList(view, root)))")
        }
        let (receipt, environmentValue, latestValue, renewalValue, expiredValue) =
            (found[RootKey.receipt], found[RootKey.environment], found[RootKey.latest], found[RootKey.renewal], found[RootKey.latestExpired])
        let topLevelRenewal = (found[RootKey.autoRenewStatus], found[RootKey.expirationIntent], found[RootKey.inBillingRetry])
        guard let status = view.looseInteger(statusValue) else {
            return rejected(.badStatus, "status is not an integer: \(Self.excerpt(view, statusValue))")
        }
        switch status {
        case StatusCode.valid, StatusCode.subscriptionExpired:
            break
        case StatusCode.sandboxReceiptSentToProduction, StatusCode.productionReceiptSentToSandbox:
            return ParsedRecord(outcome: .redirected(status: status), status: status)
        default:
            var record = rejected(.status(status), StatusCode.meaning(status))
            record.status = status
            return record
        }
        guard receipt >= 0, view.kind(receipt) == .object else {
            return rejected(.missingReceipt, "status \(status) without a receipt object", status: status)
        }
        view.find(Self.receiptKeys, in: receipt, into: found)
        let (inAppValue, bundleValue, receiptTypeValue, receiptTransactionID, bidValue) = (found[0], found[1], found[2], found[3], found[4])
        guard let inApp = EntryList(view, inAppValue, allowSingleObject: false) else {
            return rejected(.malformedReceipt, "receipt.in_app is a JSON \(inAppValue < 0 ? .null : view.kind(inAppValue))", status: status)
        }
        guard let latest = EntryList(view, latestValue) else {
            return rejected(.malformedReceipt, "latest_receipt_info is a JSON \(latestValue < 0 ? .null : view.kind(latestValue))", status: status)
        }
        guard let expired = EntryList(view, expiredValue) else {
            return rejected(.malformedReceipt, "latest_expired_receipt_info is a JSON \(view.kind(expiredValue))", status: status)
        }
        if let foreign = foreignBundle(view, bundleValue) ?? foreignBundle(view, bidValue) {
            return rejected(.foreignBundle, Self.foreignBundleDetail(foreign), status: status)
        }
        // SPEC §9, iOS 6: a `receipt` with a `transaction_id` and no `in_app` is itself a transaction.
        let receiptIsTransaction = inAppValue < 0 && receiptTransactionID >= 0

        let (environment, inferred) = Self.environment(view, environmentValue, receiptTypeValue)
        var record = ParsedRecord(outcome: .accepted(environment: environment, inferred: inferred), status: status)
        record.transactions.reserveCapacity(inApp.count(view) + latest.count(view) + (receiptIsTransaction ? 1 : 0))
        if receiptIsTransaction {
            readEntries("receipt", EntryList(single: receipt), view, found: found, into: &record, texts: &texts)
        } else {
            readEntries("in_app", inApp, view, found: found, into: &record, texts: &texts)
        }
        readEntries("latest_receipt_info", latest, view, found: found, into: &record, texts: &texts)
        readEntries("latest_expired_receipt_info", expired, view, found: found, into: &record, texts: &texts)
        readRenewals(view, renewalValue, into: &record)
        if let info = Self.topLevelRenewal(view, topLevelRenewal, of: record) { record.renewals.append(info) }
        if !receiptIsTransaction { record.anomalies += ReceiptDates.anomalies(in: view, receipt: receipt, scan: &dates) }
        return record
    }

    /// SPEC §9: an App Store Server Notification V1. Its transactions are those of
    /// `unified_receipt.latest_receipt_info`, its renewal info `unified_receipt.pending_renewal_info`;
    /// its environment `environment` (`PROD` is Production), else `unified_receipt.environment`,
    /// else §3's fallbacks.
    private func readNotificationV1(_ view: JSONView, root: Int, found: UnsafeMutableBufferPointer<Int>,
                                    texts: inout CopyTexts) -> ParsedRecord {
        let (typeValue, environmentValue, bidValue, unified) = (found[RootKey.notificationType], found[RootKey.environment],
                                                                view.member("bid", of: root), view.member("unified_receipt", of: root))
        if let foreign = foreignBundle(view, bidValue) {
            return ParsedRecord(outcome: .rejected(reason: .foreignBundle, detail: Self.foreignBundleDetail(foreign)), kind: .notificationV1)
        }
        let hasUnified = unified.map { view.kind($0) == .object } ?? false
        let latestValue = hasUnified ? (view.member("latest_receipt_info", of: unified!) ?? -1) : -1
        guard let latest = EntryList(view, latestValue) else {
            return ParsedRecord(outcome: .rejected(reason: .malformedReceipt,
                                                   detail: "unified_receipt.latest_receipt_info is a JSON \(view.kind(latestValue))"),
                                kind: .notificationV1)
        }
        var environment: Environment?
        var inferred = false
        if environmentValue >= 0, let text = view.looseText(environmentValue) {
            environment = LooseText.trimmedLowercased(text) == "prod" ? .production : Environment(loosely: text)
        }
        if environment == nil, hasUnified, let inner = view.member("environment", of: unified!), let text = view.looseText(inner) {
            environment = LooseText.trimmedLowercased(text) == "prod" ? .production : Environment(loosely: text)
        }
        if environment == nil {
            let receiptType = hasUnified ? (view.member("receipt_type", of: unified!) ?? -1) : -1
            (environment, inferred) = Self.environment(view, -1, receiptType)
        }
        let status = hasUnified ? view.member("status", of: unified!).flatMap { view.looseInteger($0) } : nil
        var record = ParsedRecord(outcome: .accepted(environment: environment ?? .production, inferred: inferred), kind: .notificationV1,
                                  status: status)
        readEntries("unified_receipt.latest_receipt_info", latest, view, found: found, into: &record, texts: &texts)
        if hasUnified { readRenewals(view, view.member("pending_renewal_info", of: unified!) ?? -1, into: &record) }
        let newest = Self.latestByPurchase(record.transactions)
        record.notification = NotificationEvent(
            kind: .notificationV1, notificationType: view.looseText(typeValue) ?? "", environment: environment,
            transactionID: newest?.transactionID ?? "", originalTransactionID: newest.map { $0.originalTransactionID ?? $0.id.text }?.string ?? "")
        return record
    }

    /// The bundle id at `value` when `--bundle-id` names other apps; nil when it is one of them,
    /// absent, or every app is accepted.
    private func foreignBundle(_ view: JSONView, _ value: Int?) -> String? {
        guard !bundleIDs.isEmpty, let value, value >= 0, let bundle = view.looseText(value), !bundleIDs.contains(bundle) else { return nil }
        return bundle
    }

    /// Reads the entries of one list into the record's copies, in order; an entry that is not a
    /// transaction is a `malformed_transaction` anomaly.
    private func readEntries(_ list: StaticString, _ entries: EntryList, _ view: JSONView, found: UnsafeMutableBufferPointer<Int>,
                             into record: inout ParsedRecord, texts: inout CopyTexts) {
        var position = 0
        entries.forEach(view) { entry in
            if let copy = TransactionCopy.read(view, entry, found: found, texts: &texts) {
                record.transactions.append(ParsedRecord.Copy(copy))
            } else {
                let isObject = view.kind(entry) == .object
                var id = ""
                if isObject {
                    view.find(TransactionCopy.keys, in: entry, into: found)
                    let idValue = found[TransactionCopy.Key.transactionID]
                    if idValue >= 0 { id = view.looseText(idValue) ?? "" }
                }
                let detail = isObject ? "\(list)[\(position)] has no transaction_id" : "\(list)[\(position)] is a JSON \(view.kind(entry))"
                record.anomalies.append(.init(kind: .malformedTransaction, transactionID: id, detail: detail, field: "\(list)[\(position)]"))
            }
            position += 1
        }
    }

    /// The entries of `pending_renewal_info` (SPEC §9: one without `original_transaction_id`
    /// applies to the subscriptions of its `product_id` in the record, in reading order).
    private func readRenewals(_ view: JSONView, _ value: Int, into record: inout ParsedRecord) {
        EntryList(view, value)?.forEach(view) { entry in
            if let info = RenewalInfo(view, entry) {
                record.renewals.append(info)
            } else if view.kind(entry) == .object, let productValue = view.member("product_id", of: entry),
                      let product = view.looseText(productValue) {
                var seen = Set<String>()
                for copy in record.transactions where copy.copy.productID == product {
                    let subscription = (copy.copy.originalTransactionID ?? copy.copy.id.text).string
                    guard seen.insert(subscription).inserted, let info = RenewalInfo(view, entry, subscription: subscription) else { continue }
                    record.renewals.append(info)
                }
            }
        }
    }

    /// SPEC §9, iOS 6: top-level `auto_renew_status`, `expiration_intent` and
    /// `is_in_billing_retry_period` are renewal info for the `original_transaction_id` (else
    /// `transaction_id`) of the record's latest transaction by purchase instant.
    private static func topLevelRenewal(_ view: JSONView, _ values: (Int, Int, Int), of record: ParsedRecord) -> RenewalInfo? {
        let (autoRenew, intent, retry) = values
        guard autoRenew >= 0 || intent >= 0 || retry >= 0, let newest = latestByPurchase(record.transactions) else { return nil }
        return RenewalInfo(subscription: (newest.originalTransactionID ?? newest.id.text).string,
                           autoRenewStatus: autoRenew < 0 ? nil : view.rawText(autoRenew),
                           expirationIntent: intent < 0 ? nil : view.rawText(intent),
                           inBillingRetry: retry < 0 || view.kind(retry) == .null ? nil : view.flag(retry))
    }

    /// The copy with the latest readable purchase instant (the first of equals, in reading
    /// order); the last copy when none is readable; nil for none.
    static func latestByPurchase(_ copies: [ParsedRecord.Copy]) -> TransactionCopy? {
        var best: TransactionCopy?
        for entry in copies {
            guard let current = best else { best = entry.copy; continue }
            switch (entry.copy.purchase.instant, current.purchase.instant) {
            case (let a?, let b?) where a > b: best = entry.copy
            case (_?, nil): best = entry.copy
            default: break
            }
        }
        return best
    }

    /// SPEC §3: `environment`, else `receipt_type` (containing "sandbox" means Sandbox), else
    /// Production, inferred.
    static func environment(_ view: JSONView, _ environmentValue: Int, _ receiptType: Int) -> (Environment, Bool) {
        if environmentValue >= 0, let text = view.looseText(environmentValue), let environment = Environment(loosely: text) {
            return (environment, false)
        }
        if receiptType >= 0, let type = view.looseText(receiptType) {
            return (type.lowercased().contains("sandbox") ? .sandbox : .production, false)
        }
        return (.production, true)
    }

    /// The entries of `in_app`, `latest_receipt_info` or `pending_renewal_info`: an array's
    /// elements, absent or null as none, and except for `in_app` one object as a list of one
    /// (old answers; SPEC §4 allows that form for `latest_receipt_info`); nil for any other type
    /// (`malformed_receipt`).
    struct EntryList {
        /// Tape index of the array or the single object; -1 for none.
        private let value: Int

        /// One object read as a list of one (an iOS 6 `receipt`).
        init(single object: Int) { value = object }

        init?(_ view: JSONView, _ value: Int, allowSingleObject: Bool = true) {
            guard value >= 0 else { self.value = -1; return }
            switch view.kind(value) {
            case .null: self.value = -1
            case .array: self.value = value
            case .object where allowSingleObject: self.value = value
            default: return nil
            }
        }

        func count(_ view: JSONView) -> Int {
            guard value >= 0 else { return 0 }
            return view.kind(value) == .array ? view.count(value) : 1
        }

        func forEach(_ view: JSONView, _ body: (Int) -> Void) {
            guard value >= 0 else { return }
            if view.kind(value) == .array { view.forEachElement(value, body) } else { body(value) }
        }
    }

    private func rejected(_ reason: RejectionReason, _ detail: String, status: Int64? = nil) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: reason, detail: detail), status: status)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The object's keys, each once, sorted and joined, at most ten (for `unknown_format`'s
    /// detail). Once: a repeated key is one member (the last), as every reader reads it, and
    /// as a parser that keeps no repeats (Foundation's, the reference's) gives it.
    static func keyList(_ view: JSONView, _ object: Int) -> String {
        var keys = Set<String>()
        view.forEachMember(object) { key, _ in keys.insert(view.string(key) ?? "") }
        let sorted = keys.sorted()
        return sorted.prefix(10).joined(separator: ", ") + (sorted.count > 10 ? ", …" : "")
    }

    /// The value at `index` as a detail shows it (SPEC §8: text as sent, other values in JSON
    /// spelling): a string in quotes, escaped the shortest way (`JSONStringEncoder`); a number,
    /// `true`, `false` or `null` as written; an object or array by its kind, since its layout
    /// (spacing, member order, repeated keys) is no part of what it says. At most 40 bytes.
    static func excerpt(_ view: JSONView, _ index: Int) -> String {
        switch view.kind(index) {
        case .object, .array:
            return "a JSON \(view.kind(index))"
        case .string:
            var spelled: [UInt8] = []
            _ = view.withString(index) { JSONStringEncoder.append($0, to: &spelled) }
            return spelled.withUnsafeBufferPointer { excerpt($0) }
        default:
            return excerpt(view.rawBytes(index))
        }
    }

    static func excerpt(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: raw.prefix(40), as: UTF8.self)
        return raw.count > 40 ? text + "…" : text
    }
}
