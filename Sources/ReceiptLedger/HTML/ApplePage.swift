/// `apple.html` (SPEC §10): per report, period and product, Apple's units and money beside ours,
/// the differences first (largest first), each with the transactions that explain it and the
/// normal differences said in plain words; written only when Apple report files were given.
enum ApplePage {
    /// How close to a Pacific midnight a purchase is said to be "within minutes" of it.
    static let midnightMinutes: Int64 = 10

    /// One (report, period, product) key with its money rows and its finding over both.
    struct Key {
        var units: AppleUnitsRow
        var amounts: [AppleAmountsRow]
        /// The units' finding, else `amount_differs` when a money row of the key disagrees.
        var finding: AppleFinding
        /// Σ |gross difference| over the key's currencies, in minor units: the order among equal unit differences.
        var moneyWeight: Int64
    }

    /// Whether the books tie, and by how much they do not: counted over the keys.
    struct Summary: Equatable {
        var keys: Int
        var matching: Int
        /// Σ |unit difference| over the keys.
        var unitsDiffering: Int64
        /// Σ |gross difference| per currency, currencies in code order, those with a difference only.
        var grossDiffering: [Money]

        var ties: Bool { matching == keys }

        /// The index's one line.
        var sentence: String {
            if ties { return "Books tie to Apple's reports: \(Display.count(matching)) of \(Display.counted(keys, "key", "keys")) match." }
            let money = grossDiffering.map { Display.money($0.minorUnits, $0.currency) }
            let amount = money.isEmpty ? "" : " and " + money.joined(separator: ", ")
            let differing = keys - matching
            return "Books do not tie: \(Display.counted(unitsDiffering, "unit", "units"))\(amount) differ over "
                + "\(Display.counted(differing, "key", "keys")) (of \(Display.count(keys))); see \(ReportPage.apple.fileName)."
        }
    }

    /// Every key, differences first (largest unit difference, then largest money difference), then the key order.
    static func keys(_ reconciliation: AppleReconciliation) -> [Key] {
        var byKey: [String: [AppleAmountsRow]] = [:]
        for row in reconciliation.amounts { byKey[keyText(row.report, row.span, row.productID), default: []].append(row) }
        let keys = reconciliation.units.enumerated().map { index, row -> (Int, Key) in
            let amounts = byKey[keyText(row.report, row.span, row.productID)] ?? []
            let finding = row.finding != .match ? row.finding : amounts.contains { $0.finding != .match } ? .amountDiffers : .match
            let weight = amounts.reduce(Int64(0)) { AppleReportValues.sum($0, magnitude($1.grossDifference.minorUnits)) }
            return (index, Key(units: row, amounts: amounts, finding: finding, moneyWeight: weight))
        }
        return keys.sorted { left, right in
            let (a, b) = (left.1, right.1)
            if (a.finding == .match) != (b.finding == .match) { return a.finding != .match }
            if magnitude(a.units.difference) != magnitude(b.units.difference) { return magnitude(a.units.difference) > magnitude(b.units.difference) }
            if a.moneyWeight != b.moneyWeight { return a.moneyWeight > b.moneyWeight }
            return left.0 < right.0
        }.map(\.1)
    }

    static func summary(_ reconciliation: AppleReconciliation) -> Summary {
        let keys = keys(reconciliation)
        var gross: [Currency: Int64] = [:]
        for key in keys where key.finding != .match {
            for row in key.amounts { gross[row.currency] = AppleReportValues.sum(gross[row.currency] ?? 0, magnitude(row.grossDifference.minorUnits)) }
        }
        return Summary(keys: keys.count, matching: keys.filter { $0.finding == .match }.count,
                       unitsDiffering: keys.reduce(Int64(0)) { AppleReportValues.sum($0, magnitude($1.units.difference)) },
                       grossDiffering: gross.keys.sorted().compactMap { c in
                           gross[c].flatMap { $0 == 0 ? nil : Money(minorUnits: $0, currency: c) }
                       })
    }

    /// The plain words next to a key's figures: what the finding means, and the normal
    /// differences its transactions and figures show.
    static func notes(_ key: Key, purchases: [String: UnixMillis]) -> [String] {
        var notes: [String] = []
        let row = key.units
        let zone = ZoneRules.pacific
        let nearMidnight = row.transactions.filter { id in
            guard let instant = purchases[id] else { return false }
            let local = instant.rawValue + zone.offsetMillis(at: instant)
            let millisOfDay = ((local % 86_400_000) + 86_400_000) % 86_400_000
            let window = midnightMinutes * 60_000
            return millisOfDay < window || millisOfDay >= 86_400_000 - window
        }
        switch key.finding {
        case .match: break
        case .appleOnly:
            notes.append("Apple counted units no stored record shows: the server never verified them (lost records, an outage).")
        case .oursOnly:
            notes.append("We booked units Apple does not report: a sandbox purchase stored as production, a replayed or forged record, or a sale Apple has not collected yet.")
        case .unitsDiffer:
            notes.append(row.difference > 0 ? "We booked more units than Apple reports." : "Apple reports more units than we booked.")
        case .amountDiffers:
            notes.append("Units agree, money does not: a stale catalog price, tax, the 85 % rate after a subscriber's first year, or Apple's per-unit rounding.")
        }
        guard key.finding != .match && key.finding != .amountDiffers else { return notes }
        if !nearMidnight.isEmpty {
            notes.append("\(Display.counted(nearMidnight.count, "purchase", "purchases")) within \(midnightMinutes) minutes of a Pacific midnight "
                + "(\(nearMidnight.joined(separator: ", "))): Apple may count it on the neighbouring day; compare that day's row.")
        }
        if row.report == .financial && row.difference > 0 {
            notes.append("A sale in the last days of a fiscal month may not be collected yet: Apple pays it in the next fiscal month's report.")
        }
        if row.appleUnits < 0 && row.difference > 0 {
            notes.append("Apple reports returns no receipt shows: a refunded consumable leaves the receipt, so the server never sees its refund.")
        }
        if row.difference < 0 {
            notes.append("Family sharing: a family member's access to a shared purchase is no sale here; check that Apple's units are not a family member's own purchases stored as shared.")
        }
        return notes
    }

    static func context(_ data: ReportData) -> [String: TemplateValue] {
        guard let reconciliation = data.appleReconciliation else { return ["has_keys": .bool(false)] }
        let keys = keys(reconciliation)
        let summary = summary(reconciliation)
        let shown = keys.prefix(HTMLReport.rowCap)
        // Purchase instants of the listed transactions only: a table of every transaction cost
        // more than the rest of the page.
        let listed = Set(shown.flatMap(\.units.transactions))
        var purchases: [String: UnixMillis] = [:]
        for t in data.journal.transactions where t.environment == .production && listed.contains(t.transactionID) {
            purchases[t.transactionID] = t.purchase
        }
        return [
            "ties": .bool(summary.ties),
            "sentence": .string(summary.sentence),
            "has_keys": .bool(!keys.isEmpty),
            "rows": .list(shown.map { key in row(key, notes: notes(key, purchases: purchases)) }),
            "capped": .bool(keys.count > shown.count),
            "shown": .string(Display.count(shown.count)),
            "total": .string(Display.count(keys.count)),
            "files": .list((data.appleReports?.files ?? []).map { file in
                .object(["kind": .string(file.kind.title), "path": .string(file.path)])
            }),
        ]
    }

    private static func row(_ key: Key, notes: [String]) -> TemplateValue {
        let u = key.units
        let more = u.transactionCount - u.transactions.count
        return .object([
            "report": .string(u.report.rawValue), "period": .string(u.span.label), "product": .string(u.productID),
            "apple_units": .string(Display.count(u.appleUnits)), "our_units": .string(Display.count(u.ourUnits)),
            "difference": .string(signed(u.difference)), "finding": .string(key.finding.rawValue),
            "finding_href": .string(Glossary.apple(key.finding).map(Glossary.href) ?? ReportPage.glossary.fileName),
            "is_match": .bool(key.finding == .match),
            "money": .list(key.amounts.map { a in
                let c = a.currency
                return .object([
                    "currency": .string(c.code),
                    "apple_gross": .string(Display.amount(a.appleCustomerAmount.minorUnits, c)),
                    "our_gross": .string(Display.amount(a.ourGross.minorUnits, c)),
                    "gross_difference": .string(signedAmount(a.grossDifference)),
                    "apple_proceeds": .string(a.appleProceeds.map { Display.amount($0.minorUnits, c) } ?? "—"),
                    "our_proceeds": .string(Display.amount(a.ourProceeds.minorUnits, c)),
                    "proceeds_difference": .string(a.proceedsDifference.map(signedAmount) ?? "—"),
                    "differs": .bool(a.finding != .match),
                ])
            }),
            "transactions": .list(u.transactions.map { .object(["id": .string($0)]) }),
            "has_transactions": .bool(!u.transactions.isEmpty),
            "more": .string(more > 0 ? "and \(Display.count(more)) more (transactions.csv)" : ""),
            "notes": .list(notes.map { .object(["text": .string($0)]) }),
        ])
    }

    private static func keyText(_ report: AppleReportKind, _ span: AppleSpan, _ product: String) -> String {
        report.rawValue + "\u{0}" + span.label + "\u{0}" + product
    }

    private static func magnitude(_ value: Int64) -> Int64 { value == .min ? .max : abs(value) }
    private static func signed(_ value: Int64) -> String { value > 0 ? "+" + Display.count(value) : Display.count(value) }
    private static func signedAmount(_ money: Money) -> String {
        (money.minorUnits > 0 ? "+" : "") + Display.amount(money.minorUnits, money.currency)
    }
}
