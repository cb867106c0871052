import Foundation
import ReceiptLedger

/// Runs this executable again as a child process (`receipt-ledger run …`), or another command
/// (the `sqlite3` plain read), and measures it: wall time around `posix_spawn` … `wait4`, CPU
/// time from `wait4`'s rusage, and the child's own peak resident memory as the child reports it
/// (`ChildPeakMemory`), so the parent's (the generator's, the plain read's) never counts.
enum ChildRun {
    struct Result {
        var seconds: Double
        /// Peak resident set size of the child in bytes: its own report (`ChildPeakMemory`), else
        /// `wait4`'s `ru_maxrss` (which Linux gives in KiB, and starts at the parent's peak).
        var peakRSSBytes: Int64
        var exitCode: Int32
        /// The child's CPU time, user and system, over all its threads.
        var cpuSeconds: Double = 0
    }

    /// The path of the running executable (Linux: `/proc/self/exe`), else `argv[0]`.
    static var executablePath: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments[0]
    }

    /// Spawns `executable arguments…` (by default this executable) with stdout and stderr sent
    /// to `logPath`.
    static func run(_ arguments: [String], executable: String = executablePath, logPath: String) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let peakFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("receipt-ledger-peak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        var environment: [UnsafeMutablePointer<CChar>?] = [strdup("\(ChildPeakMemory.environmentName)=\(peakFile)")]
        var inherited = environ
        while let entry = inherited.pointee {
            if !String(cString: entry).hasPrefix(ChildPeakMemory.environmentName + "=") { environment.append(strdup(entry)) }
            inherited += 1
        }
        environment.append(nil)
        defer { for pointer in environment { free(pointer) } }
        var pid = pid_t()
        let started = BenchClock.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw FatalError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw FatalError("cannot wait for the benchmark run: \(String(cString: strerror(errno)))") }
        }
        let seconds = BenchClock.now() - started
        // WIFEXITED / WEXITSTATUS, spelled out (they are macros in C).
        let exitCode: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let peak = ChildPeakMemory.read(at: peakFile) ?? Int64(usage.ru_maxrss) * 1024
        return Result(seconds: seconds, peakRSSBytes: peak, exitCode: exitCode, cpuSeconds: cpuSeconds)
    }
}
