import Foundation
import Synchronization

/// Writes a report folder so that a failed or interrupted run never leaves half a report.
///
/// Every file goes first into a staging folder beside the destination,
/// `<parent>/.<basename>.staging-<pid>` (same file system, so rename(2) can move it). `commit`
/// then publishes it: a missing destination is the staging folder renamed (one atomic step); an
/// existing one gets each file renamed in (atomic per file, POSIX rename(2)), then loses the
/// files it owns (`ownedNames`) that this run did not produce, while every other file and
/// subfolder (the `demo/` report inside `reports/`) stays. SIGINT, SIGTERM and SIGHUP are blocked
/// in the committing thread meanwhile (pthread_sigmask(3)), so that signal cannot stop it half-way.
///
/// On failure call `discard()`. A signal handler that must clean up calls `discardAllActive()`;
/// it takes a lock that `commit` holds, so call it from a normal context (a `DispatchSource`
/// signal handler), not from an async-signal handler.
///
/// Several threads may `write` files at once (a report writes its large files on two cores);
/// `commit` and `discard` must wait until no write is running.
final class ReportStaging: @unchecked Sendable {
    /// The report folder as the user named it (`reports`, `out/2024`).
    let destination: String
    /// The staging folder beside it.
    let stagingPath: String
    /// The files written so far, in the order they were finished.
    private let written = Mutex<[StagedFile]>([])
    /// Changed only by `commit` and `discard`, which no write runs beside.
    private var isOpen = true

    /// The files written so far, in the order they were finished.
    var files: [StagedFile] { written.withLock { $0 } }

    /// The staging folders of this process not yet committed or discarded.
    private static let active = Mutex<Set<String>>([])
    /// The report folders this process has committed, in order (for the signal message).
    private static let published = Mutex<[String]>([])

    static var publishedDestinations: [String] {
        published.withLock { $0 }
    }

    /// Creates a fresh staging folder beside `destination` (and the destination's parent
    /// folders when missing).
    init(destination: String) throws(OutputError) {
        var trimmed = destination
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        var (parent, base) = ReportStaging.split(trimmed)
        if base == "." || base == ".." || base == "/" || base.isEmpty {
            guard let resolved = ReportStaging.realPath(trimmed) else {
                throw OutputError.posix("cannot write", destination, errno: errno)
            }
            (parent, base) = ReportStaging.split(resolved)
        }
        self.destination = trimmed
        let prefix = parent.map { $0 == "/" ? "/" : $0 + "/" } ?? ""
        stagingPath = "\(prefix).\(base).staging-\(getpid())"

        if let parent { try ReportStaging.makeFolders(parent) }
        let path = stagingPath
        let claimed = ReportStaging.active.withLock { $0.insert(path).inserted }
        precondition(claimed, "\(stagingPath) is already staging a report")
        try? FileManager.default.removeItem(atPath: stagingPath)  // left by an earlier process with our pid
        guard mkdir(stagingPath, 0o755) == 0 else {
            let code = errno
            _ = ReportStaging.active.withLock { $0.remove(path) }
            isOpen = false
            throw OutputError.posix("cannot create folder", stagingPath, errno: code)
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
        let shownPath = "\(destination)/\(name)"
        guard ReportStaging.isPlainFileName(name) else {
            throw OutputError(action: "cannot write", path: shownPath, reason: "not a plain file name")
        }
        var writer = try StagedFileWriter(path: "\(stagingPath)/\(name)", name: name, shownPath: shownPath)
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

    /// Publishes the staged files into the destination and removes the staging folder; files of
    /// the destination named in `ownedNames` but not written this time are deleted.
    ///
    /// Before anything moves, fails when the destination is not a folder or holds a folder where
    /// a staged file goes; a later failure (a rename, a stale file that cannot be deleted) leaves
    /// the files moved so far in place. Either way call `discard()` afterwards.
    func commit(ownedNames: Set<String>) throws(OutputError) {
        precondition(isOpen, "ReportStaging committed after commit or discard")
        let path = stagingPath
        try ReportStaging.active.withLock { (active) throws(OutputError) in
            guard active.contains(path) else {
                throw OutputError(action: "cannot write", path: destination, reason: "interrupted")
            }
            let signals = SignalBlock()
            defer { signals.restore() }
            try publish(ownedNames: ownedNames)
            active.remove(path)
            let destination = destination
            ReportStaging.published.withLock { $0.append(destination) }
        }
        isOpen = false
    }

    /// Removes the staging folder and everything in it; does nothing after `commit`.
    func discard() {
        guard isOpen else { return }
        isOpen = false
        let path = stagingPath
        ReportStaging.active.withLock { active in
            if active.remove(path) != nil { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// The staging folders of this process not yet committed or discarded.
    static var activeStagingPaths: [String] {
        active.withLock { $0.sorted() }
    }

    /// Removes every active staging folder (waiting for a commit in progress to finish); for a
    /// signal handler before the process exits. `matching` limits it to some paths (tests that
    /// must not disturb other staging folders of the process). Returns the folders removed.
    @discardableResult
    static func discardAllActive(matching include: (String) -> Bool = { _ in true }) -> [String] {
        active.withLock { active in
            let removed = active.filter(include).sorted()
            for path in removed {
                try? FileManager.default.removeItem(atPath: path)
                active.remove(path)
            }
            return removed
        }
    }

    /// The report folder a staging folder belongs to (`out/.reports.staging-42` → `out/reports`).
    static func destination(ofStaging path: String) -> String {
        let (parent, base) = split(path)
        var name = Substring(base.dropFirst())
        if let marker = name.range(of: ".staging-", options: .backwards) { name = name[..<marker.lowerBound] }
        return parent.map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? String(name)
    }
}
