@testable import ReceiptLedger

/// Builds verifyReceipt answers as JSON text for hand-written test cases.
enum AnswerBuilder {
    /// One transaction entry. `fields` are added verbatim as `"key": value` (value already JSON).
    static func transaction(_ id: String, product: String = "monthly", original: String? = nil, purchaseMs: Int64,
                            expiresMs: Int64? = nil, fields: [String: String] = [:]) -> String {
        var parts = [
            "\"transaction_id\": \"\(id)\"",
            "\"original_transaction_id\": \"\(original ?? id)\"",
            "\"product_id\": \"\(product)\"",
            "\"quantity\": \"1\"",
            "\"purchase_date_ms\": \"\(purchaseMs)\"",
            "\"purchase_date\": \"\(UnixMillis(purchaseMs).gmtText)\"",
        ]
        if let expiresMs { parts.append("\"expires_date_ms\": \"\(expiresMs)\"") }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            parts.removeAll { $0.hasPrefix("\"\(key)\":") }
            parts.append("\"\(key)\": \(value)")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func answer(status: String = "0", environment: String? = "Production", bundleID: String = "com.example.app",
                       inApp: [String] = [], latest: [String]? = nil, renewals: [String]? = nil, receiptFields: String = "") -> String {
        var top = ["\"status\": \(status)"]
        if let environment { top.append("\"environment\": \"\(environment)\"") }
        let extra = receiptFields.isEmpty ? "" : ", " + receiptFields
        top.append("\"receipt\": {\"bundle_id\": \"\(bundleID)\", \"in_app\": [\(inApp.joined(separator: ", "))]\(extra)}")
        if let latest { top.append("\"latest_receipt_info\": [\(latest.joined(separator: ", "))]") }
        if let renewals { top.append("\"pending_renewal_info\": [\(renewals.joined(separator: ", "))]") }
        return "{" + top.joined(separator: ", ") + "}"
    }

    static func row(_ id: Int64, user: String = "u1", at verifiedAt: Int64, claimed: String? = nil, _ json: String) -> ArrayRecordSource.Row {
        ArrayRecordSource.Row(id: id, user: user, verifiedAt: verifiedAt, claimed: claimed, json: json)
    }

    static let catalogCSV = """
    product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price
    monthly,auto_renewable,USD,9.99,,0.70,0.99
    monthly,auto_renewable,USD,12.99,2024-06-01,,0.99
    yearly,auto_renewable,USD,99.99,,0.85,
    lifetime,non_consumable,USD,49.99,,,
    coins,consumable,USD,0.99,,,
    coins_jp,consumable,JPY,120,,,
    """

    static var catalog: Catalog {
        (try? CatalogReader.parse(catalogCSV, path: "catalog.csv")) ?? .empty
    }

    static func journal(_ rows: [ArrayRecordSource.Row], catalog: Catalog = AnswerBuilder.catalog, bundleIDs: Set<String> = []) throws -> JournalPipeline.Result {
        let pipeline = JournalPipeline(reader: ResponseReader(bundleIDs: bundleIDs), catalog: catalog)
        return try pipeline.run(source: ArrayRecordSource(rows))
    }
}

extension UnixMillis {
    /// `2024-01-15 10:00:00 Etc/GMT` for building answers.
    var gmtText: String {
        let iso = iso8601
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8)) + " Etc/GMT"
    }
}

extension Journal {
    func transaction(_ id: String, _ environment: Environment = .production) -> Transaction? {
        transactions.first { $0.transactionID == id && $0.environment == environment }
    }

    func anomalies(_ kind: AnomalyKind) -> [Anomaly] { anomalies.filter { $0.kind == kind } }
}
