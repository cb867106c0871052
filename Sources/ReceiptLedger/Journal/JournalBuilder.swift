/// Merges parsed records, fed in (`verified_at`, `id`) order, into one journal of
/// deduplicated transactions with their anomalies (SPEC §3, §4, §8).
struct JournalBuilder {
    /// The record being merged, as the index knows it.
    struct RecordContext {
        var rank: Int
        var recordID: Int64
        var verifiedAt: UnixMillis
        var user: UserID
        /// Names `user`: looked up only for what a record lists (findings, rejections), since
        /// most records need no name and each lookup misses the caches.
        var users: UserTable
        var claimedEnvironment: String?

        var userName: String { users.name(user) }
    }

    /// Every transaction seen, in order of first appearance, each updated where it lies.
    private(set) var states = ChunkedValues<TransactionState>()
    /// The product ids the states hold, each once: a state keeps its product's number.
    private(set) var products = StringPool()
    /// Where each transaction's state is in `states`.
    private(set) var stateIndex = TransactionIndex()
    private(set) var anomalies: [Anomaly] = []
    private(set) var environmentChecks: [EnvironmentCheck] = []
    private(set) var rejected: [RejectedRecord] = []
    /// Latest renewal info per subscription (environment, original_transaction_id).
    private(set) var renewals = RenewalTable()
    private(set) var recordsAccepted = 0
    private(set) var recordsRedirected = 0
    private(set) var recordsRejected = 0
    private(set) var statusCounts: [Int64: Int] = [:]
    /// One row per notification: per distinct V2 `notificationUUID` (Apple's retries are one),
    /// else per record (SPEC §9).
    private(set) var notifications: [NotificationRow] = []
    private var notificationUUIDs = Set<String>()
    /// One copy of each notification type and subtype: a handful of texts over every row.
    private var notificationTexts = StringPool()
    /// Environments whose consumable refunds Apple reported in the input (SPEC §9).
    private(set) var consumableRefundEnvironments = Set<Environment>()
    /// Keys of timestamp anomalies already raised, so each is raised once, at its earliest record.
    private var raisedTimestampFindings = Set<String>()
    /// The names of the users that records name: `finish` needs every one of them (the
    /// one-scan pipeline learns users while it merges, and hands them over at the end).
    var users: UserTable

    init(users: UserTable = UserTable()) {
        self.users = users
    }

    /// Ends the merge: hands every state over to the caller, leaving none here (for `finish`,
    /// which frees each once booked), and drops the room the index grew for and no
    /// transaction took (the journal keeps the index).
    mutating func endMerge() -> ChunkedValues<TransactionState> {
        stateIndex.dropSpareCapacity()
        defer { states = ChunkedValues() }
        return states
    }

    /// Sets the environments whose consumable refunds the whole input shows (SPEC §9), for a
    /// bucket's booking, which sees only its own transactions' records.
    mutating func setConsumableRefundEnvironments(_ environments: Set<Environment>) {
        consumableRefundEnvironments = environments
    }

    mutating func reject(_ rejection: RejectedRecord) {
        recordsRejected += 1
        rejected.append(rejection)
    }

    /// Records rejected before their body was read. They come first in `rejected`, whenever
    /// they are known, so the journal is the same whether the input was read in one scan or in
    /// two passes.
    mutating func reject(rows: [RecordIndex.RowRejection]) {
        recordsRejected += rows.count
        rejected.insert(contentsOf: rows.map {
            RejectedRecord(recordID: $0.recordID, user: $0.userID, reason: $0.reason, detail: $0.detail)
        }, at: 0)
    }

    mutating func add(_ record: ParsedRecord, context: RecordContext) {
        let copyEnvironments = record.transactions.lazy.map(\.environment)
        guard let environment = addRecord(record, copyEnvironments: copyEnvironments, context: context) else { return }
        mergeCopies(record.transactions, recordEnvironment: environment, context: context)
    }

    /// The part of `add` done once per record, whatever its copies: the counts, the outcome,
    /// the environment check, the notification, consumable refunds, the record's own anomalies
    /// and renewal info. `copyEnvironments` are the copies' own environments (nil: the
    /// record's), in order. Returns the environment of an accepted record's copies (to give
    /// `mergeCopies`), nil for a record that merges none. Split from the copies' part so that a
    /// sharded run (`Partial/`) does each part where its state lives, with the same rules.
    mutating func addRecord(_ record: ParsedRecord, copyEnvironments: some Sequence<Environment?>,
                            context: RecordContext) -> Environment? {
        if let status = record.status { statusCounts[status, default: 0] += 1 }
        let environment: Environment
        switch record.outcome {
        case .rejected(let reason, let detail):
            reject(RejectedRecord(recordID: String(context.recordID), user: context.userName, reason: reason, detail: detail))
            return nil
        case .redirected:
            recordsRedirected += 1
            noteEnvironmentCheck(record, copies: nil, context: context)
            return nil
        case .accepted(let found, _):
            recordsAccepted += 1
            environment = EnvironmentCheck.environmentFromClaim(outcome: record.outcome, claimed: context.claimedEnvironment) ?? found
        }
        noteEnvironmentCheck(record, copies: EnvironmentCheck.CopyEnvironments(copyEnvironments, record: environment), context: context)
        if var event = record.notification, event.uuid.isEmpty || notificationUUIDs.insert(event.uuid).inserted {
            if event.environment == nil { event.environment = environment }
            event.notificationType = notificationTexts.intern(event.notificationType)
            event.subtype = notificationTexts.intern(event.subtype)
            notifications.append(NotificationRow(recordID: context.recordID, user: context.userName, event: event))
        }
        if !record.consumableRefundEnvironments.isEmpty { consumableRefundEnvironments.formUnion(record.consumableRefundEnvironments) }

        for anomaly in record.anomalies {
            let key = "\(anomaly.kind.rawValue)|\(context.recordID)|\(anomaly.field)|\(anomaly.transactionID)"
            guard raisedTimestampFindings.insert(key).inserted else { continue }
            anomalies.append(Anomaly(kind: anomaly.kind, recordID: context.recordID, environment: environment,
                                     transactionID: anomaly.transactionID, user: context.userName, detail: anomaly.detail))
        }
        for info in record.renewals {
            renewals.record(info, in: info.environment ?? environment, at: info.signedDate ?? context.verifiedAt)
        }
        return environment
    }

    /// The environment of an accepted record's copies (each signed copy may have its own):
    /// the claim's when it decides, else the one found (SPEC §3, §8); nil for a record that
    /// is not accepted.
    static func copyEnvironment(of record: ParsedRecord, claimed: String?) -> Environment? {
        guard case .accepted(let found, _) = record.outcome else { return nil }
        return EnvironmentCheck.environmentFromClaim(outcome: record.outcome, claimed: claimed) ?? found
    }

    /// The part of `add` done per transaction copy of an accepted record (SPEC §4, §8): each
    /// copy merged into its transaction's state, in `recordEnvironment` unless it has its own,
    /// with the findings the merge raises. Records must come in processing order.
    mutating func mergeCopies(_ copies: [ParsedRecord.Copy], recordEnvironment: Environment, context: RecordContext) {
        let source = TransactionState.Source(recordID: context.recordID, verifiedAt: context.verifiedAt, user: context.user)
        var conflictRaised = Set<ExactString>()
        var badQuantityRaised = Set<ExactString>()
        for entry in copies {
            let copy = entry.copy
            // A signed copy's own environment (SPEC §9), else the record's.
            let environment = entry.environment ?? recordEnvironment
            let position: Int
            if let known = stateIndex.find(environment, copy.id) {
                position = known
            } else {
                position = stateIndex.insert(environment, copy.id)
                assert(position == states.count, "the index numbers transactions as `states` holds them")
                states.append(TransactionState(first: source, copy: copy, products: &products))
            }
            states[position].noteRecord(rank: context.rank)
            let conflicts = states[position].merge(copy, from: source, products: &products)
            if copy.cancellation.instant != nil, states[position].takeCancellationBeforePurchase(),
               let cancelled = states[position].cancellation, let purchase = states[position].purchase {
                anomalies.append(Anomaly(kind: .cancellationBeforePurchase, recordID: context.recordID, environment: environment,
                                         transactionID: copy.transactionID, user: context.userName,
                                         detail: "cancellation_date \(cancelled.iso8601) is before purchase_date \(purchase.iso8601); the refund stands"))
            }
            guard !conflicts.isEmpty || copy.hasFindingsOfItsOwn else { continue }
            let key = TransactionKey(environment, copy.id)
            var found: [(AnomalyKind, String)] = []
            if !conflicts.isEmpty, conflictRaised.insert(key.transactionID).inserted {
                found.append((.conflictingTransaction, conflicts.joined(separator: "; ")))
            }
            if copy.quantityIsBad, badQuantityRaised.insert(key.transactionID).inserted {
                found.append((.badQuantity, "quantity is not a positive integer up to 1,000,000; 1 used"))
            }
            found += timestampFindings(copy, key: key, context: context)
            for (kind, detail) in found {
                anomalies.append(Anomaly(kind: kind, recordID: context.recordID, environment: environment,
                                         transactionID: copy.transactionID, user: context.userName, detail: detail))
            }
        }
    }

    /// Lists the record in `environment_check.csv` when it has findings (SPEC §3, §8, §9).
    private mutating func noteEnvironmentCheck(_ record: ParsedRecord, copies: EnvironmentCheck.CopyEnvironments?, context: RecordContext) {
        guard let (environments, findings) = EnvironmentCheck.findings(outcome: record.outcome, copies: copies,
                                                                       claimed: context.claimedEnvironment) else { return }
        environmentChecks.append(EnvironmentCheck(recordID: context.recordID, user: context.userName, verifiedAt: context.verifiedAt,
                                                  claimedEnvironment: context.claimedEnvironment ?? "", environments: environments,
                                                  status: record.status, findings: findings))
    }

    /// Timestamp kinds once per (kind, environment, transaction, field) at the earliest record
    /// showing them; an unreadable cancellation once per record; an unreadable purchase date
    /// only when no copy is readable (raised by `finish`).
    private mutating func timestampFindings(_ copy: TransactionCopy, key: TransactionKey, context: RecordContext) -> [(AnomalyKind, String)] {
        let fields: [(String, TimestampFieldReading)] = [
            ("purchase_date", copy.purchase), ("original_purchase_date", copy.originalPurchase),
            ("expires_date", copy.expires), ("cancellation_date", copy.cancellation),
        ]
        var found: [(AnomalyKind, String)] = []
        for (field, reading) in fields {
            for finding in TimestampFindings.kinds(of: reading, field: field) {
                if finding.kind == .badTimestamp && field == "purchase_date" { continue }
                var dedupe = "\(finding.kind.rawValue)|\(key.environment.rawValue)|\(key.transactionID.value)|\(field)"
                if finding.kind == .badTimestamp && field == "cancellation_date" { dedupe += "|\(context.recordID)" }
                guard raisedTimestampFindings.insert(dedupe).inserted else { continue }
                found.append((finding.kind, finding.detail))
            }
        }
        return found
    }
}
