import Foundation

/// Wall-clock and CPU times and resident memory of a run's phases on stderr, for profiling: set
/// `RECEIPT_LEDGER_TIMINGS=1`. CPU time (all threads) is the steadier figure on a busy machine.
///
/// Off by default, and never part of any output file: the clock only reaches stderr.
package enum PhaseTimer {
    static let isOn = ProcessInfo.processInfo.environment["RECEIPT_LEDGER_TIMINGS"] == "1"
    private static let start = BenchClock.now()
    nonisolated(unsafe) private static var lastWall = start
    nonisolated(unsafe) private static var lastCPU = 0.0

    /// Prints the wall time since the first mark, then the wall and CPU seconds since the last
    /// mark and the phase that just ended. Call from one thread only.
    static func mark(_ phase: @autoclosure () -> String) {
        guard isOn else { return }
        let wall = BenchClock.now()
        let cpu = processCPUSeconds()
        let line = String(format: "%7.3f s  %6.3f wall %6.3f cpu  %5d MiB rss %5d MiB peak  %@\n", wall - start, wall - lastWall,
                          cpu - lastCPU, memory("VmRSS:") / 1024, memory("VmHWM:") / 1024, phase())
        lastWall = wall
        lastCPU = cpu
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Prints the CPU seconds the calling thread has used, named `thread` (a reading thread
    /// reports as it ends: which stage of the scan is the busiest).
    static func threadCPU(_ thread: @autoclosure () -> String) {
        guard isOn else { return }
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        let line = String(format: "          %6.3f cpu on %@\n", Double(time.tv_sec) + Double(time.tv_nsec) / 1e9, thread())
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// A `kB` figure of `/proc/self/status` (Linux: `VmRSS:`, `VmHWM:`), or of another file of
    /// the same form (`/proc/meminfo`: `MemAvailable:`), or 0. Also what the commands read
    /// memory with (`bench`'s children, `--memory-limit` and its automatic limit).
    package static func memory(_ field: String, in file: String = "/proc/self/status") -> Int {
        guard let status = try? String(contentsOfFile: file, encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return Int(line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
        }
        return 0
    }

    /// User and system CPU seconds of the whole process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
