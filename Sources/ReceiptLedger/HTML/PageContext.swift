/// What every page shows: title, navigation (every page the run writes, `ReportPage`), the
/// run's inputs and options.
enum PageContext {
    static func common(_ data: ReportData, title: String, current: String, files: [TemplateValue]) -> [String: TemplateValue] {
        let o = data.options
        let dates = DateDisplay(zone: data.periods.zone)
        let asOf = data.asOf.map(dates.instant) ?? "—"
        let nav = ReportPage.written(by: data).map { page in
            TemplateValue.object(["href": .string(page.fileName), "title": .string(page.navigationTitle),
                                  "current": .bool(page.fileName == current)])
        }
        var settings: [TemplateValue] = [
            setting("Input", data.sourceLabel),
            setting("Catalog", o.catalogPath ?? "none (every transaction unpriced)"),
            setting("Orders", data.ordersLabel ?? "none"),
            setting("Periods", "\(o.period.rawValue), \(o.calendar == .appleFiscal ? "Apple fiscal calendar" : "Gregorian calendar"), cut in \(o.timeZone)"),
            setting("Refunds booked in", o.refunds == .refundPeriod ? "the period of the refund" : "the period of the sale"),
            setting("States judged at", asOf),
        ]
        if !o.bundleIDs.isEmpty { settings.append(setting("Bundle ids", o.bundleIDs.joined(separator: ", "))) }
        // The header's one line: what was read, how it was cut, when.
        let facts: [TemplateValue] = [
            .string(data.sourceLabel),
            .string("\(o.period.rawValue) periods\(o.calendar == .appleFiscal ? " (Apple fiscal)" : ""), \(o.timeZone)"),
            .string("as of \(asOf)"),
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
