#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ReceiptLedger

/// What the tool does when it is told to stop (SIGINT from Ctrl-C, SIGTERM from a scheduler,
/// SIGHUP from a closed terminal): remove the unfinished staging folder (and the folders the run
/// created for `--out`), leave the previous report as it was, say so in one line on stderr, and
/// exit with 128 + the signal number (130 for SIGINT, 143 for SIGTERM, the shells' convention).
///
/// No code runs in signal context. `install()` blocks the three signals in the calling thread
/// before any other thread exists, so every thread the process starts inherits the mask
/// (pthread_sigmask(3)); one thread then takes them with sigwait(3) and cleans up in ordinary
/// code. A report being published meanwhile finishes first: `discardAllActive` waits for the
/// commit's lock, and a finished report is not rolled back.
public enum Interruption {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Call once, first thing in `main`.
    public static func install() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waiter = Thread {
            var set = signalSet()
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            stop(by: number)
        }
        waiter.name = "receipt-ledger signals"
        waiter.start()
    }

    static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Discards what is being written and ends the process.
    static func stop(by signal: Int32) -> Never {
        let discarded = ReportStaging.discardAllActive()
        let line = "receipt-ledger: \(message(signal: signal, discarded: discarded, published: ReportStaging.publishedDestinations))\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        _exit(128 + signal)
    }

    /// `interrupted by SIGINT: the report was not written; reports keeps its previous content`;
    /// when the stop came while the report was being published, that the report is complete.
    static func message(signal: Int32, discarded: [String], published: [String] = []) -> String {
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "signal \(signal)"
        guard !discarded.isEmpty else {
            guard let done = published.last else { return "interrupted by \(name)" }
            return "interrupted by \(name) after the report in \(done) was complete"
        }
        let folders = discarded.map(ReportStaging.destination(ofStaging:)).joined(separator: ", ")
        return "interrupted by \(name): the report was not written; \(folders) keeps its previous content"
    }
}
