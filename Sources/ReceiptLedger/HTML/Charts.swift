/// The report's pictures, drawn as inline SVG by `SVGChart` (production money only).
enum Charts {
    /// Gross, refunds and net per period, one chart per currency (currencies never share an axis).
    static func periodCharts(_ ledger: Ledger) -> [TemplateValue] {
        let rows = ledger.sortedRows.filter { $0.key.environment == .production }
        let currencies = Set(rows.map(\.key.currency)).sorted()
        return currencies.map { currency in
            let mine = rows.filter { $0.key.currency == currency }
            let svg = SVGChart.groupedBars(
                title: "Production \(currency.code) per period: gross, refunds, net",
                categories: mine.map(\.key.period),
                series: [
                    (name: "Gross", values: mine.map(\.amounts.gross), cssClass: "gross"),
                    (name: "Refunds", values: mine.map(\.amounts.refund), cssClass: "refund"),
                    (name: "Net", values: mine.map(\.amounts.net), cssClass: "net"),
                ],
                valueFormatter: { Display.amount($0, currency) }, width: 900, height: 320)
            return .object(["currency": .string(currency.code), "svg": .string(svg)])
        }
    }

    /// Bars in basis points (refunded ÷ sold × 10,000), exact.
    static func refundRates(_ rates: [(product: String, sold: Int64, refunded: Int64)]) -> String {
        let items = rates.filter { $0.sold > 0 }.map { rate in
            (label: rate.product, value: HalfEven.divide(rate.refunded * 10_000, by: rate.sold), valueLabel: Display.percent(rate.refunded, of: rate.sold))
        }
        return SVGChart.horizontalBars(title: "Refund rate per product (units refunded ÷ units sold)", items: items)
    }

    static func histogram(title: String, labels: [String], counts: [Int]) -> String {
        let items = zip(labels, counts).map { label, count in
            (label: label, value: Int64(count), valueLabel: Display.count(count))
        }
        return SVGChart.horizontalBars(title: title, items: items)
    }
}
