/// The report's pictures, drawn as inline SVG by `SVGChart` (production money only).
enum Charts {
    /// Periods with more than this many between the first and the last are not filled in: the
    /// chart then shows only the periods that have money.
    static let maximumFilledPeriods = 1_000

    /// Gross, refunds and net per period, one chart per currency (currencies never share an axis).
    static func periodCharts(_ data: ReportData) -> [TemplateValue] {
        perCurrency(data) { currency, periods, amounts in
            SVGChart.groupedBars(
                title: "Production \(currency.code) per period: gross, refunds, net",
                categories: periods,
                series: [
                    (name: "Gross", values: amounts.map(\.gross), cssClass: "gross"),
                    (name: "Refunds", values: amounts.map(\.refund), cssClass: "refund"),
                    (name: "Net", values: amounts.map(\.net), cssClass: "net"),
                ],
                valueFormatter: { Display.money($0, currency) }, tickFormatter: { Display.amount($0, currency) },
                width: 1000, height: 340)
        }
    }

    /// Refunds alone per period, one chart per currency that had any: beside the gross they
    /// are often too small to see.
    static func refundCharts(_ data: ReportData) -> [TemplateValue] {
        perCurrency(data, only: { $0.unitsRefunded > 0 }) { currency, periods, amounts in
            SVGChart.groupedBars(
                title: "Production \(currency.code) refunded per period",
                categories: periods,
                series: [(name: "Refunds", values: amounts.map(\.refund), cssClass: "refund")],
                valueFormatter: { Display.money($0, currency) }, tickFormatter: { Display.amount($0, currency) },
                width: 1000, height: 260)
        }
    }

    /// One chart per production currency whose rows pass `only`, over every period from the
    /// first to the last of the production ledger (periods without money show as empty slots,
    /// so a gap is not hidden).
    private static func perCurrency(_ data: ReportData, only include: (LedgerAmounts) -> Bool = { _ in true },
                                    draw: (Currency, [String], [LedgerAmounts]) -> String) -> [TemplateValue] {
        let rows = data.ledgers.byPeriod.sortedRows.filter { $0.key.environment == .production }
        let periods = periodAxis(data, labels: Set(rows.map(\.key.period)))
        let currencies = Set(rows.filter { include($0.amounts) }.map(\.key.currency)).sorted()
        return currencies.map { currency in
            var byPeriod: [String: LedgerAmounts] = [:]
            for row in rows where row.key.currency == currency { byPeriod[row.key.period] = row.amounts }
            let svg = draw(currency, periods, periods.map { byPeriod[$0] ?? LedgerAmounts() })
            return .object(["currency": .string(currency.code), "svg": .string(svg)])
        }
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
