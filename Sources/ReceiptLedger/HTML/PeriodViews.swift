/// The period ledger read as finance reads it (issue 25): one table per currency down the
/// periods (never JPY and USD interleaved), every period from the currency's first to its last
/// (an empty one shows as zeros, so a gap is not hidden), each with its first and last day where
/// the label leaves them unclear, the change of net against the previous period (amount and
/// %), and net from the start of the year (calendar, ISO week-numbering or fiscal year).
enum PeriodViews {
    /// One period of one currency.
    struct Line: Sendable {
        var period: String
        /// Local days (first, day after the last); nil when the axis could not be walked.
        var days: Range<Int64>?
        var year: String
        var amounts: LedgerAmounts
        /// net − the previous period's net; nil for the first period or on overflow.
        var change: Int64?
        /// The change in tenths of a percent of |previous net|; nil when that is 0.
        var changeTenthsOfPercent: Int64?
        /// Net since the start of `year`, this period included; nil on overflow.
        var netYearToDate: Int64?
        var netProceedsYearToDate: Int64?
    }

    /// Periods walked at most between a currency's first and last period; beyond, only the
    /// periods with rows are listed.
    static let maximumFilledPeriods = 1_000

    /// The lines of each currency of `environment`, oldest period first.
    static func lines(_ data: ReportData, environment: Environment) -> [(currency: Currency, lines: [Line])] {
        let rows = data.ledgers.byPeriod.sortedRows.filter { $0.key.environment == environment }
        let currencies = Set(rows.map(\.key.currency)).sorted()
        return currencies.map { currency in
            var byPeriod: [String: LedgerAmounts] = [:]
            for row in rows where row.key.currency == currency { byPeriod[row.key.period] = row.amounts }
            let labels = byPeriod.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let axis = periodAxis(data, labels: labels)
            var lines: [Line] = []
            var previousNet: Int64?
            var ytd: (year: String, net: Int64?, netProceeds: Int64?) = ("", 0, 0)
            for (period, days) in axis {
                let amounts = byPeriod[period] ?? LedgerAmounts()
                let year = days.map { data.periods.yearLabel(forLocalDay: $0.lowerBound) } ?? ""
                if year != ytd.year || year.isEmpty { ytd = (year, 0, 0) }
                ytd.net = ytd.net.flatMap { sum(of: $0, amounts.net) }
                ytd.netProceeds = ytd.netProceeds.flatMap { sum(of: $0, amounts.netProceeds) }
                var line = Line(period: period, days: days, year: year, amounts: amounts,
                                netYearToDate: ytd.net, netProceedsYearToDate: ytd.netProceeds)
                if let previousNet {
                    let (change, overflow) = amounts.net.subtractingReportingOverflow(previousNet)
                    if !overflow {
                        line.change = change
                        line.changeTenthsOfPercent = tenthsOfPercent(change, of: previousNet)
                    }
                }
                previousNet = amounts.net
                lines.append(line)
            }
            return (currency, lines)
        }
    }

    private static func sum(of a: Int64, _ b: Int64) -> Int64? {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : total
    }

    /// `change ÷ |base|` in tenths of a percent, half-even; nil when `base` is 0 or on overflow.
    static func tenthsOfPercent(_ change: Int64, of base: Int64) -> Int64? {
        guard base != 0, base != Int64.min else { return nil }
        let (scaled, overflow) = change.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return nil }
        return HalfEven.divide(scaled, by: Swift.abs(base))
    }

    /// `+12.5%`, `−150.1%`, `0.0%`; `—` when unknown.
    static func percentText(_ tenths: Int64?) -> String {
        guard let tenths, tenths != Int64.min else { return "—" }
        let text = MoneyFormat.plain(Swift.abs(tenths), minorDigits: 1) + "%"
        return tenths > 0 ? "+" + text : tenths < 0 ? "−" + text : text
    }

    /// Every period from the first label to the last with its local days, walked day range by
    /// day range from a day inside the first (`LedgerBook.dayInPeriod`); the labels given are
    /// always kept. Beyond `maximumFilledPeriods`, or without a known day, only the labels.
    static func periodAxis(_ data: ReportData, labels: [String]) -> [(period: String, days: Range<Int64>?)] {
        let known = labels.map { label in (label, data.ledgers.dayInPeriod[label].map { data.periods.days(containingLocalDay: $0) }) }
        guard let first = labels.first, let last = labels.last, var day = data.ledgers.dayInPeriod[first] else { return known }
        var axis: [(period: String, days: Range<Int64>?)] = []
        for _ in 0..<maximumFilledPeriods {
            let days = data.periods.days(containingLocalDay: day)
            let label = data.periods.label(forLocalDay: day)
            axis.append((label, days))
            if label == last {
                // Every given label must be on the axis (it is, unless labels sort oddly).
                let walked = Set(axis.map(\.period))
                return labels.allSatisfy(walked.contains) ? axis : known
            }
            guard days.upperBound > day else { break }
            day = days.upperBound
        }
        return known
    }

    /// The per-currency tables of the period ledger page: newest period first, capped at
    /// `HTMLReport.rowCap` periods.
    static func currencyTables(_ data: ReportData, environment: Environment, drillDown: DrillDown) -> [TemplateValue] {
        let dates = data.periods.labelsNeedDates
        let totals = data.ledgers.byPeriod.totals.filter { $0.environment == environment }
        return lines(data, environment: environment).map { currency, lines in
            let shown = lines.reversed().prefix(HTMLReport.rowCap)
            let total = totals.first { $0.currency == currency }?.amounts ?? LedgerAmounts()
            var totalFields = IndexPage.amountsFields(currency: currency, total)
            totalFields["label"] = .string("Total")
            return .object([
                "currency": .string(currency.code),
                "show_dates": .bool(dates),
                "total": .object(totalFields),
                "lines": .list(shown.map { line in
                    var fields = IndexPage.amountsFields(currency: currency, line.amounts)
                    fields["period"] = .string(line.period)
                    fields["dates"] = .string(line.days.map(DateDisplay.days) ?? "")
                    fields["change"] = .string(line.change.map { signed(Display.amount($0, currency), $0) } ?? "—")
                    fields["change_negative"] = .bool((line.change ?? 0) < 0)
                    fields["change_percent"] = .string(percentText(line.changeTenthsOfPercent))
                    fields["ytd_net"] = .string(line.netYearToDate.map { Display.amount($0, currency) } ?? "—")
                    fields["ytd_negative"] = .bool((line.netYearToDate ?? 0) < 0)
                    fields["year"] = .string(line.year)
                    fields["sales_href"] = .string(drillDown.salesHref(environment, line.period, currency, line.amounts) ?? "")
                    fields["refunds_href"] = .string(drillDown.refundsHref(environment, line.period, currency, line.amounts) ?? "")
                    return .object(fields)
                }),
                "capped": .bool(lines.count > shown.count),
                "shown": .string(Display.count(shown.count)),
                "total_periods": .string(Display.count(lines.count)),
            ])
        }
    }

    /// `+1,234.00` for a rise (the amount text has its `−` already for a fall).
    private static func signed(_ text: String, _ value: Int64) -> String { value > 0 ? "+" + text : text }
}
