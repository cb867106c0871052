/// Reads the signed kinds of record of SPEC §9 (`notification_v2`, `server_api`,
/// `signed_transaction`) into a `ParsedRecord`: JWS payloads decoded (signatures not
/// verified), each signed transaction a `TransactionCopy` with its `SignedTransactionFields`
/// and its own environment, signed renewal info, the notification event. Pure.
struct SignedRecordReader: Sendable {
    /// `--bundle-id` values; empty accepts every app.
    var bundleIDs: Set<String> = []

    /// A whole response that is a JWS (a JSON string, or bare text of a JWS's shape).
    func read(compactJWS bytes: UnsafeBufferPointer<UInt8>) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: .invalidJWS, detail: "not read yet"), kind: .signedTransaction)
    }

    func readNotificationV2(_ view: JSONView, _ root: Int) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: .unknownFormat, detail: "not read yet"), kind: .notificationV2)
    }

    func readServerAPI(_ view: JSONView, _ root: Int) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: .unknownFormat, detail: "not read yet"), kind: .serverAPI)
    }

    func readSignedTransaction(_ view: JSONView, _ root: Int) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: .unknownFormat, detail: "not read yet"), kind: .signedTransaction)
    }

    /// Whether `data` (an object) holds `lastTransactions` (Get All Subscription Statuses).
    func holdsLastTransactions(_ view: JSONView, _ data: Int) -> Bool {
        var holds = false
        view.forEachMember(data) { key, _ in if view.string(key) == "lastTransactions" { holds = true } }
        return holds
    }
}

/// A JWS in compact serialization (RFC 7515 §7.1): three Base64URL parts joined by `.`.
enum CompactJWS {
    /// SPEC §9: exactly three parts, the first two non-empty, of Base64URL characters
    /// (`A–Z a–z 0–9 - _`, `=` padding). Leading and trailing ASCII whitespace is allowed.
    static func hasShape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        false
    }
}
