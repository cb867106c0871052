import Foundation
import Testing
@testable import ReceiptLedger

/// `RejectionReason`, `AnomalyKind` and every other list of codes the report writes
/// (environment and reconciliation findings, statuses, states, Apple's findings and ignored
/// rows, record kinds, price sources) hold exactly the lists SPEC names (issue 22): the
/// backticked words of the SPEC paragraphs that list them, read from `shared/SPEC.md` beside
/// the repository. The lists are also written here, so that a change to SPEC is noticed even
/// when the code follows it.
@Suite struct SpecListsTests {
    /// `rejected.csv` reasons, as SPEC §8 "Records" lists them.
    static let specReasons = [
        "status_<code>", "invalid_json", "empty_response", "not_an_object", "missing_status", "bad_status", "missing_receipt",
        "malformed_receipt", "bad_id", "duplicate_id", "bad_user_id", "bad_verified_at", "foreign_bundle",
    ]
    /// Reasons SPEC §9 adds (the kinds of record, JWS).
    static let section9Reasons = ["unknown_format", "invalid_jws"]
    /// Reasons the project adds to SPEC's (none).
    static let projectReasons: [String] = []
    /// Anomaly kinds SPEC §9 adds (signed copies and prices).
    static let section9Kinds = ["refund_reversed", "catalog_price_differs"]

    /// Anomaly kinds SPEC §2 raises.
    static let timestampKinds = ["ambiguous_pst", "invalid_pst", "timestamp_mismatch", "bad_timestamp"]
    /// Anomaly kinds the first sentence of SPEC §8 "Anomalies" lists, one per clause.
    static let anomaliesParagraphKinds = [
        "shared_transaction", "conflicting_transaction", "transaction_in_both_environments", "unpriced_product",
        "malformed_transaction", "bad_quantity",
    ]
    /// Anomaly kinds the "Revision 2 readings" of SPEC §8 raise.
    static let revision2Kinds = ["bad_quantity", "cancellation_before_purchase"]
    /// Kinds SPEC names that the project does not raise yet (none: `cancellation_before_purchase`
    /// is raised by the merge since the Revision 2 readings).
    static let notYetRaised: [String] = []

    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func rejectedReasonsAreSPECsList() throws {
        let spec = try SpecText.read()
        let start = "`rejected.csv` reasons:"
        let sentence = try #require(spec.sentence(startingWith: start), "SPEC §8 has no `rejected.csv` reasons sentence")
        #expect(SpecText.backticked(SpecText.removingParentheses(String(sentence.dropFirst(start.count)))) == Self.specReasons)
        let section9 = try #require(spec.section("## 9. Every format Apple has sent (revision 2)"), "SPEC has no §9")
        #expect(section9.contains("rejected as `unknown_format`") && section9.contains("is `invalid_jws`"))
        #expect(RejectionReason.allCases.map(\.specName) == Self.specReasons + Self.section9Reasons + Self.projectReasons)
    }

    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func anomalyKindsAreSPECsKinds() throws {
        let spec = try SpecText.read()
        let timestamps = try #require(spec.section("## 2. Timestamps"), "SPEC has no §2")
        #expect(SpecText.raisedKinds(timestamps) == Self.timestampKinds)

        let anomalies = try #require(spec.paragraph(startingWith: "**Anomalies** ("), "SPEC §8 has no Anomalies paragraph")
        // The list follows the column list: `kind, …, detail`): first; its clauses are split by `;`.
        let list = try #require(anomalies.range(of: "): ").map { String(anomalies[$0.upperBound...]) })
        let firstSentence = try #require(SpecText.firstSentence(list))
        let leading = firstSentence.components(separatedBy: "; ").compactMap { SpecText.backticked($0).first }
        #expect(leading == Self.anomaliesParagraphKinds)

        let revision2 = try #require(spec.block(startingWith: "**Revision 2 readings**"), "SPEC §8 has no Revision 2 readings")
        #expect(SpecText.raisedKinds(revision2) == Self.revision2Kinds)

        let section9 = try #require(spec.section("## 9. Every format Apple has sent (revision 2)"), "SPEC has no §9")
        let earlier = Self.timestampKinds + Self.anomaliesParagraphKinds
        #expect(SpecText.raisedKinds(section9).filter { !earlier.contains($0) } == Self.section9Kinds)

        let named = Set(Self.timestampKinds + Self.anomaliesParagraphKinds + Self.revision2Kinds + Self.section9Kinds)
        #expect(Set(AnomalyKind.allCases.map(\.rawValue)) == named.subtracting(Self.notYetRaised))
        #expect(Set(Self.notYetRaised).isSubset(of: named))
    }

    /// `environment_check.csv` findings: SPEC §8's list, in its order, then §9's `environment_from_claim`.
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func environmentFindingsAreSPECsList() throws {
        let spec = try SpecText.read()
        let paragraph = try #require(spec.paragraph(startingWith: "`environment_check.csv`: one row"), "SPEC §8 has no environment_check paragraph")
        let list = try #require(SpecText.after("in this order: ", in: paragraph).flatMap(SpecText.firstSentence))
        #expect(SpecText.backticked(list) == ["status_21007", "status_21008", "environment_mismatch", "environment_inferred"])
        let section9 = try #require(spec.section("## 9. Every format Apple has sent (revision 2)"), "SPEC has no §9")
        #expect(SpecText.joinedLines(section9).contains("(finding `environment_from_claim` in `environment_check.csv`"))
        #expect(EnvironmentFinding.allCases.map(\.rawValue) == SpecText.backticked(list) + ["environment_from_claim"])
    }

    /// `reconciliation.csv` findings: SPEC §7's list, then the project's two for unreadable
    /// order times (issue 21).
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func reconciliationFindingsAreSPECsList() throws {
        let spec = try SpecText.read()
        let section7 = try #require(spec.section("## 7. Output files (in `--out`, default `reports/`)"), "SPEC has no §7")
        let lines = section7.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("`reconciliation.csv` findings") })
        let items = lines[(start + 1)...].prefix { $0.hasPrefix("- ") }.compactMap { SpecText.backticked($0).first }
        #expect(items == ["refund_not_revoked", "delivered_on_sandbox", "delivered_without_transaction", "duplicate_delivery",
                          "order_user_mismatch", "transaction_without_order"])
        #expect(Reconciliation.Finding.allCases.map(\.rawValue) == items + ["bad_delivered_at", "bad_revoked_at"])
    }

    /// Transaction statuses, in SPEC §4's order of precedence.
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func transactionStatusesAreSPECsList() throws {
        let spec = try SpecText.read()
        let sentence = try #require(spec.sentence(startingWith: "Status of a transaction"), "SPEC §4 has no status sentence")
        let statuses = SpecText.backticked(SpecText.removingParentheses(sentence))
        #expect(statuses == ["trial", "family_shared", "unpriced", "upgraded", "refunded", "sold"])
        #expect(TransactionStatus.allCases.map(\.rawValue) == statuses)
    }

    /// Subscription states: SPEC §7's `state` list.
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func subscriptionStatesAreSPECsList() throws {
        let spec = try SpecText.read()
        let paragraph = try #require(spec.paragraph(startingWith: "`subscriptions.csv`: from"), "SPEC §7 has no subscriptions paragraph")
        let list = try #require(SpecText.after("is one of ", in: paragraph).flatMap(SpecText.firstSentence))
        let states = SpecText.backticked(SpecText.removingParentheses(list))
        #expect(states == ["active", "billing_retry", "cancelled", "expired", "refunded"])
        #expect(Subscription.State.allCases.map(\.rawValue) == states)
    }

    /// Apple's report findings and the reasons a report row is ignored (SPEC §10).
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func appleFindingsAndIgnoredRowsAreSPECsLists() throws {
        let spec = try SpecText.read()
        let findings = try #require(spec.block(startingWith: "Findings: `match`").flatMap(SpecText.firstSentence), "SPEC §10 has no Findings")
        let names = SpecText.backticked(SpecText.removingParentheses(findings))
        #expect(names == ["match", "units_differ", "apple_only", "ours_only", "amount_differs"])
        #expect(AppleFinding.allCases.map(\.rawValue) == names)

        let readings = try #require(spec.block(startingWith: "Readings: a row type"), "SPEC §10 has no Readings")
        let ignored = try #require(SpecText.after("every other row is counted as ignored", in: readings).flatMap(SpecText.firstSentence))
        #expect(SpecText.backticked(ignored) == ["product_type_<T>", "bad_date", "bad_units", "no_product_id"])
        #expect(AppleIgnoredRow.allCases.map(\.specName) == SpecText.backticked(ignored))
    }

    /// The kinds of record (SPEC §9's table) and `price_source`'s values.
    @Test(.enabled(if: SpecText.shouldRun, SpecText.missingMessage))
    func recordKindsAndPriceSourcesAreSPECsLists() throws {
        let spec = try SpecText.read()
        let section9 = try #require(spec.section("## 9. Every format Apple has sent (revision 2)"), "SPEC has no §9")
        let lines = section9.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| kind | recognised by") })
        let kinds = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.compactMap { SpecText.backticked(String($0)).first }
        #expect(kinds == ["receipt", "notification_v1", "notification_v2", "server_api", "signed_transaction"])
        #expect(RecordKind.allCases.map(\.rawValue) == kinds)

        let sources = try #require(SpecText.after("`price_source` is ", in: SpecText.joinedLines(section9)).flatMap(SpecText.firstSentence))
        #expect(SpecText.backticked(sources) == ["signed", "catalog"])
        #expect(sources.contains("or empty"))
        #expect(Pricing.PriceSource.allCases.map(\.rawValue) == SpecText.backticked(sources) + [""])
    }

    /// The extraction itself, on text of the same shape: a test that reads SPEC must find what
    /// is there and nothing else.
    @Test func theExtractionTakesOnlyTheListedWords() {
        let text = SpecText("`rejected.csv` reasons: `a_b` (detail: `not_me`), `c`. Then `d`.\nNext line `e`.")
        let sentence = text.sentence(startingWith: "`rejected.csv` reasons:")
        #expect(sentence == "`rejected.csv` reasons: `a_b` (detail: `not_me`), `c`.")
        #expect(SpecText.backticked(SpecText.removingParentheses(sentence ?? "")) == ["rejected.csv", "a_b", "c"])
        #expect(text.paragraph(startingWith: "Next") == "Next line `e`.")
        #expect(SpecText("**List**\n- one `a`\n  wraps\n\nafter").block(startingWith: "**List**") == "**List** - one `a` wraps")
        #expect(SpecText.raisedKinds("X raises an `one_kind` anomaly; `X_pst` raise `two`; a `three` anomaly; anomaly `four`.")
                == ["one_kind", "two", "three", "four"])
    }
}

/// SPEC.md's text and the few ways the tests cut it.
struct SpecText {
    let text: String

    init(_ text: String) { self.text = text }

    /// `shared/SPEC.md` in the folder that holds the repository (under CI a copy is there too).
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/SPEC.md").path

    /// Under CI (`CI` set and not `0`/`false`/`no`) a missing SPEC fails the tests instead of skipping them.
    static let isRequired: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }()

    static var shouldRun: Bool { FileManager.default.isReadableFile(atPath: path) || isRequired }
    static let missingMessage: Comment = "shared/SPEC.md is not beside the repository"

    static func read() throws -> SpecText {
        SpecText(try String(contentsOfFile: path, encoding: .utf8))
    }

    /// The line (a paragraph of SPEC is one line) that starts with `start`.
    func paragraph(startingWith start: String) -> String? {
        text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.hasPrefix(start) }.map(String.init)
    }

    /// The lines from the one that starts with `start` to the next blank line, joined by
    /// spaces (a list's items wrap).
    func block(startingWith start: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return nil }
        let end = lines[first...].firstIndex { $0.allSatisfy(\.isWhitespace) } ?? lines.endIndex
        return lines[first..<end].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The sentence of the paragraph starting with `start`: up to the first `.` outside
    /// parentheses and backticks that ends the line or precedes a space.
    func sentence(startingWith start: String) -> String? {
        paragraph(startingWith: start).flatMap(Self.firstSentence)
    }

    /// A `## ` section: from its heading to the next one.
    func section(_ heading: String) -> String? {
        guard let start = text.range(of: "\n" + heading + "\n") else { return nil }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    static func firstSentence(_ text: String) -> String? {
        var depth = 0, inCode = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            switch character {
            case "`": inCode.toggle()
            case "(" where !inCode: depth += 1
            case ")" where !inCode: depth -= 1
            case "." where !inCode && depth == 0 && (next == text.endIndex || text[next] == " "):
                return String(text[...index])
            default: break
            }
            index = next
        }
        return nil
    }

    /// The text without its parenthesized parts (outside backticks).
    static func removingParentheses(_ text: String) -> String {
        var result = "", depth = 0, inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if !inCode, character == "(" { depth += 1; continue }
            if !inCode, character == ")" { depth -= 1; continue }
            if depth == 0 { result.append(character) }
        }
        return result
    }

    /// The text after the first `marker`; nil without one.
    static func after(_ marker: String, in text: String) -> String? {
        text.range(of: marker).map { String(text[$0.upperBound...]) }
    }

    /// The text with its wrapped lines joined by single spaces (list items indent their wraps).
    static func joinedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Every backticked word, in order.
    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The kinds a text raises: a backticked word after "raise", "raises", "raises an" or
    /// "anomaly", or before " anomaly", in order of first mention.
    static func raisedKinds(_ text: String) -> [String] {
        let pattern = /(?:raises?\s(?:an?\s)?|anomaly\s)`([a-z_]+)`|`([a-z_]+)`\sanomaly/
        var found: [String] = []
        for match in text.matches(of: pattern) {
            guard let word = match.output.1 ?? match.output.2 else { continue }
            let name = String(word)
            if !found.contains(name) { found.append(name) }
        }
        return found
    }
}
