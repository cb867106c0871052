import Foundation
import Synchronization

/// Writes a report folder (`--out`) so that a reader sees the previous report or the new one,
/// whole, at every instant (a SIGKILL at any step included), and so that no file the tool did
/// not write is ever replaced or removed (issue 21).
///
/// Layout: the folder holds a state folder `.receipt-ledger/` with complete generations
/// (`report-7/` with every file), a relative link `current -> report-7` and `previous` (the
/// generation before, kept so that a reader of it is not cut off), and the lock. Each output in
/// the folder is a relative link into the current generation
/// (`index.html -> .receipt-ledger/current/index.html`), so browsers, spreadsheets and the
/// pages' relative links follow it. A run writes its files into `.receipt-ledger/staging-<pid>/`
/// (inside `--out`, so on its file system: a mount point works), then `commit` publishes it:
/// the staging folder becomes the next generation, links for new names are added (dangling
/// until the switch, so not visible), and ONE rename(2) of a fresh link over `current` shows the
/// whole new report at once; links of names the new report lacks and older generations are
/// removed after. A folder of the old layout (regular files listed by a receipt-ledger
/// `manifest.json`) is first adopted: its files are hard-linked into a generation and each is
/// swapped for a link showing the very same bytes, so even that step changes nothing visible.
///
/// `init` does everything that can fail before any input is read: it refuses a folder holding
/// what the tool did not write (`ReportFolderSurvey`), the root and the home folder (unless
/// `force`), creates the folder (and its missing parents), takes the lock (a second run fails at
/// once), sweeps what killed runs left in the state folder and creates the staging folder. A run
/// that fails or is interrupted leaves no folder it created: `discard()` removes the staging
/// folder, the state folder when no report was ever published in it, and the folders the run
/// created for `--out` when they are empty.
///
/// A signal handler that must clean up calls `discardAllActive()`; it takes a lock that `commit`
/// holds, so call it from a normal context (the signal thread), not from an async-signal handler.
/// Several threads may `write` files at once; `commit` and `discard` must wait until no write is
/// running.
package final class ReportStaging: @unchecked Sendable {
    /// The file that says what a report folder holds (`Run/ManifestFile` writes it); the
    /// folder's safety checks read its list of names.
    package static let manifestName = "manifest.json"

    package static let stateName = ReportFolderSurvey.stateName
    /// The report folder as the user named it (`reports`, `out/2024`), without trailing slashes.
    let destination: String
    /// `<destination>/.receipt-ledger`.
    let statePath: String
    /// The staging folder inside the state folder.
    let stagingPath: String
    /// Every name a run may write (a foreign file named so is a reason to refuse).
    let outputNames: Set<String>
    /// The files written so far, in the order they were finished.
    private let written = Mutex<[StagedFile]>([])
    /// Changed only by `commit` and `discard`, which no write runs beside.
    private var isOpen = true
    private var lock: ReportFolderLock?
    /// This staging's entry in `active`.
    private let id: Int

    /// For tests: `commit` stops after this many steps that change the folder, leaving it as a
    /// SIGKILL there would (nothing undone, the lock dropped).
    var stopsAfterPublishStep: Int?
    /// The steps `commit` took that changed the folder (each a system call).
    var publishSteps = 0
    var stoppedByTest = false
    /// Set by `publish` once `current` names the new generation.
    var isPublished = false
    /// The generation the staging folder became, and links this run added, until published.
    var newGeneration: String?
    var addedLinks: [String] = []

    /// The files written so far, in the order they were finished.
    var files: [StagedFile] { written.withLock { $0 } }

    /// What `discard` and a signal remove: the staging folder, the state folder when nothing
    /// was ever published in it, and the folders created for `--out` (innermost first) when empty.
    struct Cleanup: Sendable {
        var stagingPath: String
        var statePath: String
        var createdFolders: [String]
        /// Whether the run holds the folder's lock (else the state folder may be another run's).
        var holdingLock = false

        /// Without the lock only empty folders go.
        func run() {
            if holdingLock {
                try? FileManager.default.removeItem(atPath: stagingPath)
                ReportStaging.removeUnpublishedState(statePath)
            }
            rmdir(statePath)  // only when empty
            for folder in createdFolders.reversed() { rmdir(folder) }
        }
    }

    /// What every staging of this process not yet committed or discarded would leave, by id.
    private struct Registry {
        var nextID = 0
        var entries: [Int: Cleanup] = [:]
    }
    private static let active = Mutex(Registry())
    /// The report folders this process has committed, in order (for the signal message).
    private static let published = Mutex<[String]>([])

    package static var publishedDestinations: [String] {
        published.withLock { $0 }
    }

    /// Checks and prepares `destination` (see the type's summary); `outputNames` are the files a
    /// run may write, `force` accepts a folder holding files of the user's (never replacing one).
    init(destination: String, outputNames: Set<String>, force: Bool = false) throws(OutputError) {
        var trimmed = destination
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.destination = trimmed
        statePath = ReportStaging.join(trimmed, ReportStaging.stateName)
        stagingPath = ReportStaging.join(statePath, "staging-\(getpid())")
        self.outputNames = outputNames.union([ReportStaging.manifestName])

        if !force { try ReportStaging.refuseSystemFolder(trimmed) }
        var created: [String] = []
        do { try ReportStaging.makeFolders(trimmed, created: &created) } catch {
            for folder in created.reversed() { rmdir(folder) }
            throw error
        }
        // Registered at once, so that a signal from now on removes what this run created.
        let cleanup = Cleanup(stagingPath: stagingPath, statePath: statePath, createdFolders: created)
        id = ReportStaging.active.withLock { registry in
            registry.nextID += 1
            registry.entries[registry.nextID] = cleanup
            return registry.nextID
        }
        let id = id
        do throws(OutputError) {
            try ReportFolderSurvey(folder: trimmed).check(outputNames: self.outputNames, force: force, shownAs: trimmed)
            // Root writes through permission bits; access(2) still fails on a read-only or
            // immutable folder, where the links could not be made.
            guard access(trimmed, W_OK | X_OK) == 0 else { throw OutputError.posix("cannot write", trimmed, errno: errno) }
            lock = try ReportFolderLock(statePath: statePath, folder: trimmed)
            ReportStaging.active.withLock { $0.entries[id]?.holdingLock = true }
            // Another run may have changed the folder before the lock was ours: look again.
            try ReportFolderSurvey(folder: trimmed).check(outputNames: self.outputNames, force: force, shownAs: trimmed)
            try ReportStaging.sweep(statePath)
            try ReportStaging.requireSymbolicLinks(statePath, shownAs: trimmed)
            guard mkdir(stagingPath, 0o755) == 0 else { throw OutputError.posix("cannot create folder", stagingPath, errno: errno) }
        } catch {
            isOpen = false
            ReportStaging.active.withLock { $0.entries.removeValue(forKey: id)?.run() }
            lock?.release()
            throw error
        }
    }

    deinit {
        discard()
    }

    /// Writes one file of the report into the staging folder.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws(OutputError) -> StagedFile {
        try write(name) { (file) throws(OutputError) in try file.append(bytes) }
    }

    /// Writes one text file (UTF-8) of the report into the staging folder.
    @discardableResult
    func write(_ name: String, text: String) throws(OutputError) -> StagedFile {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes one file of the report in pieces: `produce` appends to the file it is given.
    @discardableResult
    func write(_ name: String,
               streaming produce: (inout StagedFileWriter) throws(OutputError) -> Void) throws(OutputError) -> StagedFile {
        precondition(isOpen, "ReportStaging used after commit or discard")
        let shownPath = ReportStaging.join(destination, name)
        guard ReportStaging.isPlainFileName(name) else {
            throw OutputError(action: "cannot write", path: shownPath, reason: "not a plain file name")
        }
        var writer = try StagedFileWriter(path: ReportStaging.join(stagingPath, name), name: name, shownPath: shownPath)
        do {
            try produce(&writer)
        } catch {
            writer.abandon()
            throw error
        }
        let file = try writer.finish()
        written.withLock { $0.append(file) }
        return file
    }

    /// Publishes the staged files as the folder's report (see the type's summary) and gives the
    /// lock up. A failure before the switch leaves the previous report as it was (call
    /// `discard()` afterwards); once the switch is done the report is published, and what is
    /// left to tidy is tidied by the next run.
    func commit() throws(OutputError) {
        precondition(isOpen, "ReportStaging committed after commit or discard")
        let id = id
        try ReportStaging.active.withLock { (registry) throws(OutputError) in
            guard registry.entries[id] != nil else {
                throw OutputError(action: "cannot write", path: destination, reason: "interrupted")
            }
            let signals = SignalBlock()
            defer { signals.restore() }
            do throws(OutputError) {
                try publish()
            } catch {
                if stoppedByTest {  // as a SIGKILL: nothing undone, the lock dropped
                    registry.entries.removeValue(forKey: id)
                    isOpen = false
                    lock?.release()
                } else if !isPublished {
                    undoUnpublished()
                }
                throw error
            }
            registry.entries.removeValue(forKey: id)
            let destination = destination
            ReportStaging.published.withLock { $0.append(destination) }
        }
        isOpen = false
        lock?.release()
    }

    /// Removes the staging folder and what this run created (see `Cleanup`) and gives the lock
    /// up; does nothing after `commit`.
    func discard() {
        guard isOpen else { return }
        isOpen = false
        let id = id
        ReportStaging.active.withLock { $0.entries.removeValue(forKey: id)?.run() }
        lock?.release()
    }

    /// The staging folders of this process not yet committed or discarded.
    static var activeStagingPaths: [String] {
        active.withLock { $0.entries.values.map(\.stagingPath).sorted() }
    }

    /// Cleans up after every active staging folder (waiting for a commit in progress to
    /// finish); for a signal handler before the process exits. `matching` limits it to some
    /// paths (tests that must not disturb other staging folders of the process). Returns the
    /// staging folders removed.
    @discardableResult
    package static func discardAllActive(matching include: (String) -> Bool = { _ in true }) -> [String] {
        active.withLock { registry in
            let removed = registry.entries.filter { include($0.value.stagingPath) }.sorted { $0.value.stagingPath < $1.value.stagingPath }
            for (id, cleanup) in removed {
                cleanup.run()
                registry.entries.removeValue(forKey: id)
            }
            return removed.map(\.value.stagingPath)
        }
    }

    /// The report folder a staging folder belongs to
    /// (`out/reports/.receipt-ledger/staging-42` → `out/reports`).
    package static func destination(ofStaging path: String) -> String {
        let (state, _) = split(path)
        guard let state else { return path }
        let (folder, name) = split(state)
        guard name == stateName, let folder else { return path }
        return folder
    }
}
