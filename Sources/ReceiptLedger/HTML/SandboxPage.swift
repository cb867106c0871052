/// `sandbox.html`: the proof, with counts, that no sandbox transaction is in any production
/// figure, and the records where the server's claim and Apple's answer disagree.
enum SandboxPage {
    /// One currency of the proof: production transactions summed on their own, against the
    /// production ledger's totals.
    struct ProofRow: Equatable {
        var currency: Currency
        var journalGross: Int64
        var ledgerGross: Int64
        var journalRefunds: Int64
        var ledgerRefunds: Int64

        var isEqual: Bool { journalGross == ledgerGross && journalRefunds == ledgerRefunds }
    }

    /// Production sales and refunds recomputed from the journal (`sums`, by default summed
    /// here), against the production ledger, per currency.
    static func proof(_ data: ReportData, sums: JournalSums? = nil) -> [ProofRow] {
        let journal = (sums ?? JournalSums(data.journal.transactions)).production
        var ledger: [Currency: (gross: Int64, refunds: Int64)] = [:]
        for total in data.ledgers.byPeriod.totals where total.environment == .production {
            ledger[total.currency, default: (0, 0)].gross += total.amounts.gross
            ledger[total.currency, default: (0, 0)].refunds += total.amounts.refund
        }
        return Set(journal.keys).union(ledger.keys).sorted().map { c in
            ProofRow(currency: c, journalGross: journal[c]?.gross ?? 0, ledgerGross: ledger[c]?.gross ?? 0,
                     journalRefunds: journal[c]?.refunds ?? 0, ledgerRefunds: ledger[c]?.refunds ?? 0)
        }
    }

    /// Sandbox transactions that would have booked a sale, per currency: count and gross.
    static func sandboxGross(_ sums: JournalSums) -> [(currency: Currency, count: Int, gross: Int64)] {
        sums.sandboxSales.keys.sorted().map { ($0, sums.sandboxSales[$0]?.count ?? 0, sums.sandboxSales[$0]?.gross ?? 0) }
    }

    /// `sums` are summed here when not given.
    static func context(_ data: ReportData, sums: JournalSums? = nil) -> [String: TemplateValue] {
        let sums = sums ?? JournalSums(data.journal.transactions)
        let dates = DateDisplay(zone: data.periods.zone)
        let proof = proof(data, sums: sums)
        let sandboxTotals = sandboxGross(sums)
        let checks = data.journal.environmentChecks.sorted { $0.recordID < $1.recordID }
        func count(_ finding: EnvironmentFinding) -> String { Display.count(checks.filter { $0.findings.contains(finding) }.count) }
        let both = data.journal.anomalies.filter { $0.kind == .bothEnvironments && $0.environment == .sandbox }
        return [
            "all_equal": .bool(proof.allSatisfy(\.isEqual)),
            "proof": .list(proof.map { row in
                let c = row.currency
                return .object([
                    "currency": .string(c.code),
                    "journal": .string(Display.amount(row.journalGross, c)), "ledger": .string(Display.amount(row.ledgerGross, c)),
                    "journal_refunds": .string(Display.amount(row.journalRefunds, c)),
                    "ledger_refunds": .string(Display.amount(row.ledgerRefunds, c)),
                    "equal": .bool(row.isEqual),
                ])
            }),
            "sandbox_transactions": .string(Display.counted(sums.sandboxCount, "sandbox transaction", "sandbox transactions")),
            "has_sandbox_gross": .bool(!sandboxTotals.isEmpty),
            "sandbox_gross": .list(sandboxTotals.map { c, count, gross in
                .object(["currency": .string(c.code), "count": .string(Display.count(count)), "gross": .string(Display.amount(gross, c))])
            }),
            "status_21007": .string(count(.status21007)),
            "status_21008": .string(count(.status21008)),
            "mismatch": .string(count(.environmentMismatch)),
            "inferred": .string(count(.environmentInferred)),
            "both": .string(Display.count(both.count)),
            "checks": .list(checks.prefix(HTMLReport.rowCap).map { c in
                .object(["record": .string(String(c.recordID)), "user": .string(c.user), "verified_at": .string(dates.instant(c.verifiedAt)),
                         "claimed": .string(c.claimedEnvironment), "environment": .string(c.environment.rawValue),
                         "status": .string(c.status.map(String.init) ?? ""), "finding": .string(c.findings.map(\.rawValue).joined(separator: "; "))])
            }),
            "has_checks": .bool(!checks.isEmpty),
            "checks_capped": .bool(checks.count > HTMLReport.rowCap),
            "checks_shown": .string(Display.count(min(checks.count, HTMLReport.rowCap))),
            "checks_total": .string(Display.count(checks.count)),
        ]
    }
}
