/// One row of `environment_check.csv`: a record whose environment needs a second look
/// (SPEC §3, §8).
struct EnvironmentCheck: Sendable {
    var recordID: Int64
    var user: String
    var verifiedAt: UnixMillis
    var claimedEnvironment: String
    var environment: Environment
    var status: Int64?
    var findings: [String]

    /// The findings of one record, in SPEC order; empty when there is nothing to say.
    static func findings(outcome: ParsedRecord.Outcome, claimed: String?) -> (Environment, [String])? {
        switch outcome {
        case .redirected(let status):
            return status == StatusCode.sandboxReceiptSentToProduction ? (.sandbox, ["status_21007"]) : (.production, ["status_21008"])
        case .accepted(let environment, let inferred):
            var findings: [String] = []
            if let claimed, !agrees(claimed, with: environment), case let loose = LooseText.trimmedLowercased(claimed), !loose.isEmpty,
               loose != (environment == .production ? "production" : "sandbox") {
                findings.append("environment_mismatch")
            }
            if inferred { findings.append("environment_inferred") }
            return findings.isEmpty ? nil : (environment, findings)
        case .rejected:
            return nil
        }
    }

    /// The usual claim, spelled as Apple spells the environment: agrees without building the
    /// loose text (every record has a claim to check).
    private static func agrees(_ claimed: String, with environment: Environment) -> Bool {
        claimed.hasSameUTF8(as: environment == .production ? "Production" : "Sandbox")
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
