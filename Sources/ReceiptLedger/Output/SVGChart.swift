/// Small inline SVG charts (SVG 1.1) for the HTML pages: text out, byte-identical for equal
/// input (coordinates rounded to 0.1, no locale, no clock), every label HTML-escaped.
///
/// Shapes carry CSS classes (`bar <series class>`, `grid`, `zero`, `tick`, `label`, `legend`) so
/// the page's inline CSS sets the colours, and `fill`/`stroke` attributes with sensible defaults
/// so a chart looks right on its own (CSS wins over presentation attributes, SVG 1.1 §6.4). Each
/// chart has `role="img"`, an `aria-label` and a `<title>`; each bar has a `<title>` tooltip, but
/// axes and labels carry the numbers too, so a printed page reads without hovering.
enum SVGChart {
    /// Default fills by series position: gross, refunds, net, then more.
    static let palette = ["#4e79a7", "#e15759", "#59a14f", "#f28e2b", "#76b7b2", "#b07aa1"]

    /// Fills for the report's own series classes, so a lone refunds series is still red.
    static let classFills = ["gross": "#4e79a7", "refund": "#e15759", "refunds": "#e15759", "net": "#59a14f"]

    /// The default fill of a series: its class's colour, else the palette by position.
    static func fill(cssClass: String, index: Int) -> String {
        classFills[cssClass] ?? palette[index % palette.count]
    }

    /// Tick labels without a fraction that is zero on every tick: `0.00, 500.00, 1,000.00`
    /// → `0, 500, 1,000`, but `0.00, 0.50, 1.00` stay as they are.
    static func trimmingZeroFractions(_ labels: [String]) -> [String] {
        func zeroFraction(_ label: String) -> Range<String.Index>? {
            guard let dot = label.lastIndex(of: ".") else { return nil }
            let digits = label[label.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.allSatisfy({ $0 == "0" }) else { return nil }
            return dot..<digits.endIndex
        }
        let ranges = labels.map(zeroFraction)
        guard !labels.isEmpty, ranges.allSatisfy({ $0 != nil }) else { return labels }
        return zip(labels, ranges).map { label, range in
            var trimmed = label
            if let range { trimmed.removeSubrange(range) }
            return trimmed
        }
    }

    /// At most this many category labels are written; between them some are skipped.
    static let maximumCategoryLabels = 24

    /// Bars are never wider than this, so a few periods don't draw slabs.
    static let maximumBarWidth = 36.0

    /// Vertical bars grouped by category, one bar per series (gross / refunds / net per period).
    ///
    /// Values are minor units and may be negative (a net below zero): the zero line is drawn and
    /// negative bars hang below it. Ticks fall on round numbers (1, 2 or 5 × 10ⁿ minor units) and
    /// are labelled with `tickFormatter` (default `valueFormatter`), less a fraction that is zero
    /// on every tick; bars' tooltips carry the exact value by `valueFormatter`.
    ///
    /// `yUnit` is written above the value axis (a currency code), `xTitle` under the category
    /// labels (what a category is); `minimumLeft` widens the left margin so that charts drawn one
    /// above the other share their category positions. A category label that would run past
    /// either edge is anchored to that edge instead of cut.
    static func groupedBars(title: String, categories: [String],
                            series: [(name: String, values: [Int64], cssClass: String)],
                            valueFormatter: (Int64) -> String, tickFormatter: ((Int64) -> String)? = nil,
                            width: Int = 720, height: Int = 320,
                            yUnit: String? = nil, xTitle: String? = nil, minimumLeft: Double = 40) -> String {
        var svg = SVGBuilder(width: width, height: height, title: title, cssClass: "chart grouped-bars")
        svg.text(title, x: 8, y: 18, cssClass: "chart-title", extra: #"font-size="15" font-weight="bold""#)
        let values = series.flatMap(\.values)
        guard !categories.isEmpty, !series.isEmpty, !values.isEmpty else {
            svg.text("No data", x: Double(width) / 2, y: Double(height) / 2, cssClass: "empty",
                     extra: #"text-anchor="middle""#)
            return svg.finish()
        }

        var legendX = 8.0
        for (index, entry) in series.enumerated() {
            svg.rect(x: legendX, y: 28, width: 12, height: 12, cssClass: "legend-key \(entry.cssClass)",
                     fill: fill(cssClass: entry.cssClass, index: index))
            svg.text(entry.name, x: legendX + 16, y: 38.5, cssClass: "legend")
            legendX += 16 + SVGBuilder.textWidth(entry.name) + 18
        }

        let axis = SVGAxis(minimum: min(0, values.min() ?? 0), maximum: max(0, values.max() ?? 0))
        let tickLabels = trimmingZeroFractions(axis.ticks.map { tickFormatter?($0) ?? valueFormatter($0) })
        let left = max(minimumLeft, leftMargin(tickLabels))
        let right = Double(width) - 10, top = yUnit == nil ? 54.0 : 68.0
        let bottom = Double(height) - (xTitle == nil ? 28 : 44)
        let y = { (value: Int64) in axis.position(of: value, top: top, bottom: bottom) }
        if let yUnit {
            svg.text(yUnit, x: left - 6, y: top - 10, cssClass: "axis-unit", extra: #"text-anchor="end" font-weight="bold""#)
        }
        if let xTitle {
            svg.text(xTitle, x: (left + right) / 2, y: Double(height) - 8, cssClass: "axis-title", extra: #"text-anchor="middle""#)
        }

        for (tick, label) in zip(axis.ticks, tickLabels) {
            svg.line(x1: left, y1: y(tick), x2: right, y2: y(tick), cssClass: "grid", stroke: "#dddddd")
            svg.text(label, x: left - 6, y: y(tick) + 4, cssClass: "tick", extra: #"text-anchor="end""#)
        }

        let slot = (right - left) / Double(categories.count)
        let barWidth = min(slot * 0.8 / Double(series.count), maximumBarWidth)
        let groupInset = (slot - barWidth * Double(series.count)) / 2
        let widestLabel = categories.map(SVGBuilder.textWidth).max() ?? 0
        let labelStep = max((categories.count + maximumCategoryLabels - 1) / maximumCategoryLabels,
                            Int(((widestLabel + 6) / slot).rounded(.up)), 1)
        for (column, category) in categories.enumerated() {
            let slotLeft = left + slot * Double(column)
            for (index, entry) in series.enumerated() where column < entry.values.count {
                let value = entry.values[column]
                let barTop = y(max(value, 0)), barBottom = y(min(value, 0))
                svg.rect(x: slotLeft + groupInset + barWidth * Double(index), y: barTop,
                         width: barWidth, height: barBottom - barTop, cssClass: "bar \(entry.cssClass)",
                         fill: fill(cssClass: entry.cssClass, index: index),
                         tooltip: "\(category) · \(entry.name): \(valueFormatter(value))")
            }
            if column % labelStep == 0 {
                let center = slotLeft + slot / 2, half = SVGBuilder.textWidth(category) / 2
                let (x, anchor) = center + half > Double(width) - 2 ? (Double(width) - 2, "end")
                    : center - half < 2 ? (2.0, "start") : (center, "middle")
                svg.text(category, x: x, y: bottom + 17, cssClass: "label", extra: "text-anchor=\"\(anchor)\"")
            }
        }
        svg.line(x1: left, y1: y(0), x2: right, y2: y(0), cssClass: "zero", stroke: "#333333")
        return svg.finish()
    }

    /// The left margin that holds the value axis's tick labels (at least 40).
    static func leftMargin(_ tickLabels: [String]) -> Double {
        max(40, 10 + (tickLabels.map(SVGBuilder.textWidth).max() ?? 0))
    }

    /// The left margin `groupedBars` takes for these values and formatter, so that another
    /// chart can be given the same (`minimumLeft`).
    static func leftMargin(values: [Int64], tickFormatter: (Int64) -> String) -> Double {
        let axis = SVGAxis(minimum: min(0, values.min() ?? 0), maximum: max(0, values.max() ?? 0))
        return leftMargin(trimmingZeroFractions(axis.ticks.map(tickFormatter)))
    }

    /// Horizontal bars, one row per item, each with its label on the left and `valueLabel` after
    /// the bar: refund rates per product (value in basis points) or a distribution histogram
    /// (value a count). Bar lengths are proportional to `value`; values below zero draw no bar.
    /// Labels longer than 32 characters, or than 40% of the width holds, are shortened with `…`
    /// (the full text is the tooltip).
    static func horizontalBars(title: String, items: [(label: String, value: Int64, valueLabel: String)],
                               width: Int = 720, cssClass: String = "bar") -> String {
        let rowHeight = 24.0, top = 32.0
        let height = Int(top + rowHeight * Double(max(items.count, 1)) + 8)
        var svg = SVGBuilder(width: width, height: height, title: title, cssClass: "chart horizontal-bars")
        svg.text(title, x: 8, y: 18, cssClass: "chart-title", extra: #"font-size="15" font-weight="bold""#)
        guard !items.isEmpty else {
            svg.text("No data", x: 8, y: top + 15, cssClass: "empty")
            return svg.finish()
        }
        let widestLabel = items.map { SVGBuilder.textWidth(SVGBuilder.shortened($0.label, to: 32)) }.max() ?? 0
        let labelWidth = min(Double(width) * 0.4, 8 + widestLabel)
        let fitting = max(Int((labelWidth - 8) / SVGBuilder.characterWidth), 4)
        let shortLabels = items.map { SVGBuilder.shortened($0.label, to: min(32, fitting)) }
        let valueWidth = 8 + (items.map { SVGBuilder.textWidth($0.valueLabel) }.max() ?? 0)
        let barLeft = labelWidth + 8
        let barSpace = max(Double(width) - barLeft - valueWidth - 8, 1)
        let largest = max(items.map(\.value).max() ?? 1, 1)
        for (row, item) in items.enumerated() {
            let rowTop = top + rowHeight * Double(row)
            svg.text(shortLabels[row], x: labelWidth, y: rowTop + 16, cssClass: "label",
                     extra: #"text-anchor="end""#)
            let length = item.value > 0 ? barSpace * Double(item.value) / Double(largest) : 0
            svg.rect(x: barLeft, y: rowTop + 4, width: length, height: rowHeight - 8, cssClass: cssClass,
                     fill: palette[0], tooltip: "\(item.label): \(item.valueLabel)")
            svg.text(item.valueLabel, x: barLeft + length + 5, y: rowTop + 16, cssClass: "value")
        }
        return svg.finish()
    }
}
