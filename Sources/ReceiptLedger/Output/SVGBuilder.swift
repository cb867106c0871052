/// Writes SVG elements into one string with fixed number formatting and escaped text.
struct SVGBuilder {
    private var output: String

    /// Opens the `<svg>` element with its accessible name and `<title>`.
    init(width: Int, height: Int, title: String, cssClass: String) {
        let label = HTMLEscape.escape(title)
        output = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(HTMLEscape.escape(cssClass))\" "
            + "width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
            + "role=\"img\" aria-label=\"\(label)\" font-family=\"sans-serif\" font-size=\"12\">\n"
            + "<title>\(label)</title>\n"
    }

    /// A text element; `extra` is literal attribute text written as is.
    mutating func text(_ text: String, x: Double, y: Double, cssClass: String, extra: String = "") {
        output += "<text class=\"\(HTMLEscape.escape(cssClass))\" x=\"\(Self.number(x))\" "
            + "y=\"\(Self.number(y))\"\(extra.isEmpty ? "" : " " + extra) fill=\"#333333\">"
            + "\(HTMLEscape.escape(text))</text>\n"
    }

    /// A rectangle, with a `<title>` tooltip when given; negative sizes are drawn as zero.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, cssClass: String,
                       fill: String, tooltip: String? = nil) {
        output += "<rect class=\"\(HTMLEscape.escape(cssClass))\" x=\"\(Self.number(x))\" "
            + "y=\"\(Self.number(y))\" width=\"\(Self.number(max(width, 0)))\" "
            + "height=\"\(Self.number(max(height, 0)))\" fill=\"\(HTMLEscape.escape(fill))\""
        if let tooltip {
            output += "><title>\(HTMLEscape.escape(tooltip))</title></rect>\n"
        } else {
            output += "/>\n"
        }
    }

    /// A line segment.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String, stroke: String) {
        output += "<line class=\"\(HTMLEscape.escape(cssClass))\" x1=\"\(Self.number(x1))\" "
            + "y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
            + "stroke=\"\(HTMLEscape.escape(stroke))\"/>\n"
    }

    /// Closes the `<svg>` element and returns the whole text.
    func finish() -> String {
        output + "</svg>\n"
    }

    /// A coordinate rounded to 0.1, without a trailing `.0` and never `-0`: `12`, `12.5`, `-3.2`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((value * 10).rounded(.toNearestOrAwayFromZero))
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        let whole = String(magnitude / 10)
        let fraction = magnitude % 10
        return fraction == 0 ? sign + whole : sign + whole + "." + String(fraction)
    }

    /// The assumed width of one character at font size 12 (DejaVu Sans and Arial average a
    /// little under 0.6 em), for layout only.
    static let characterWidth = 7.0

    /// A rough width of a text at font size 12, for layout only.
    static func textWidth(_ text: String) -> Double {
        Double(text.count) * characterWidth
    }

    /// The text cut to `limit` characters, ending with `…` when cut.
    static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}

/// A value axis from zero-including extremes, with ticks on round numbers of minor units.
struct SVGAxis {
    /// The axis ends, multiples of `step` around every value and zero.
    let lower: Int64
    let upper: Int64
    let step: Int64

    /// An axis of about five steps: the step is the smallest 1, 2 or 5 × 10ⁿ that covers the
    /// range in five (a zero range gets 0…1).
    init(minimum: Int64, maximum: Int64) {
        let range = max(maximum - minimum, 1)
        let rough = (range + 4) / 5
        var magnitude: Int64 = 1
        while magnitude <= rough / 10 { magnitude *= 10 }
        let step = [Int64(1), 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        self.step = step
        lower = minimum < 0 ? -((-minimum + step - 1) / step) * step : 0
        upper = maximum > 0 ? ((maximum + step - 1) / step) * step : (minimum < 0 ? 0 : step)
    }

    /// The tick values from the lower end to the upper end.
    var ticks: [Int64] {
        Array(stride(from: lower, through: upper, by: Int(step)))
    }

    /// The vertical position of a value between `top` (upper end) and `bottom` (lower end).
    func position(of value: Int64, top: Double, bottom: Double) -> Double {
        bottom - (bottom - top) * Double(value - lower) / Double(upper - lower)
    }
}
