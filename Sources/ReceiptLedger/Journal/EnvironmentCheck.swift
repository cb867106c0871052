/// A finding of `environment_check.csv` (SPEC §8, and §9's `environment_from_claim`), each
/// spelled once: the raw value is the CSV text (`SpecListsTests` checks the list against SPEC).
/// In SPEC order, the order a record's findings are joined in.
enum EnvironmentFinding: String, Sendable, CaseIterable {
    case status21007 = "status_21007"
    case status21008 = "status_21008"
    case environmentMismatch = "environment_mismatch"
    case environmentInferred = "environment_inferred"
    /// SPEC §9: the answer does not say; a claim of `Production` or `Sandbox` decided.
    case environmentFromClaim = "environment_from_claim"
}

/// One row of `environment_check.csv`: a record whose environment needs a second look
/// (SPEC §3, §8).
struct EnvironmentCheck: Sendable {
    var recordID: Int64
    var user: String
    var verifiedAt: UnixMillis
    var claimedEnvironment: String
    /// The environments the record's transactions are booked in, sorted (SPEC §9: a record of
    /// signed transactions may hold several); the record's own when it holds none.
    var environments: [Environment]
    var environment: Environment { environments.first ?? .production }
    /// The `environment` column: the environments joined with `;`.
    var environmentText: String { environments.map(\.rawValue).joined(separator: ";") }
    var status: Int64?
    var findings: [EnvironmentFinding]
    /// The `finding` column: the findings joined with `;`.
    var findingText: String { findings.map(\.rawValue).joined(separator: ";") }

    /// SPEC §3, §9: the environment of an accepted record whose answer does not say, taken from
    /// a claim of `Production` or `Sandbox` (trimmed, any case); nil when the answer says, or
    /// nothing usable is claimed (Production, inferred).
    static func environmentFromClaim(outcome: ParsedRecord.Outcome, claimed: String?) -> Environment? {
        guard case .accepted(_, let inferred) = outcome, inferred, let claimed else { return nil }
        return Environment(loosely: claimed)
    }

    /// The environments a record's copies are booked in (each signed copy its own, the others
    /// the record's), gathered without building a list: every record is checked.
    struct CopyEnvironments {
        var production = false
        var sandbox = false
        /// Some copy takes the record's environment, or the record holds none: only then does an
        /// environment inferred or taken from the claim decide anything.
        var usesRecordEnvironment = false

        /// From the copies' own environments (nil: the record's), in order.
        init(_ copyEnvironments: some Sequence<Environment?>, record: Environment) {
            var isEmpty = true
            for own in copyEnvironments {
                isEmpty = false
                switch own ?? record {
                case .production: production = true
                case .sandbox: sandbox = true
                }
                if own == nil { usesRecordEnvironment = true }
            }
            if isEmpty {
                usesRecordEnvironment = true
                record == .production ? (production = true) : (sandbox = true)
            }
        }

        /// Sorted by name.
        var list: [Environment] { (production ? [.production] : []) + (sandbox ? [.sandbox] : []) }
    }

    /// The findings of one record, in SPEC order; nil when there is nothing to say.
    static func findings(outcome: ParsedRecord.Outcome, copies: CopyEnvironments?, claimed: String?) -> ([Environment], [EnvironmentFinding])? {
        switch outcome {
        case .redirected(let status):
            return status == StatusCode.sandboxReceiptSentToProduction ? ([.sandbox], [.status21007]) : ([.production], [.status21008])
        case .accepted(let found, let inferred):
            let fromClaim = environmentFromClaim(outcome: outcome, claimed: claimed)
            let copies = copies ?? CopyEnvironments([Environment?](), record: fromClaim ?? found)
            let mismatch = claimed.map { claimed in
                (copies.production && !agrees(claimed, with: .production)) || (copies.sandbox && !agrees(claimed, with: .sandbox))
            } ?? false
            let decides = copies.usesRecordEnvironment && (fromClaim != nil || inferred)
            guard mismatch || decides else { return nil }
            var findings: [EnvironmentFinding] = []
            if mismatch { findings.append(.environmentMismatch) }
            if decides { findings.append(fromClaim != nil ? .environmentFromClaim : .environmentInferred) }
            return (copies.list, findings)
        case .rejected:
            return nil
        }
    }

    /// Whether a set claim agrees with `environment` (SPEC §8: trimmed, any case; an empty
    /// claim is no claim and agrees with anything). Apple's own spelling, in nearly every
    /// record, is recognised without building the loose text.
    private static func agrees(_ claimed: String, with environment: Environment) -> Bool {
        if claimed.hasSameUTF8(as: environment.rawValue) { return true }
        let loose = LooseText.trimmedLowercased(claimed)
        return loose.isEmpty || loose == environment.rawValue.lowercased()
    }
}

/// One row of `rejected.csv`.
struct RejectedRecord: Sendable {
    /// Empty when the record had no readable id.
    var recordID: String
    var user: String
    var reason: RejectionReason
    var detail: String
}

/// One row of `notifications.csv` (SPEC §9): a notification and the record that first held it.
struct NotificationRow: Sendable {
    var recordID: Int64
    var user: String
    var event: NotificationEvent
    var kind: RecordKind { event.kind }
    var notificationType: String { event.notificationType }
    var transactionID: String { event.transactionID }
    var originalTransactionID: String { event.originalTransactionID }
}
