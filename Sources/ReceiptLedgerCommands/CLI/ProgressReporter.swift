import Foundation
import ReceiptLedger

/// Progress on stderr for long runs: records done, rate and time left, redrawn in place at
/// most a few times a second. Only when stderr is a terminal; otherwise silent, so logs and
/// CI output stay clean. Reads the clock, which only ever affects this display.
final class ProgressReporter: RunObserver {
    private var total = 0
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

    /// Starts counting records; `total` 0 when the count is not known.
    func start(total: Int) {
        self.total = total
        done = 0
        started = Date()
    }

    func advance(by count: Int) {
        done += count
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.25 else { return }
        lastDraw = now
        let elapsed = now.timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        clearLine()
        guard total > 0 else {
            // The one-scan reading does not know the count before it ends.
            write(String(format: "records %d  %.0f records/s", done, rate))
            drew = true
            return
        }
        let left = rate > 0 ? Double(total - done) / rate : 0
        let percent = done * 100 / total
        write(String(format: "records %d/%d (%d%%)  %.0f records/s  %@ left", done, total, percent, rate, Self.duration(left)))
        drew = true
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
