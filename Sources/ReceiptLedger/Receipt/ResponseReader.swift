/// Reads one verifyReceipt answer into a `ParsedRecord` by the rules of SPEC §3 and §8.
/// Pure: the same bytes give the same record, so answers can be read in parallel.
struct ResponseReader: Sendable {
    /// `--bundle-id` values; empty accepts every app.
    var bundleIDs: Set<String> = []

    func read(_ response: ResponseColumn) -> ParsedRecord {
        guard case .bytes(let bytes) = response, !bytes.allSatisfy(Self.isBlank) else {
            return rejected("empty_response", "the response is NULL or blank")
        }
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes) } catch {
            return rejected("invalid_json", "\(error.message) at byte \(error.offset)")
        }
        return read(document.root)
    }

    func read(_ root: JSONValue) -> ParsedRecord {
        guard root.kind == .object else { return rejected("not_an_object", "the response is a JSON \(root.kind)") }
        guard let statusValue = root["status"], !statusValue.isNull else { return rejected("missing_status", "the response has no status") }
        guard let status = statusValue.looseInteger() else {
            return rejected("bad_status", "status is not an integer: \(Self.excerpt(statusValue))")
        }
        switch status {
        case StatusCode.valid, StatusCode.subscriptionExpired:
            break
        case StatusCode.sandboxReceiptSentToProduction, StatusCode.productionReceiptSentToSandbox:
            return ParsedRecord(outcome: .redirected(status: status), status: status)
        default:
            var record = rejected("status_\(status)", StatusCode.meaning(status))
            record.status = status
            return record
        }
        guard let receipt = root["receipt"], receipt.kind == .object else {
            return rejected("missing_receipt", "status \(status) without a receipt object", status: status)
        }
        guard let inApp = Self.entries(receipt["in_app"], allowSingleObject: false) else {
            return rejected("malformed_receipt", "receipt.in_app is a JSON \(receipt["in_app"]?.kind ?? .null)", status: status)
        }
        guard let latest = Self.entries(root["latest_receipt_info"]) else {
            return rejected("malformed_receipt", "latest_receipt_info is a JSON \(root["latest_receipt_info"]?.kind ?? .null)", status: status)
        }
        if !bundleIDs.isEmpty, let bundle = receipt["bundle_id"]?.looseText, !bundleIDs.contains(bundle) {
            return rejected("foreign_bundle", "bundle_id \(bundle) is not one of --bundle-id", status: status)
        }

        let (environment, inferred) = Self.environment(root, receipt)
        var record = ParsedRecord(outcome: .accepted(environment: environment, inferred: inferred), status: status)
        for (list, entries) in [("in_app", inApp), ("latest_receipt_info", latest)] {
            for (index, entry) in entries.enumerated() {
                if let copy = TransactionCopy(entry) {
                    record.transactions.append(copy)
                } else {
                    let id = entry.kind == .object ? (entry["transaction_id"]?.looseText ?? "") : ""
                    let detail = entry.kind == .object ? "\(list)[\(index)] has no transaction_id" : "\(list)[\(index)] is a JSON \(entry.kind)"
                    record.anomalies.append(.init(kind: "malformed_transaction", transactionID: id, detail: detail, field: "\(list)[\(index)]"))
                }
            }
        }
        for entry in Self.entries(root["pending_renewal_info"]) ?? [] {
            if let info = RenewalInfo(entry) { record.renewals.append(info) }
        }
        record.anomalies += ReceiptDates.anomalies(in: receipt)
        return record
    }

    /// SPEC §3: `environment`, else `receipt_type` (containing "sandbox" means Sandbox), else
    /// Production, inferred.
    static func environment(_ root: JSONValue, _ receipt: JSONValue) -> (Environment, Bool) {
        if let text = root["environment"]?.looseText, let environment = Environment(loosely: text) {
            return (environment, false)
        }
        if let type = receipt["receipt_type"]?.looseText {
            return (type.lowercased().contains("sandbox") ? .sandbox : .production, false)
        }
        return (.production, true)
    }

    /// An array's elements, absent or null as none, and for `latest_receipt_info` one object as
    /// a list of one (old answers; SPEC §4 allows that form for it alone); nil for any other
    /// type (`malformed_receipt`).
    static func entries(_ value: JSONValue?, allowSingleObject: Bool = true) -> [JSONValue]? {
        guard let value else { return [] }
        switch value.kind {
        case .null: return []
        case .array: return value.elements
        case .object: return allowSingleObject ? [value] : nil
        default: return nil
        }
    }

    private func rejected(_ reason: String, _ detail: String, status: Int64? = nil) -> ParsedRecord {
        ParsedRecord(outcome: .rejected(reason: reason, detail: detail), status: status)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func excerpt(_ value: JSONValue) -> String {
        let text = String(decoding: value.rawBytes.prefix(40), as: UTF8.self)
        return value.rawBytes.count > 40 ? text + "…" : text
    }
}
