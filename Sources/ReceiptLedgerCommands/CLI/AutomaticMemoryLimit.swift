import Foundation
import ReceiptLedger

/// The memory limit of a run that was not given one, from the machine's memory: a run whose
/// input could need more than half the memory available is merged in buckets under that half
/// (`run --memory-limit`), slower and with the same bytes, rather than running out of memory
/// hours in. `--memory-limit auto` asks for that half whatever the input.
enum AutomaticMemoryLimit {
    /// The limit for an input of `inputBytes` on a machine with `availableBytes` free: nil (no
    /// limit) while a quarter of the input's bytes fits in half of what is free. A quarter is
    /// more than any data shape measured needs per input byte (Benchmarks/EXPERIMENTS.md,
    /// "The report in bounded memory").
    static func limit(inputBytes: Int, availableBytes: Int) -> Int? {
        guard inputBytes / 4 > availableBytes / 2 else { return nil }
        return half(of: availableBytes)
    }

    /// Half of `availableBytes`, and never below the smallest limit `--memory-limit` takes.
    static func half(of availableBytes: Int) -> Int {
        max(availableBytes / 2, 64 << 20)
    }

    /// The memory the system could give this process now: `MemAvailable` of /proc/meminfo on
    /// Linux, else the physical memory.
    static func availableBytes() -> Int {
        let kibibytes = PhaseTimer.memory("MemAvailable:", in: "/proc/meminfo")
        return kibibytes > 0 ? kibibytes * 1024 : Int(clamping: ProcessInfo.processInfo.physicalMemory)
    }

    /// The note a run that took an automatic limit prints on stderr.
    static func note(inputBytes: Int, limitBytes: Int) -> String {
        "note: the input (\(MemoryLimitCheck.mebibytes(Int64(inputBytes)))) could need more memory than half of what is free: "
            + "merging in buckets under \(MemoryLimitCheck.mebibytes(Int64(limitBytes))), slower, the same report "
            + "(--memory-limit SIZE sets the limit)"
    }
}
