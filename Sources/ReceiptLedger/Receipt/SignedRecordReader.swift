/// Reads the signed kinds of record of SPEC §9 (`notification_v2`, `server_api`,
/// `signed_transaction`) into a `ParsedRecord`: JWS payloads decoded (signatures not
/// verified), each signed transaction a `TransactionCopy` with its `SignedTransactionFields`
/// and its own environment, signed renewal info, the notification event. Pure.
///
/// An entry that cannot be read (not a JWS, a payload that is no object, no `transactionId`)
/// is a `malformed_transaction` anomaly naming its list and position; the record is rejected
/// (`invalid_jws`) only when it is nothing but that one JWS.
struct SignedRecordReader {
    /// `--bundle-id` values; empty accepts every app.
    var bundleIDs: Set<String> = []
    /// The reading thread's buffers and parsers for payloads.
    var payloads = CompactJWS.PayloadScratch()

    /// A whole response that is a JWS (a JSON string, or bare text of a JWS's shape). Its
    /// payload is read by its keys: a notification (`notificationType`, as a `signedPayload`
    /// stored bare) or a signed transaction (`transactionId`); any other payload (renewal info,
    /// an app transaction) is no record of SPEC §9 (`unknown_format`).
    func read(compactJWS bytes: UnsafeBufferPointer<UInt8>) -> ParsedRecord {
        readIfShaped(compactJWS: bytes) ?? Self.notReadable(CompactJWS.shapeFailure)
    }

    /// `read(compactJWS:)` of a text that is no JSON: nil when it has no JWS's shape either
    /// (SPEC §9: it is then `invalid_json`). Shape and payload are checked in one pass.
    func readIfShaped(compactJWS bytes: UnsafeBufferPointer<UInt8>) -> ParsedRecord? {
        let read = payloads.withPayload(bytes) { view in
            if Self.has(view, "notificationType", in: 0) { return readNotificationPayload(view, 0) }
            if Self.has(view, "transactionId", in: 0) { return readSignedTransaction(view, 0) }
            return Self.rejected(.unknownFormat, "the JWS payload is no signed transaction or notification (keys: "
                                 + "\(ResponseReader.keyList(view, 0)))", .signedTransaction)
        }
        switch read {
        case .failure(let failure):
            return failure == CompactJWS.shapeFailure ? nil : Self.notReadable(failure)
        case .success(let record):
            return record
        }
    }

    private static func notReadable(_ failure: CompactJWS.Failure) -> ParsedRecord {
        rejected(.invalidJWS, "the response is not a readable JWS: \(failure.message)", .signedTransaction)
    }

    /// `notification_v2`: `signedPayload` (a JWS, or its payload stored as an object), or the
    /// decoded payload itself (`notificationType`).
    func readNotificationV2(_ view: JSONView, _ root: Int) -> ParsedRecord {
        guard let signedPayload = Self.value("signedPayload", of: root, in: view) else { return readNotificationPayload(view, root) }
        switch SignedPayload.withPayload(view, signedPayload, scratch: payloads, readNotificationPayload) {
        case .success(let record): return record
        case .failure(let failure):
            return Self.rejected(.invalidJWS, "signedPayload is not a readable JWS: \(failure.message)", .notificationV2)
        }
    }

    /// A V2 notification's payload: `notificationType`, `subtype`, `notificationUUID`,
    /// `signedDate`; `data` with its environment, bundle, signed transaction and renewal info.
    /// A notification without `data` (a summary, an external purchase token, a consent) is a
    /// record without transactions; its `summary`, `appData` or `externalPurchaseToken` still
    /// gives the environment and bundle.
    private func readNotificationPayload(_ view: JSONView, _ payload: Int) -> ParsedRecord {
        var body: Int?
        for key in Self.notificationBodyKeys {
            if let value = Self.value(key, of: payload, in: view), view.kind(value) == .object { body = value; break }
        }
        var gathered = Gathered(payloads: payloads)
        let answerEnvironment = body.flatMap { Self.value("environment", of: $0, in: view) }.flatMap(view.signedEnvironment)
        gathered.checkBundle(body.flatMap { Self.value("bundleId", of: $0, in: view) }.flatMap(view.looseText), bundleIDs)
        var transaction: SignedPayload.SignedTransaction?
        if let data = Self.value("data", of: payload, in: view), view.kind(data) == .object {
            if let info = Self.value("signedTransactionInfo", of: data, in: view) {
                transaction = gathered.transaction("data.signedTransactionInfo", view, info, answerEnvironment, bundleIDs)
            }
            if let info = Self.value("signedRenewalInfo", of: data, in: view) {
                let subscription = transaction.map { ($0.copy.originalTransactionID ?? $0.copy.id.text).string }
                gathered.renewal("data.signedRenewalInfo", view, info, subscription: subscription, answerEnvironment)
            }
        }
        var record = gathered.record(.notificationV2, answerEnvironment: answerEnvironment)
        let copy = transaction?.copy
        record.notification = NotificationEvent(
            kind: .notificationV2,
            notificationType: Self.value("notificationType", of: payload, in: view).flatMap(view.looseText) ?? "",
            subtype: Self.value("subtype", of: payload, in: view).flatMap(view.looseText) ?? "",
            uuid: Self.value("notificationUUID", of: payload, in: view).flatMap(view.looseText) ?? "",
            signedDate: view.signedTimestamp(Self.value("signedDate", of: payload, in: view) ?? -1).instant,
            environment: transaction.flatMap { $0.environment } ?? answerEnvironment,
            transactionID: copy?.transactionID ?? "",
            originalTransactionID: copy.map { ($0.originalTransactionID ?? $0.id.text).string }
                ?? gathered.renewals.first?.originalTransactionID ?? "")
        // SPEC §9 "Consumables": a V2 notification shows its environment's consumable refunds.
        record.consumableRefundEnvironments = Self.distinct([answerEnvironment] + gathered.ownEnvironments)
        return record
    }

    /// `server_api`: Get Transaction History and Get Refund History (`signedTransactions`), Get
    /// Transaction Info (`signedTransactionInfo`), Get All Subscription Statuses (`data`, each
    /// group's `lastTransactions` with `signedTransactionInfo` and `signedRenewalInfo`).
    func readServerAPI(_ view: JSONView, _ root: Int) -> ParsedRecord {
        let environmentValue = Self.value("environment", of: root, in: view)
        let bundleValue = Self.value("bundleId", of: root, in: view)
        let answerEnvironment = environmentValue.flatMap(view.signedEnvironment)
        var gathered = Gathered(payloads: payloads)
        gathered.checkBundle(bundleValue.flatMap(view.looseText), bundleIDs)
        let list = Self.value("signedTransactions", of: root, in: view)
        if let list {
            switch view.kind(list) {
            case .array:
                gathered.transactions.reserveCapacity(view.count(list))
                var position = 0
                view.forEachElement(list) { entry in
                    gathered.transaction("signedTransactions[\(position)]", view, entry, answerEnvironment, bundleIDs)
                    position += 1
                }
            case .string, .object:
                gathered.transaction("signedTransactions", view, list, answerEnvironment, bundleIDs)
            default:
                return Self.rejected(.malformedReceipt, "signedTransactions is a JSON \(view.kind(list))", .serverAPI)
            }
        }
        let info = Self.value("signedTransactionInfo", of: root, in: view)
        if let info { gathered.transaction("signedTransactionInfo", view, info, answerEnvironment, bundleIDs) }
        let data = Self.value("data", of: root, in: view)
        if let data { readStatuses(view, data, answerEnvironment, into: &gathered) }
        // Get Transaction Info whose one JWS cannot be read: the record is nothing but a bad JWS.
        if list == nil, data == nil, info != nil, gathered.transactions.isEmpty, let failure = gathered.firstInvalidJWS {
            return Self.rejected(.invalidJWS, failure, .serverAPI)
        }
        var record = gathered.record(.serverAPI, answerEnvironment: answerEnvironment)
        // SPEC §9: Get Refund History is a `signedTransactions` answer with neither `environment`
        // nor `bundleId`; its transactions' environments show their consumable refunds.
        if list != nil, environmentValue == nil, bundleValue == nil {
            record.consumableRefundEnvironments = gathered.ownEnvironments
        }
        return record
    }

    /// Get All Subscription Statuses: `data` is an array of subscription groups (one object is
    /// read as a list of one), each with `lastTransactions`.
    private func readStatuses(_ view: JSONView, _ data: Int, _ answerEnvironment: Environment?, into gathered: inout Gathered) {
        func readGroup(_ group: Int, _ name: String) {
            guard let last = Self.value("lastTransactions", of: group, in: view) else { return }
            guard view.kind(last) == .array else {
                gathered.malformed("\(name).lastTransactions", "is a JSON \(view.kind(last))", id: "")
                return
            }
            var position = 0
            view.forEachElement(last) { item in
                let itemName = "\(name).lastTransactions[\(position)]"
                position += 1
                guard view.kind(item) == .object else { return gathered.malformed(itemName, "is a JSON \(view.kind(item))", id: "") }
                let original = Self.value("originalTransactionId", of: item, in: view).flatMap(view.looseText)
                var transaction: SignedPayload.SignedTransaction?
                if let info = Self.value("signedTransactionInfo", of: item, in: view) {
                    transaction = gathered.transaction("\(itemName).signedTransactionInfo", view, info, answerEnvironment, bundleIDs)
                }
                if let info = Self.value("signedRenewalInfo", of: item, in: view) {
                    let subscription = original ?? transaction.map { ($0.copy.originalTransactionID ?? $0.copy.id.text).string }
                    gathered.renewal("\(itemName).signedRenewalInfo", view, info, subscription: subscription, answerEnvironment)
                }
            }
        }
        switch view.kind(data) {
        case .array:
            var position = 0
            view.forEachElement(data) { group in
                let name = "data[\(position)]"
                position += 1
                if view.kind(group) == .object { readGroup(group, name) } else { gathered.malformed(name, "is a JSON \(view.kind(group))", id: "") }
            }
        case .object:
            readGroup(data, "data")
        default:
            gathered.malformed("data", "is a JSON \(view.kind(data))", id: "")
        }
    }

    /// `signed_transaction`: one decoded payload (`transactionId` and `signedDate`).
    func readSignedTransaction(_ view: JSONView, _ root: Int) -> ParsedRecord {
        guard let transaction = SignedPayload.transaction(view, root, texts: &payloads.texts, readsBundle: !bundleIDs.isEmpty) else {
            return Self.rejected(.unknownFormat, "the signed transaction has no usable transactionId", .signedTransaction)
        }
        var gathered = Gathered(payloads: payloads)
        gathered.checkBundle(transaction.bundleID, bundleIDs)
        gathered.add(transaction, answerEnvironment: nil)
        return gathered.record(.signedTransaction, answerEnvironment: nil)
    }

    /// Whether `data` holds `lastTransactions` (Get All Subscription Statuses): an object that
    /// has it, or an array (Apple's form) whose first object has it.
    func holdsLastTransactions(_ view: JSONView, _ data: Int) -> Bool {
        switch view.kind(data) {
        case .object:
            return Self.value("lastTransactions", of: data, in: view) != nil
        case .array:
            var holds: Bool?
            view.forEachElement(data) { group in
                if holds == nil, view.kind(group) == .object { holds = Self.value("lastTransactions", of: group, in: view) != nil }
            }
            return holds ?? false
        default:
            return false
        }
    }

    // MARK: - What one answer gathers

    /// The copies, renewal info and findings of one answer, as its entries are read.
    private struct Gathered {
        /// The reading thread's buffers and parsers for payloads.
        let payloads: CompactJWS.PayloadScratch
        var transactions: [ParsedRecord.Copy] = []
        var renewals: [RenewalInfo] = []
        var anomalies: [ParsedRecord.RecordAnomaly] = []
        /// The environments the transactions themselves name, each once, in reading order.
        var ownEnvironments: [Environment] = []
        /// The first bundle id that `--bundle-id` does not name.
        var foreignBundle: String?
        /// The detail of the first entry that is no readable JWS.
        var firstInvalidJWS: String?

        mutating func checkBundle(_ bundle: String?, _ bundleIDs: Set<String>) {
            guard foreignBundle == nil, !bundleIDs.isEmpty, let bundle, !bundleIDs.contains(bundle) else { return }
            foreignBundle = bundle
        }

        mutating func malformed(_ list: String, _ problem: String, id: String) {
            anomalies.append(.init(kind: .malformedTransaction, transactionID: id, detail: "\(list) \(problem)", field: list))
        }

        /// Reads the signed transaction entry at `index` of list `list` (a position's name, made
        /// only for a finding).
        @discardableResult
        mutating func transaction(_ list: @autoclosure () -> String, _ view: JSONView, _ index: Int, _ answerEnvironment: Environment?,
                                  _ bundleIDs: Set<String>) -> SignedPayload.SignedTransaction? {
            let payloads = payloads
            let read = SignedPayload.withPayload(view, index, scratch: payloads) {
                SignedPayload.transaction($0, $1, texts: &payloads.texts, readsBundle: !bundleIDs.isEmpty)
            }
            switch read {
            case .failure(let failure):
                let problem = "is not a readable JWS (invalid_jws: \(failure.message))"
                if firstInvalidJWS == nil { firstInvalidJWS = "\(list()) \(problem)" }
                malformed(list(), problem, id: "")
                return nil
            case .success(nil):
                malformed(list(), "has no transactionId", id: "")
                return nil
            case .success(let transaction?):
                checkBundle(transaction.bundleID, bundleIDs)
                add(transaction, answerEnvironment: answerEnvironment)
                return transaction
            }
        }

        mutating func add(_ transaction: SignedPayload.SignedTransaction, answerEnvironment: Environment?) {
            if let own = transaction.environment, !ownEnvironments.contains(own) { ownEnvironments.append(own) }
            transactions.append(ParsedRecord.Copy(transaction.copy, environment: transaction.environment ?? answerEnvironment))
        }

        /// Reads the signed renewal info entry at `index`; `subscription` is the one the answer
        /// puts it beside, for a payload without `originalTransactionId`.
        mutating func renewal(_ list: @autoclosure () -> String, _ view: JSONView, _ index: Int, subscription: String?, _ answerEnvironment: Environment?) {
            switch SignedPayload.withPayload(view, index, scratch: payloads, { SignedPayload.renewal($0, $1, subscription: subscription) }) {
            case .failure(let failure):
                malformed(list(), "is not a readable JWS (invalid_jws: \(failure.message))", id: subscription ?? "")
            case .success(nil):
                malformed(list(), "names no originalTransactionId", id: "")
            case .success(var info?):
                if info.environment == nil { info.environment = answerEnvironment }
                renewals.append(info)
            }
        }

        /// The record: rejected for a foreign bundle, else accepted in the answer's environment,
        /// else inferred (SPEC §9: a transaction without its own environment takes the answer's,
        /// else the claim, else Production), which the merge resolves with the record's claim.
        func record(_ kind: RecordKind, answerEnvironment: Environment?) -> ParsedRecord {
            if let foreignBundle {
                return SignedRecordReader.rejected(.foreignBundle, ResponseReader.foreignBundleDetail(foreignBundle), kind)
            }
            var record = ParsedRecord(outcome: .accepted(environment: answerEnvironment ?? .production, inferred: answerEnvironment == nil),
                                      kind: kind)
            record.transactions = transactions
            record.renewals = renewals
            record.anomalies = anomalies
            return record
        }
    }

    // MARK: - Helpers

    /// The members of a V2 notification's payload that hold its body, in the order they are looked for.
    private static let notificationBodyKeys = ["data", "summary", "appData", "externalPurchaseToken"]

    private static func rejected(_ reason: RejectionReason, _ detail: String, _ kind: RecordKind) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: reason, detail: detail), kind: kind)
    }

    /// The member `key` of the object at `object`; nil when absent or `null`.
    private static func value(_ key: String, of object: Int, in view: JSONView) -> Int? {
        guard view.kind(object) == .object, let value = view.member(key, of: object), view.kind(value) != .null else { return nil }
        return value
    }

    private static func has(_ view: JSONView, _ key: String, in object: Int) -> Bool {
        value(key, of: object, in: view) != nil
    }

    /// The environments named, each once, in order of first appearance.
    private static func distinct(_ environments: [Environment?]) -> [Environment] {
        var seen: [Environment] = []
        for case let environment? in environments where !seen.contains(environment) { seen.append(environment) }
        return seen
    }
}
