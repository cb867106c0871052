import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ReceiptLedger

@Suite struct SVGChartTests {
    static func money(_ minorUnits: Int64) -> String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        return "\(sign)$\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    static func tinyChart() -> String {
        SVGChart.groupedBars(
            title: "Net <USD>", categories: ["2024-01", "2024-02"],
            series: [(name: "Gross", values: [499, 0], cssClass: "gross"),
                     (name: "Refunds", values: [0, 199], cssClass: "refunds"),
                     (name: "Net", values: [499, -199], cssClass: "net")],
            valueFormatter: money, width: 300, height: 200)
    }

    static func refundRates() -> String {
        SVGChart.horizontalBars(title: "Refund rate", items: [
            (label: "com.example.pro & co", value: 1250, valueLabel: "12.50%"),
            (label: String(repeating: "x", count: 40), value: 0, valueLabel: "0.00%"),
        ], width: 400)
    }

    /// Whether the text parses as XML (FoundationXML's `XMLParser`, libxml2 underneath) with
    /// every element closed in order; `parse()` alone returns `true` for some errors on Linux.
    static func isWellFormedXML(_ text: String) -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        let checker = BalanceChecker()
        parser.delegate = checker
        return parser.parse() && parser.parserError == nil && !checker.failed && checker.open.isEmpty
            && checker.elements > 0
    }

    @Test func groupedBarsWithNegativeNetSnapshot() {
        #expect(Self.tinyChart() == #"""
        <svg xmlns="http://www.w3.org/2000/svg" class="chart grouped-bars" width="300" height="200" viewBox="0 0 300 200" role="img" aria-label="Net &lt;USD&gt;" font-family="sans-serif" font-size="12">
        <title>Net &lt;USD&gt;</title>
        <text class="chart-title" x="8" y="18" font-size="15" font-weight="bold" fill="#333333">Net &lt;USD&gt;</text>
        <rect class="legend-key gross" x="8" y="28" width="12" height="12" fill="#4e79a7"/>
        <text class="legend" x="24" y="38.5" fill="#333333">Gross</text>
        <rect class="legend-key refunds" x="77" y="28" width="12" height="12" fill="#e15759"/>
        <text class="legend" x="93" y="38.5" fill="#333333">Refunds</text>
        <rect class="legend-key net" x="160" y="28" width="12" height="12" fill="#59a14f"/>
        <text class="legend" x="176" y="38.5" fill="#333333">Net</text>
        <line class="grid" x1="40" y1="172" x2="290" y2="172" stroke="#dddddd"/>
        <text class="tick" x="34" y="176" text-anchor="end" fill="#333333">-$2</text>
        <line class="grid" x1="40" y1="142.5" x2="290" y2="142.5" stroke="#dddddd"/>
        <text class="tick" x="34" y="146.5" text-anchor="end" fill="#333333">$0</text>
        <line class="grid" x1="40" y1="113" x2="290" y2="113" stroke="#dddddd"/>
        <text class="tick" x="34" y="117" text-anchor="end" fill="#333333">$2</text>
        <line class="grid" x1="40" y1="83.5" x2="290" y2="83.5" stroke="#dddddd"/>
        <text class="tick" x="34" y="87.5" text-anchor="end" fill="#333333">$4</text>
        <line class="grid" x1="40" y1="54" x2="290" y2="54" stroke="#dddddd"/>
        <text class="tick" x="34" y="58" text-anchor="end" fill="#333333">$6</text>
        <rect class="bar gross" x="52.5" y="68.9" width="33.3" height="73.6" fill="#4e79a7"><title>2024-01 · Gross: $4.99</title></rect>
        <rect class="bar refunds" x="85.8" y="142.5" width="33.3" height="0" fill="#e15759"><title>2024-01 · Refunds: $0.00</title></rect>
        <rect class="bar net" x="119.2" y="68.9" width="33.3" height="73.6" fill="#59a14f"><title>2024-01 · Net: $4.99</title></rect>
        <text class="label" x="102.5" y="189" text-anchor="middle" fill="#333333">2024-01</text>
        <rect class="bar gross" x="177.5" y="142.5" width="33.3" height="0" fill="#4e79a7"><title>2024-02 · Gross: $0.00</title></rect>
        <rect class="bar refunds" x="210.8" y="113.1" width="33.3" height="29.4" fill="#e15759"><title>2024-02 · Refunds: $1.99</title></rect>
        <rect class="bar net" x="244.2" y="142.5" width="33.3" height="29.4" fill="#59a14f"><title>2024-02 · Net: -$1.99</title></rect>
        <text class="label" x="227.5" y="189" text-anchor="middle" fill="#333333">2024-02</text>
        <line class="zero" x1="40" y1="142.5" x2="290" y2="142.5" stroke="#333333"/>
        </svg>

        """#)
    }

    @Test func horizontalBarsSnapshot() {
        #expect(Self.refundRates() == #"""
        <svg xmlns="http://www.w3.org/2000/svg" class="chart horizontal-bars" width="400" height="88" viewBox="0 0 400 88" role="img" aria-label="Refund rate" font-family="sans-serif" font-size="12">
        <title>Refund rate</title>
        <text class="chart-title" x="8" y="18" font-size="15" font-weight="bold" fill="#333333">Refund rate</text>
        <text class="label" x="160" y="48" text-anchor="end" fill="#333333">com.example.pro &amp; co</text>
        <rect class="bar" x="168" y="36" width="174" height="16" fill="#4e79a7"><title>com.example.pro &amp; co: 12.50%</title></rect>
        <text class="value" x="347" y="48" fill="#333333">12.50%</text>
        <text class="label" x="160" y="72" text-anchor="end" fill="#333333">xxxxxxxxxxxxxxxxxxxx…</text>
        <rect class="bar" x="168" y="60" width="0" height="16" fill="#4e79a7"><title>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx: 0.00%</title></rect>
        <text class="value" x="173" y="72" fill="#333333">0.00%</text>
        </svg>

        """#)
    }

    @Test func chartsAreWellFormedXML() {
        #expect(Self.isWellFormedXML(Self.tinyChart()))
        #expect(Self.isWellFormedXML(Self.refundRates()))
        let hostile = SVGChart.groupedBars(
            title: "<script>'&\"", categories: ["a<b", "c&d"],
            series: [(name: "\"x\"", values: [1, -2], cssClass: "a\"b")],
            valueFormatter: { "\($0)<" })
        #expect(Self.isWellFormedXML(hostile))
        #expect(!hostile.contains("<script>"))
        #expect(!Self.isWellFormedXML("<svg><rect></svg>"))
    }

    @Test func emptyChartsSayNoData() {
        let empty = SVGChart.groupedBars(title: "t", categories: [], series: [], valueFormatter: Self.money)
        #expect(empty.contains(">No data</text>"))
        #expect(Self.isWellFormedXML(empty))
        #expect(SVGChart.horizontalBars(title: "t", items: []).contains(">No data</text>"))
    }

    @Test func manyCategoriesGetThinnedLabels() {
        let categories = (1...60).map { "2024-W\($0 < 10 ? "0" : "")\($0)" }
        let chart = SVGChart.groupedBars(
            title: "Weekly", categories: categories,
            series: [(name: "Gross", values: (1...60).map { Int64($0) * 100 }, cssClass: "gross")],
            valueFormatter: Self.money)
        let labels = chart.components(separatedBy: "<text class=\"label\"").count - 1
        #expect(labels <= SVGChart.maximumCategoryLabels)
        #expect(labels >= 8)
        #expect(chart.components(separatedBy: "<rect class=\"bar gross\"").count - 1 == 60)
        #expect(chart == SVGChart.groupedBars(
            title: "Weekly", categories: categories,
            series: [(name: "Gross", values: (1...60).map { Int64($0) * 100 }, cssClass: "gross")],
            valueFormatter: Self.money))
    }

    @Test(arguments: [
        (["0.00", "500.00", "1,000.00"], ["0", "500", "1,000"]),
        (["0.00", "0.50", "1.00"], ["0.00", "0.50", "1.00"]),
        (["-$2.00", "$0.00", "$2.00"], ["-$2", "$0", "$2"]),
        (["0", "120", "240"], ["0", "120", "240"]),
        (["0.0%", "10.0%"], ["0%", "10%"]),
    ])
    func tickLabelsLoseAFractionThatIsZeroOnEveryTick(labels: [String], trimmed: [String]) {
        #expect(SVGChart.trimmingZeroFractions(labels) == trimmed)
    }

    @Test func ticksHaveTheirOwnFormatterAndTooltipsKeepTheExactValue() {
        let chart = SVGChart.groupedBars(
            title: "Refunds", categories: ["2024-01", "2024-02"],
            series: [(name: "Refunds", values: [1999, 0], cssClass: "refund")],
            valueFormatter: { Self.money($0) + " USD" }, tickFormatter: Self.money)
        #expect(chart.contains(">$20</text>"))
        #expect(!chart.contains(".00 USD</text>"))
        #expect(chart.contains("<title>2024-01 · Refunds: $19.99 USD</title>"))
        // A lone refunds series is drawn in the refunds colour, not the first of the palette.
        #expect(chart.contains(#"<rect class="bar refund" x="#) && chart.contains(##"fill="#e15759"><title>2024-01"##))
    }

    static let axes: [(Int64, Int64, [Int64])] = [
        (0, 0, [0, 1]),
        (0, 499, [0, 100, 200, 300, 400, 500]),
        (-199, 499, [-200, 0, 200, 400, 600]),
        (-1000, 0, [-1000, -800, -600, -400, -200, 0]),
        (0, 123_456, [0, 50_000, 100_000, 150_000]),
        (0, 7, [0, 2, 4, 6, 8]),
    ]

    @Test(arguments: axes)
    func axisTicksFallOnRoundNumbers(minimum: Int64, maximum: Int64, ticks: [Int64]) {
        #expect(SVGAxis(minimum: minimum, maximum: maximum).ticks == ticks)
    }

    @Test func coordinatesHaveFixedFormatting() {
        #expect(SVGBuilder.number(12) == "12")
        #expect(SVGBuilder.number(12.25) == "12.3")
        #expect(SVGBuilder.number(-3.24) == "-3.2")
        #expect(SVGBuilder.number(-0.04) == "0")
        #expect(SVGBuilder.number(.nan) == "0")
    }
}

/// Records element nesting and parse errors while `XMLParser` runs.
private final class BalanceChecker: NSObject, XMLParserDelegate {
    var open: [String] = []
    var elements = 0
    var failed = false

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        open.append(elementName)
        elements += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        if open.popLast() != elementName { failed = true }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        failed = true
    }
}
