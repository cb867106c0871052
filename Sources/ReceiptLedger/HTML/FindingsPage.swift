/// `findings.html`: everything that was not booked silently: rejected records with their
/// reasons, anomalies by kind, environment findings, and (with orders) the reconciliation's
/// findings by name, each explained in plain words.
enum FindingsPage {
    static func context(_ data: ReportData) -> [String: TemplateValue] {
        let journal = data.journal
        func grouped(_ keys: [String]) -> [TemplateValue] {
            var counts: [String: Int] = [:]
            for key in keys { counts[key, default: 0] += 1 }
            return counts.keys.sorted().map { .object(["name": .string($0), "count": .string(Display.count(counts[$0] ?? 0))]) }
        }
        let anomalies = journal.anomalies.sorted { ($0.kind.rawValue, $0.recordID, $0.transactionID) < ($1.kind.rawValue, $1.recordID, $1.transactionID) }
        let rejected = journal.rejected.sorted { (Int64($0.recordID) ?? -1, $0.reason.code) < (Int64($1.recordID) ?? -1, $1.reason.code) }
        return [
            "counts": .object([
                "read": .string(Display.count(journal.counts.read)), "accepted": .string(Display.count(journal.counts.accepted)),
                "redirected": .string(Display.count(journal.counts.redirected)), "rejected": .string(Display.count(journal.counts.rejected)),
            ]),
            "rejected_reasons": .list(grouped(journal.rejected.map(\.reason.code))),
            "rejected": .list(rejected.prefix(HTMLReport.rowCap).map { r in
                .object(["record": .string(r.recordID), "user": .string(r.user), "reason": .string(r.reason.code), "detail": .string(r.detail)])
            }),
            "has_rejected": .bool(!rejected.isEmpty),
            "rejected_capped": .bool(rejected.count > HTMLReport.rowCap),
            "rejected_total": .string(Display.count(rejected.count)),
            "rejected_shown": .string(Display.count(min(rejected.count, HTMLReport.rowCap))),
            "anomaly_kinds": .list(grouped(journal.anomalies.map(\.kind.rawValue))),
            "anomalies": .list(anomalies.prefix(HTMLReport.rowCap).map { a in
                .object(["kind": .string(a.kind.rawValue), "record": .string(String(a.recordID)), "environment": .string(a.environment?.rawValue ?? ""),
                         "transaction": .string(a.transactionID), "user": .string(a.user), "detail": .string(a.detail)])
            }),
            "has_anomalies": .bool(!anomalies.isEmpty),
            "anomalies_capped": .bool(anomalies.count > HTMLReport.rowCap),
            "anomalies_total": .string(Display.count(anomalies.count)),
            "anomalies_shown": .string(Display.count(min(anomalies.count, HTMLReport.rowCap))),
            "environment_findings": .list(grouped(journal.environmentChecks.flatMap(\.findings))),
            "has_orders": .bool(data.reconciliation != nil),
            "order_findings": .list(orderFindings(data.reconciliation)),
            "has_order_findings": .bool(!(data.reconciliation?.rows.isEmpty ?? true)),
        ]
    }

    /// One entry per finding that occurs: its name, its number of rows and what it means.
    static func orderFindings(_ reconciliation: Reconciliation?) -> [TemplateValue] {
        var counts: [Reconciliation.Finding: Int] = [:]
        for row in reconciliation?.rows ?? [] { counts[row.finding, default: 0] += 1 }
        return counts.keys.sorted { $0.rawValue < $1.rawValue }.map { finding in
            .object(["name": .string(finding.rawValue), "count": .string(Display.count(counts[finding] ?? 0)),
                     "explanation": .string(finding.explanation)])
        }
    }
}
