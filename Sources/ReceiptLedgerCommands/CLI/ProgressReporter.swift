import Foundation
import ReceiptLedger

/// Progress on stderr for long runs: records (or buckets) done, rate and time left, redrawn in
/// place at most a few times a second. Only when stderr is a terminal; otherwise silent, so logs and
/// CI output stay clean. Reads the clock, which only ever affects this display.
final class ProgressReporter: RunObserver {
    private var total = 0
    private var unit = "records"
    private var done = 0
    private var started = Date()
    private var lastDraw = Date.distantPast
    private var drew = false

    /// A reporter when stderr is a terminal, else nil.
    static func forTerminal() -> ProgressReporter? {
        isatty(STDERR_FILENO) == 1 ? ProgressReporter() : nil
    }

    func phase(_ name: String) {
        clearLine()
        write("\(name)…")
        drew = true
    }

    /// Starts counting things of `unit`; `total` 0 when the count is not known.
    func start(total: Int, unit: String) {
        self.total = total
        self.unit = unit
        done = 0
        started = Date()
    }

    func advance(by count: Int) {
        done += count
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = now
        clearLine()
        write(Self.line(done: done, total: total, unit: unit, elapsed: now.timeIntervalSince(started)))
        drew = true
    }

    /// The progress line: `done` of `total` things of `unit` (the count alone when `total` is
    /// 0: the one-scan reading does not know it before it ends), the rate, and the time left.
    static func line(done: Int, total: Int, unit: String, elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        // Buckets go by a few a second: their rate needs its tenths.
        let rateText = String(format: rate < 10 ? "%.1f" : "%.0f", rate)
        guard total > 0 else { return "\(unit) \(done)  \(rateText) \(unit)/s" }
        let left = rate > 0 ? Double(total - done) / rate : 0
        return "\(unit) \(done)/\(total) (\(done * 100 / total)%)  \(rateText) \(unit)/s  \(duration(left)) left"
    }

    func finish() {
        clearLine()
        drew = false
    }

    private func clearLine() {
        if drew { write("\r\u{1B}[K") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(String(format: "%02d", whole % 60))s" : "\(whole)s"
    }
}
