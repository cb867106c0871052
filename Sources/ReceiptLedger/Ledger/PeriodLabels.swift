/// `PeriodCalendar.label(for:)` remembered per local day: a run labels every sale and refund,
/// but a few thousand distinct days at most, and building a label costs far more than finding
/// an instant's local day.
struct PeriodLabels {
    let periods: PeriodCalendar
    private var byLocalDay: [Int64: String] = [:]

    init(_ periods: PeriodCalendar) {
        self.periods = periods
    }

    mutating func label(for instant: UnixMillis) -> String {
        let day = periods.localDay(of: instant)
        if let label = byLocalDay[day] { return label }
        let label = periods.label(forLocalDay: day)
        byLocalDay[day] = label
        return label
    }
}
