/// The report's pictures, drawn as inline SVG by `SVGChart` (production money only).
enum Charts {
    /// Periods with more than this many between the first and the last are not filled in: the
    /// chart then shows only the periods that have money.
    static let maximumFilledPeriods = 1_000

    /// Bars per series a chart draws at most: more periods are summed into longer ones
    /// (days into weeks, weeks into months …) so that bars stay readable.
    static let maximumBars = 120

    /// Gross and net per period, and under them the refunds on their own scale (beside the
    /// gross they are a sliver), one pair per currency (currencies never share an axis). The
    /// value axis names the currency, the category axis the period and its zone.
    static func periodCharts(_ data: ReportData) -> [TemplateValue] {
        perCurrency(data) { currency, axis, amounts in
            let gross = amounts.map(\.gross), net = amounts.map(\.net), refunds = amounts.map(\.refund)
            let ticks = { (value: Int64) in Display.amount(value, currency) }
            let hasRefunds = refunds.contains { $0 != 0 }
            let left = max(SVGChart.leftMargin(values: gross + net, tickFormatter: ticks),
                           SVGChart.leftMargin(values: refunds, tickFormatter: ticks))
            var svg = SVGChart.groupedBars(
                title: "Production \(currency.code) per \(axis.unitName): gross and net (gross − refunds)",
                categories: axis.labels,
                series: [
                    (name: "Gross", values: gross, cssClass: "gross"),
                    (name: "Net", values: net, cssClass: "net"),
                ],
                valueFormatter: { Display.money($0, currency) }, tickFormatter: ticks,
                width: 1000, height: 340, yUnit: currency.code, xTitle: axis.title, minimumLeft: left)
            if hasRefunds {
                svg += SVGChart.groupedBars(
                    title: "Production \(currency.code) refunded per \(axis.unitName) (own scale)",
                    categories: axis.labels,
                    series: [(name: "Refunds", values: refunds, cssClass: "refund")],
                    valueFormatter: { Display.money($0, currency) }, tickFormatter: ticks,
                    width: 1000, height: 230, yUnit: currency.code, xTitle: axis.title, minimumLeft: left)
            }
            return svg
        }
    }

    /// Refunds alone per period, one chart per currency that had any: beside the gross they
    /// are often too small to see.
    static func refundCharts(_ data: ReportData) -> [TemplateValue] {
        perCurrency(data, only: { $0.hasRefund }) { currency, axis, amounts in
            SVGChart.groupedBars(
                title: "Production \(currency.code) refunded per \(axis.unitName)",
                categories: axis.labels,
                series: [(name: "Refunds", values: amounts.map(\.refund), cssClass: "refund")],
                valueFormatter: { Display.money($0, currency) }, tickFormatter: { Display.amount($0, currency) },
                width: 1000, height: 260, yUnit: currency.code, xTitle: axis.title)
        }
    }

    /// The category axis of the period charts: its labels, what one is, and the axis title.
    struct Axis {
        var labels: [String]
        /// `month`, or the longer period the run's periods were summed into.
        var unitName: String
        var title: String
    }

    /// One chart per production currency whose rows pass `only`, over every period from the
    /// first to the last of the production ledger (periods without money show as empty slots,
    /// so a gap is not hidden); beyond `maximumBars` periods, over longer periods that each sum
    /// the run's periods they hold.
    private static func perCurrency(_ data: ReportData, only include: (LedgerAmounts) -> Bool = { _ in true },
                                    draw: (Currency, Axis, [LedgerAmounts]) -> String) -> [TemplateValue] {
        let rows = data.ledgers.byPeriod.sortedRows.filter { $0.key.environment == .production }
        let periods = periodAxis(data, labels: Set(rows.map(\.key.period)))
        let zone = data.options.timeZone
        var axis = Axis(labels: periods, unitName: data.periods.unit.rawValue,
                        title: "\(data.periods.unit.rawValue)\(data.periods.calendar == .appleFiscal ? " (Apple fiscal)" : "") · \(zone)")
        var label: (String) -> String = { $0 }
        if periods.count > maximumBars, let coarse = coarserCalendar(data, periods: periods.count) {
            let days = data.ledgers.dayInPeriod
            let coarseLabels = Set(rows.compactMap { days[$0.key.period].map(coarse.label(forLocalDay:)) })
            axis.labels = filledAxis(coarse, data: data, labels: coarseLabels)
            axis.unitName = coarse.unit.rawValue
            axis.title = "\(coarse.unit.rawValue)\(coarse.calendar == .appleFiscal ? " (Apple fiscal)" : ""), each the sum of its "
                + "\(data.periods.unit.rawValue)s (\(Display.count(periods.count)) are too many bars to read) · \(zone)"
            label = { period in days[period].map(coarse.label(forLocalDay:)) ?? period }
        }
        let currencies = Set(rows.filter { include($0.amounts) }.map(\.key.currency)).sorted()
        return currencies.map { currency in
            var byPeriod: [String: LedgerAmounts] = [:]
            for row in rows where row.key.currency == currency { byPeriod[label(row.key.period), default: LedgerAmounts()] += row.amounts }
            let svg = draw(currency, axis, axis.labels.map { byPeriod[$0] ?? LedgerAmounts() })
            return .object(["currency": .string(currency.code), "svg": .string(svg)])
        }
    }

    /// The shortest period longer than the run's that gives at most `maximumBars` bars for
    /// `periods` of the run's (a week holds 7 days, a month about 4.35 weeks …); nil when even
    /// years are too many (the chart then shows the run's periods).
    static func coarserCalendar(_ data: ReportData, periods: Int) -> PeriodCalendar? {
        let order: [PeriodUnit] = [.day, .week, .month, .quarter, .year]
        let perLonger: [PeriodUnit: Double] = [.day: 1, .week: 7, .month: 30.44, .quarter: 91.31, .year: 365.25]
        guard let start = order.firstIndex(of: data.periods.unit), let own = perLonger[data.periods.unit] else { return nil }
        for unit in order[(start + 1)...] {
            let estimate = Double(periods) * own / (perLonger[unit] ?? 1)
            if estimate.rounded(.up) + 1 <= Double(maximumBars) {
                return PeriodCalendar(unit: unit, calendar: data.periods.calendar, zone: data.periods.zone)
            }
        }
        return nil
    }

    /// Every label of `calendar` from the earliest to the latest production money, as `periodAxis`.
    private static func filledAxis(_ calendar: PeriodCalendar, data: ReportData, labels: Set<String>) -> [String] {
        guard let span = data.ledgers.productionSpan else { return labels.sorted() }
        var day = calendar.localDay(of: span.first)
        let lastLabel = calendar.label(for: span.last)
        var axis = labels
        for _ in 0..<maximumFilledPeriods {
            let label = calendar.label(forLocalDay: day)
            axis.insert(label)
            if label == lastLabel { return axis.sorted() }
            let next = calendar.days(containingLocalDay: day).upperBound
            guard next > day else { break }
            day = next
        }
        return labels.sorted()
    }

    /// Every period label from the earliest booked instant to the latest, in order; the given
    /// labels are always included. Beyond `maximumFilledPeriods` (a stray date decades off)
    /// only the given labels are used.
    static func periodAxis(_ data: ReportData, labels: Set<String>) -> [String] {
        guard var instant = data.ledgers.productionSpan?.first, let last = data.ledgers.productionSpan?.last else {
            return labels.sorted()
        }
        let lastLabel = data.periods.label(for: last)
        var axis = labels
        for _ in 0..<maximumFilledPeriods {
            let label = data.periods.label(for: instant)
            axis.insert(label)
            if label == lastLabel { return axis.sorted() }
            let next = data.periods.interval(containing: instant).end
            guard next > instant else { break }
            instant = next
        }
        return labels.sorted()
    }

    /// Bars in basis points (refunded ÷ sold × 10,000), exact. Products whose refunds receipts
    /// cannot show (consumables) get no bar and say so.
    static func refundRates(_ rates: [(product: String, sold: Int64, refunded: Int64, knowable: Bool)]) -> String {
        let items = rates.filter { $0.sold > 0 }.map { rate in
            rate.knowable
                ? (label: rate.product, value: HalfEven.divide(rate.refunded * 10_000, by: rate.sold),
                   valueLabel: Display.percent(rate.refunded, of: rate.sold))
                : (label: rate.product, value: 0, valueLabel: "unknown (consumable)")
        }
        return SVGChart.horizontalBars(title: "Refund rate per product (units refunded ÷ units sold)", items: items)
    }

    /// A count per bucket, each labelled with its count and share of the whole.
    static func histogram(title: String, labels: [String], counts: [Int]) -> String {
        let total = counts.reduce(0, +)
        let items = zip(labels, counts).map { label, count in
            (label: label, value: Int64(count),
             valueLabel: count == 0 ? "0" : "\(Display.count(count)) (\(Display.percent(Int64(count), of: Int64(total))))")
        }
        return SVGChart.horizontalBars(title: title, items: items)
    }
}
