import Foundation

/// The SHA-256 of the input files that `manifest.json` names, computed from the start of a run
/// on a thread of its own.
///
/// Hashing a large input costs real CPU time even with the CPU's SHA instructions, and the
/// manifest needs the digests only at the very end. So the hashing
/// thread runs at a lower priority: it takes the cores when the pipeline leaves them idle
/// (waiting on a hand-over, writing reports on one thread) rather than slowing the reading and
/// merging that everything else waits for. When the manifest asks for a digest that is not
/// ready, the hashing thread stops after its current chunk and hands its half-hashed file over,
/// and the asking thread, at normal priority, finishes the work: a busy machine can starve a
/// low-priority thread, never the run. `hurry()` starts that hand-over early, beside the last
/// work of the run. The digests are of the files' bytes alone, so where
/// and when they are computed changes no output.
///
/// A file's descriptor stays open after its digest is done, until `releaseDescriptors()` (or
/// the end of this object): POSIX `close` drops every `fcntl` lock the process holds on the
/// file, so closing it while SQLite reads the same file would take SQLite's shared lock away
/// in the middle of its read transaction, and a writer could then change the file under it.
/// `ReportRun` releases them once the input's connection is closed.
final class FileDigests: @unchecked Sendable {
    /// The hashing thread's nice value (Linux gives each thread its own): lowest, since it is
    /// never waited for at that priority.
    static let niceness: Int32 = 19

    private let paths: [String]
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var digests: [String: Result<String, OutputError>] = [:]
    /// Set by a thread that needs the digests now.
    private var handOverWanted = false
    /// Set by the hashing thread when it has stopped, after finishing or handing over.
    private var hashingStopped = false
    /// The file the hashing thread was in the middle of when it handed over.
    private var unfinished: FileHasher?
    /// The normal-priority work that finishes the hashing, once `hurry()` has started it.
    private var finishing: BackgroundWork<Void, Never>?
    /// Files hashed (or given up on) whose descriptors must stay open for now.
    private var heldFiles: [FileHasher] = []
    /// False once `releaseDescriptors()` has run: a file is then closed when its hashing ends.
    private var holdsDescriptors = true

    /// Starts hashing `paths` (in order, the largest first is best) on a background thread.
    init(paths: [String]) {
        self.paths = paths
        let thread = Thread { [self] in hashInBackground() }
        thread.name = "sha256"
        thread.start()
    }

    /// Finishes the hashing at normal priority on another thread, beside the caller's work (a
    /// second call does nothing). `ReportRun` calls it when it starts building the ledgers, so
    /// that what is left of the hash runs beside the last work of the run, not alone after it.
    /// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › FileDigests.
    func hurry() {
        condition.lock()
        defer { condition.unlock() }
        guard finishing == nil else { return }
        finishing = BackgroundWork { [self] in takeOver() }
    }

    /// The lower-case hex digest of `path`; a path that was not given at `init` is hashed now.
    func hexDigest(ofFileAt path: String) throws(OutputError) -> String {
        condition.lock()
        let finishing = finishing
        condition.unlock()
        finishing?.value()  // then `takeOver` finds everything done
        takeOver()
        condition.lock()
        let digest = digests[path]
        condition.unlock()
        guard let digest else { return try hashWhole(path).get() }
        return try digest.get()
    }

    /// Closes the descriptors kept open so far, and from now on each one when its file is done.
    /// Call it only when no SQLite connection of this process has one of the files open.
    func releaseDescriptors() {
        condition.lock()
        holdsDescriptors = false
        let files = heldFiles
        heldFiles = []
        condition.unlock()
        withExtendedLifetime(files) {}  // their descriptors close as the last references go
    }

    /// Keeps `file`'s descriptor open until `releaseDescriptors()` when descriptors are held.
    private func retire(_ file: FileHasher) {
        condition.lock()
        if holdsDescriptors { heldFiles.append(file) }
        condition.unlock()
    }

    /// The digest of `path` hashed on this thread, its descriptor kept as `retire` says.
    private func hashWhole(_ path: String) -> Result<String, OutputError> {
        let file: FileHasher
        do { file = try FileHasher(path: path) } catch { return .failure(error) }
        defer { retire(file) }
        return Result { () throws(OutputError) in
            while try file.hashNextChunk() {}
            return file.hexDigest()
        }
    }

    private func hashInBackground() {
        Self.lowerThisThreadsPriority()
        for path in paths {
            let file: FileHasher
            do { file = try FileHasher(path: path) } catch {
                record(path, .failure(error))
                continue
            }
            do {
                while try file.hashNextChunk() {
                    guard !isHandOverWanted() else { return stop(handingOver: file) }
                }
                record(path, .success(file.hexDigest()))
            } catch {
                record(path, .failure(error))
            }
            retire(file)
        }
        stop(handingOver: nil)
    }

    /// Stops the hashing thread (at its next chunk) and finishes what it left on this thread.
    private func takeOver() {
        condition.lock()
        handOverWanted = true
        while !hashingStopped { condition.wait() }
        let file = unfinished
        unfinished = nil
        let missing = paths.filter { digests[$0] == nil && $0 != file?.path }
        condition.unlock()
        if let file {
            record(file.path, Result { () throws(OutputError) in
                while try file.hashNextChunk() {}
                return file.hexDigest()
            })
            retire(file)
        }
        for path in missing {
            record(path, hashWhole(path))
        }
    }

    private func isHandOverWanted() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return handOverWanted
    }

    private func record(_ path: String, _ digest: Result<String, OutputError>) {
        condition.lock()
        if digests[path] == nil { digests[path] = digest }
        condition.unlock()
    }

    private func stop(handingOver file: FileHasher?) {
        condition.lock()
        unfinished = file
        hashingStopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// On Linux `setpriority` with `who` 0 changes only the calling thread, and so does
    /// `sched_setscheduler` with pid 0. `SCHED_IDLE` runs the thread only on a core nothing
    /// else wants, where nice 19 alone still takes time from the merge thread, which feeds the
    /// readers. A failure only leaves the priority as it was.
    private static func lowerThisThreadsPriority() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        var parameters = sched_param(sched_priority: 0)
        let schedIdle: Int32 = 5  // SCHED_IDLE in <sched.h>, which Glibc's module leaves out
        _ = sched_setscheduler(0, schedIdle, &parameters)
        #endif
    }
}
