import Foundation
import ReceiptLedger

/// A benchmark child's own peak resident memory, handed to the bench through a file: the child
/// writes its `VmHWM` (`/proc/self/status`, the high-water mark of the image it runs) there as
/// it ends. `wait4`'s `ru_maxrss` cannot tell it: Linux starts a spawned child's figure at the
/// parent's peak (exec keeps the larger of the two), so a bench that has just generated its data
/// would see its own memory in every run's figure.
enum ChildPeakMemory {
    /// The environment variable naming the file; set by `ChildRun` for the child only.
    static let environmentName = "RECEIPT_LEDGER_PEAK_RSS_FILE"

    /// In the child: writes the process's peak resident memory in bytes, as decimal text, to
    /// the file the bench named, if it named one. Does nothing otherwise, and changes no output.
    static func reportIfAsked() {
        let kilobytes = PhaseTimer.memory("VmHWM:")
        guard let path = ProcessInfo.processInfo.environment[environmentName], !path.isEmpty, kilobytes > 0 else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data(String(kilobytes * 1024).utf8))
    }

    /// In the bench: the bytes the child at `path` reported, nil when it wrote none.
    static func read(at path: String) -> Int64? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Int64(String(decoding: data, as: UTF8.self))
    }
}
