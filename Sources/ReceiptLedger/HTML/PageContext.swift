/// What every page shows: title, navigation, the run's inputs and options.
enum PageContext {
    static let navigation: [(file: String, title: String)] = [
        ("index.html", "Overview"), ("ledger_period.html", "By period"), ("ledger_product.html", "By product"),
        ("ledger_user.html", "By user"), ("refunds.html", "Refunds"), ("sandbox.html", "Sandbox"), ("findings.html", "Findings"),
    ]

    static func common(_ data: ReportData, title: String, current: String, files: [TemplateValue]) -> [String: TemplateValue] {
        let o = data.options
        let nav = navigation.map { item in
            TemplateValue.object(["href": .string(item.file), "title": .string(item.title), "current": .bool(item.file == current)])
        }
        var settings: [TemplateValue] = [
            setting("Input", data.sourceLabel),
            setting("Catalog", o.catalogPath ?? "none (every transaction unpriced)"),
            setting("Orders", data.ordersLabel ?? "none"),
            setting("Periods", "\(o.period.rawValue), \(o.calendar == .appleFiscal ? "Apple fiscal calendar" : "Gregorian calendar"), cut in \(o.timeZone)"),
            setting("Refunds booked in", o.refunds == .refundPeriod ? "the period of the refund" : "the period of the sale"),
            setting("States judged at", data.asOf?.iso8601 ?? "—"),
        ]
        if !o.bundleIDs.isEmpty { settings.append(setting("Bundle ids", o.bundleIDs.joined(separator: ", "))) }
        // The header's one line: what was read, how it was cut, when.
        let facts: [TemplateValue] = [
            .string(data.sourceLabel),
            .string("\(o.period.rawValue) periods\(o.calendar == .appleFiscal ? " (Apple fiscal)" : ""), \(o.timeZone)"),
            .string("as of \(data.asOf?.iso8601 ?? "—")"),
        ]
        return [
            "title": .string(title),
            "nav": .list(nav),
            "facts": .list(facts.map { .object(["text": $0]) }),
            "settings": .list(settings),
            "files": .list(files),
            "version": .string(ReceiptLedgerInfo.version),
        ]
    }

    static func setting(_ name: String, _ value: String) -> TemplateValue {
        .object(["name": .string(name), "value": .string(value)])
    }

    static func fileLink(name: String, rows: Int) -> TemplateValue {
        .object(["name": .string(name), "rows": .string(Display.count(rows))])
    }
}

/// Numbers for people: grouped thousands in HTML (CSV keeps plain decimals).
enum Display {
    static func count<T: BinaryInteger>(_ value: T) -> String { group(String(value)) }

    /// `1234567, USD` → `1,234,567.00 USD`… as `12,345.67`.
    static func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
        let plain = MoneyFormat.plain(minorUnits, minorDigits: currency.minorDigits)
        let negative = plain.hasPrefix("-")
        let body = negative ? String(plain.dropFirst()) : plain
        let parts = body.split(separator: ".", maxSplits: 1)
        let whole = group(String(parts.first ?? ""))
        let text = parts.count > 1 ? whole + "." + parts[1] : whole
        return negative ? "−" + text : text
    }

    static func money(_ minorUnits: Int64, _ currency: Currency) -> String { amount(minorUnits, currency) + " " + currency.code }

    /// `1 unit`, `2 units`, `1,204 units`.
    static func counted<T: BinaryInteger>(_ value: T, _ singular: String, _ plural: String) -> String {
        count(value) + " " + (value == 1 ? singular : plural)
    }

    static func percent(_ part: Int64, of whole: Int64) -> String {
        guard whole > 0 else { return "—" }
        let tenths = HalfEven.divide(part * 1000, by: whole)
        return MoneyFormat.plain(tenths, minorDigits: 1) + "%"
    }

    private static func group(_ digits: String) -> String {
        let negative = digits.hasPrefix("-")
        let body = Array(negative ? digits.dropFirst() : Substring(digits))
        var out = ""
        for (index, character) in body.enumerated() {
            if index > 0 && (body.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return negative ? "-" + out : out
    }
}
