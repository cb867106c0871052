import Foundation

/// Wall-clock times of a run's phases on stderr, for profiling: set `RECEIPT_LEDGER_TIMINGS=1`.
///
/// Off by default, and never part of any output file: the clock only reaches stderr.
enum PhaseTimer {
    static let isOn = ProcessInfo.processInfo.environment["RECEIPT_LEDGER_TIMINGS"] == "1"
    private static let start = BenchClock.now()

    /// Prints the seconds since the first mark and the phase that just ended.
    static func mark(_ phase: @autoclosure () -> String) {
        guard isOn else { return }
        let line = String(format: "%7.3f s  %@\n", BenchClock.now() - start, phase())
        FileHandle.standardError.write(Data(line.utf8))
    }
}
