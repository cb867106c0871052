/// Whoever watches a long run (the terminal's progress line, `CLI/ProgressReporter`): told its
/// phases and how many records are done. The pipeline and the report only call it and never
/// read anything back, so no observer can change an output.
package protocol RunObserver: AnyObject {
    /// A new phase begins (`reading answers`, `writing reports`).
    func phase(_ name: String)
    /// Things of `unit` ("records", "buckets") are about to be counted; `total` is 0 when
    /// the count is not known yet.
    func start(total: Int, unit: String)
    /// `count` more of them are done.
    func advance(by count: Int)
    /// The counting ends (the line is cleared).
    func finish()
}

extension RunObserver {
    /// Records are about to be counted; `total` is 0 when the count is not known yet.
    func start(total: Int) { start(total: total, unit: "records") }
}
