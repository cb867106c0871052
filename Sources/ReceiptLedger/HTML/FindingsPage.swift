/// `findings.html`: everything that was not booked silently: rejected records with their
/// reasons, anomalies by kind, environment findings, and (with orders) the reconciliation's
/// findings by name, each explained in plain words.
enum FindingsPage {
    static func context(_ data: ReportData) -> [String: TemplateValue] {
        let journal = data.journal
        // Each code with its count, its plain-language name and the link to its glossary entry.
        func grouped(_ keys: [String], _ lookUp: (String) -> Glossary.Entry?) -> [TemplateValue] {
            var counts: [String: Int] = [:]
            for key in keys { counts[key, default: 0] += 1 }
            return counts.keys.sorted().map { key in
                var fields = Glossary.fields(lookUp(key))
                fields["name"] = .string(key)
                fields["count"] = .string(Display.count(counts[key] ?? 0))
                return .object(fields)
            }
        }
        // Sorted in full (ties by every other field), so that the order the findings were raised
        // in, which a sharded run does not share with one run, never shows.
        let anomalies = journal.anomalies.sorted { l, r in
            let (lKey, rKey) = ((l.kind.rawValue, l.recordID, l.transactionID), (r.kind.rawValue, r.recordID, r.transactionID))
            if lKey != rKey { return lKey < rKey }
            return (l.environment?.rawValue ?? "", l.user, l.detail) < (r.environment?.rawValue ?? "", r.user, r.detail)
        }
        let rejected = journal.rejected.sorted { l, r in
            let (lKey, rKey) = ((Int64(l.recordID) ?? -1, l.reason.code), (Int64(r.recordID) ?? -1, r.reason.code))
            if lKey != rKey { return lKey < rKey }
            return (l.recordID, l.user, l.detail) < (r.recordID, r.user, r.detail)
        }
        return [
            "counts": .object([
                "read": .string(Display.count(journal.counts.read)), "accepted": .string(Display.count(journal.counts.accepted)),
                "redirected": .string(Display.count(journal.counts.redirected)), "rejected": .string(Display.count(journal.counts.rejected)),
            ]),
            "rejected_reasons": .list(grouped(journal.rejected.map(\.reason.code), Glossary.rejection)),
            "rejected": .list(rejected.prefix(HTMLReport.rowCap).map { r in
                .object(["record": .string(r.recordID), "user": .string(r.user), "reason": .string(r.reason.code),
                         "reason_href": .string(Glossary.rejection(r.reason.code).map(Glossary.href) ?? ""), "detail": .string(r.detail)])
            }),
            "has_rejected": .bool(!rejected.isEmpty),
            "rejected_capped": .bool(rejected.count > HTMLReport.rowCap),
            "rejected_total": .string(Display.count(rejected.count)),
            "rejected_shown": .string(Display.count(min(rejected.count, HTMLReport.rowCap))),
            "anomaly_kinds": .list(grouped(journal.anomalies.map(\.kind.rawValue), Glossary.anomaly)),
            "anomalies": .list(anomalies.prefix(HTMLReport.rowCap).map { a in
                .object(["kind": .string(a.kind.rawValue), "kind_href": .string(Glossary.anomaly(a.kind.rawValue).map(Glossary.href) ?? ""), "record": .string(String(a.recordID)), "environment": .string(a.environment?.rawValue ?? ""),
                         "transaction": .string(a.transactionID), "user": .string(a.user), "detail": .string(a.detail)])
            }),
            "has_anomalies": .bool(!anomalies.isEmpty),
            "anomalies_capped": .bool(anomalies.count > HTMLReport.rowCap),
            "anomalies_total": .string(Display.count(anomalies.count)),
            "anomalies_shown": .string(Display.count(min(anomalies.count, HTMLReport.rowCap))),
            "environment_findings": .list(grouped(journal.environmentChecks.flatMap(\.findings).map(\.rawValue), Glossary.environmentFinding)),
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
            var fields = Glossary.fields(Glossary.reconciliation(finding))
            fields["name"] = .string(finding.rawValue)
            fields["count"] = .string(Display.count(counts[finding] ?? 0))
            fields["explanation"] = .string(finding.explanation)
            return .object(fields)
        }
    }
}
