/// `sandbox.html`: the proof, with counts, that no sandbox transaction is in any production
/// figure, and the records where the server's claim and Apple's answer disagree.
enum SandboxPage {
    static func context(_ data: ReportData) -> [String: TemplateValue] {
        let transactions = data.journal.transactions
        let sandbox = transactions.filter { $0.environment == .sandbox }
        // Recompute production sales from the journal and compare with the production ledger.
        var journalGross: [Currency: Int64] = [:]
        for t in transactions where t.environment == .production && t.status.booksSale {
            if let currency = t.currency { journalGross[currency, default: 0] += t.gross?.minorUnits ?? 0 }
        }
        var ledgerGross: [Currency: Int64] = [:]
        for total in data.ledgers.byPeriod.totals where total.environment == .production {
            ledgerGross[total.currency, default: 0] += total.amounts.gross
        }
        let currencies = Set(journalGross.keys).union(ledgerGross.keys).sorted()
        let proof = currencies.map { c in
            TemplateValue.object([
                "currency": .string(c.code), "journal": .string(Display.amount(journalGross[c] ?? 0, c)),
                "ledger": .string(Display.amount(ledgerGross[c] ?? 0, c)), "equal": .bool(journalGross[c] == ledgerGross[c]),
            ])
        }
        var sandboxGross: [Currency: (count: Int, gross: Int64)] = [:]
        for t in sandbox where t.status.booksSale {
            if let currency = t.currency {
                sandboxGross[currency, default: (0, 0)].count += 1
                sandboxGross[currency, default: (0, 0)].gross += t.gross?.minorUnits ?? 0
            }
        }
        let checks = data.journal.environmentChecks.sorted { $0.recordID < $1.recordID }
        func count(_ finding: String) -> String { Display.count(checks.filter { $0.findings.contains(finding) }.count) }
        let both = data.journal.anomalies.filter { $0.kind == AnomalyKind.bothEnvironments && $0.environment == .sandbox }
        return [
            "all_equal": .bool(proof.allSatisfy { if case .object(let f) = $0, case .bool(let equal)? = f["equal"] { return equal } else { return false } }),
            "proof": .list(proof),
            "sandbox_transactions": .string(Display.count(sandbox.count)),
            "sandbox_gross": .list(sandboxGross.keys.sorted().map { c in
                .object(["currency": .string(c.code), "count": .string(Display.count(sandboxGross[c]?.count ?? 0)),
                         "gross": .string(Display.amount(sandboxGross[c]?.gross ?? 0, c))])
            }),
            "status_21007": .string(count("status_21007")),
            "status_21008": .string(count("status_21008")),
            "mismatch": .string(count("environment_mismatch")),
            "inferred": .string(count("environment_inferred")),
            "both": .string(Display.count(both.count)),
            "checks": .list(checks.prefix(HTMLReport.rowCap).map { c in
                .object(["record": .string(String(c.recordID)), "user": .string(c.user), "verified_at": .string(c.verifiedAt.iso8601),
                         "claimed": .string(c.claimedEnvironment), "environment": .string(c.environment.rawValue),
                         "status": .string(c.status.map(String.init) ?? ""), "finding": .string(c.findings.joined(separator: "; "))])
            }),
            "has_checks": .bool(!checks.isEmpty),
            "checks_capped": .bool(checks.count > HTMLReport.rowCap),
            "checks_total": .string(Display.count(checks.count)),
        ]
    }
}
