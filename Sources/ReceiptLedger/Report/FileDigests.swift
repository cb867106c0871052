import Dispatch
import Foundation

/// The SHA-256 of the input files that `manifest.json` names, computed on a background thread
/// from the start of a run.
///
/// Hashing a multi-GB input takes a good part of a second even with the CPU's SHA
/// instructions; the manifest needs the digests only at the very end. So the hashing runs on
/// a thread of its own at a lower priority: it takes the cores when the pipeline leaves them
/// idle (waiting on a hand-over, or writing reports on one thread) rather than slowing the
/// reading and merging, which everything else waits for. The digests are of the files' bytes
/// alone, so computing them early changes no output.
final class FileDigests: @unchecked Sendable {
    /// The hashing thread's nice value: lower than the pipeline's, not idle-only (the run
    /// waits for the digests at its end).
    static let niceness: Int32 = 10

    private let done = DispatchGroup()
    /// Written only by the background work, read only after `done` has been waited for.
    private var digests: [String: Result<String, OutputError>] = [:]

    /// Starts hashing `paths` (in order, the largest first is best) on a background thread.
    init(paths: [String]) {
        done.enter()
        let thread = Thread { [self] in
            Self.lowerThisThreadsPriority()
            for path in paths where digests[path] == nil {
                digests[path] = Result { () throws(OutputError) in try SHA256.hexDigest(ofFileAt: path) }
            }
            done.leave()
        }
        thread.name = "sha256"
        thread.start()
    }

    /// The lower-case hex digest of `path`, waiting for the background work; a path that was
    /// not given at `init` is hashed now.
    func hexDigest(ofFileAt path: String) throws(OutputError) -> String {
        done.wait()
        guard let digest = digests[path] else { return try SHA256.hexDigest(ofFileAt: path) }
        return try digest.get()
    }

    /// On Linux a thread has its own nice value: `setpriority` with `who` 0 changes only the
    /// calling thread. A failure only leaves the priority as it was.
    private static func lowerThisThreadsPriority() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
