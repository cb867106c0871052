import Dispatch

/// The SHA-256 of the input files that `manifest.json` names, computed on a background thread
/// from the start of a run.
///
/// Hashing a multi-GB input takes a good part of a second even with the CPU's SHA
/// instructions; the manifest needs the digests only at the very end, so the other core hashes
/// while the pipeline reads, parses and merges. The digests are of the files' bytes alone, so
/// computing them early changes no output.
final class FileDigests: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written only by the background work, read only after `done` has been waited for.
    private var digests: [String: Result<String, OutputError>] = [:]

    /// Starts hashing `paths` (in order, the largest first is best) on a background thread.
    init(paths: [String]) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for path in paths where digests[path] == nil {
                digests[path] = Result { () throws(OutputError) in try SHA256.hexDigest(ofFileAt: path) }
            }
            done.leave()
        }
    }

    /// The lower-case hex digest of `path`, waiting for the background work; a path that was
    /// not given at `init` is hashed now.
    func hexDigest(ofFileAt path: String) throws(OutputError) -> String {
        done.wait()
        guard let digest = digests[path] else { return try SHA256.hexDigest(ofFileAt: path) }
        return try digest.get()
    }
}
