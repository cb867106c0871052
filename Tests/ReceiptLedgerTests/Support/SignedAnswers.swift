import Foundation
@testable import ReceiptLedger

/// Signed answers for tests (SPEC §9): JWS strings built by Base64URL-encoding JSON payloads
/// (the signature is a placeholder: signatures are not verified), and Apple's own test data in
/// `Tests/Fixtures/modern/` (sources and licence in its SOURCES.md), found from `#filePath`.
enum SignedAnswers {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/modern")

    /// A fixture's text; the file name without the `apple__app-store-server-library-python__` prefix.
    static func fixture(_ name: String) throws -> String {
        let data = try Data(contentsOf: folder.appendingPathComponent("apple__app-store-server-library-python__" + name))
        return String(decoding: data, as: UTF8.self)
    }

    /// Base64URL without padding (RFC 4648 §5, as RFC 7515 writes it).
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            let characters = chunk.count + 1
            for place in 0..<characters { out.append(alphabet[Int((value >> UInt32(18 - 6 * place)) & 63)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func base64URL(_ text: String) -> String { base64URL(Array(text.utf8)) }

    /// A compact JWS whose payload is `payload` (JSON text).
    static func jws(_ payload: String) -> String {
        base64URL(#"{"alg":"ES256","x5c":["MII..."]}"#) + "." + base64URL(payload) + "." + base64URL("not a signature")
    }

    /// A decoded transaction payload with the usual fields; `fields` replace or add members
    /// (values already JSON).
    static func transaction(_ id: String, original: String? = nil, product: String = "coins", purchaseMs: Int64 = 1_698_148_900_000,
                            environment: String? = "Production", fields: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("transactionId", "\"\(id)\""), ("originalTransactionId", "\"\(original ?? id)\""), ("productId", "\"\(product)\""),
            ("bundleId", "\"com.example\""), ("purchaseDate", "\(purchaseMs)"), ("originalPurchaseDate", "\(purchaseMs)"),
            ("quantity", "1"), ("type", "\"Consumable\""), ("inAppOwnershipType", "\"PURCHASED\""), ("signedDate", "\(purchaseMs)"),
        ]
        if let environment { members.append(("environment", "\"\(environment)\"")) }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            members.removeAll { $0.0 == key }
            members.append((key, value))
        }
        return "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A JSON string literal of `text` (for a JWS inside an answer, or a whole response).
    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// Reads one response on its own.
    static func read(_ response: String, bundleIDs: Set<String> = []) -> ParsedRecord {
        ResponseReader(bundleIDs: bundleIDs).read(.bytes(Array(response.utf8)))
    }

    /// Runs responses through the pipeline as records 1, 2, … of user `u1`, a minute apart.
    static func journal(_ responses: [String], claimed: String? = nil, bundleIDs: Set<String> = []) throws -> Journal {
        let rows = responses.enumerated().map { index, response in
            AnswerBuilder.row(Int64(index + 1), at: 1_700_000_000_000 + Int64(index) * 60_000, claimed: claimed, response)
        }
        return try AnswerBuilder.journal(rows, catalog: .empty, bundleIDs: bundleIDs).journal
    }
}

extension ParsedRecord {
    /// The rejection reason's code; nil when not rejected.
    var rejectionCode: String? {
        if case .rejected(let reason, _) = outcome { return reason.code }
        return nil
    }

    var rejectionDetail: String? {
        if case .rejected(_, let detail) = outcome { return detail }
        return nil
    }

    /// `Production`/`Sandbox` and whether inferred, for an accepted record; nil otherwise.
    var accepted: (environment: Environment, inferred: Bool)? {
        if case .accepted(let environment, let inferred) = outcome { return (environment, inferred) }
        return nil
    }
}
