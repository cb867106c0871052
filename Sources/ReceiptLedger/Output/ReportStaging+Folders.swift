#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Paths, folder creation and the state folder's housekeeping for `ReportStaging`.
extension ReportStaging {
    /// Whether `name` is a single path component (no `/`, not `.` or `..`, no NUL).
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    /// The parent folder (`nil` for a bare name) and the last component of a path.
    static func split(_ path: String) -> (parent: String?, base: String) {
        guard let slash = path.lastIndex(of: "/") else { return (nil, path) }
        let parent = path[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(path[path.index(after: slash)...]))
    }

    /// `folder/name` (`/name` in the root folder).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The absolute path without `.`, `..` or symbolic links, or `nil` (see `errno`).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Refuses the root folder and the user's home folder, which are never report folders.
    static func refuseSystemFolder(_ folder: String) throws(OutputError) {
        guard let resolved = realPath(folder) else { return }
        if resolved == "/" {
            throw OutputError.refusal(folder, "it is the root folder, not a report folder (choose one, or add --force to write there anyway)")
        }
        var homes = [ProcessInfo.processInfo.environment["HOME"]]
        if let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir { homes.append(String(cString: home)) }
        if homes.compactMap({ $0 }).contains(where: { !$0.isEmpty && realPath($0) == resolved }) {
            throw OutputError.refusal(folder, "it is your home folder, not a report folder "
                                      + "(choose one, or add --force to write there anyway)")
        }
    }

    /// Creates a folder and its missing parents (like `mkdir -p`), appending each folder it
    /// created to `created`, outermost first.
    static func makeFolders(_ path: String, created: inout [String]) throws(OutputError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.posix("cannot create folder", path, errno: ENOTDIR)
            }
            return
        }
        if let parent = split(path).parent, parent != path { try makeFolders(parent, created: &created) }
        if mkdir(path, 0o755) == 0 {
            created.append(path)
            return
        }
        let code = errno
        guard code == EEXIST, LocalFile.isFolder(path) else {
            throw OutputError.posix("cannot create folder", path, errno: code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Fails unless the file system makes symbolic links, which the report's switch needs (some
    /// network and FAT file systems do not): before the input is read, not at the end.
    static func requireSymbolicLinks(_ statePath: String, shownAs folder: String) throws(OutputError) {
        let probe = join(statePath, "link.tmp")
        unlink(probe)
        guard symlink("current", probe) == 0 else {
            let code = errno
            throw OutputError(action: "cannot write", path: folder,
                              reason: "\(String(cString: strerror(code))) (the report is published by switching a symbolic link)")
        }
        unlink(probe)
    }

    /// Flushes a folder's entries (the renames) to the disk; best effort.
    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Whether a state folder entry is one a run makes and may remove: a generation
    /// (`report-N`), a staging folder (`staging-<pid>`) or a link being replaced (`*.new`,
    /// `link.tmp`). Anything else in there (not the tool's) is left alone.
    static func isOwnStateEntry(_ name: String) -> Bool {
        if ReportFolderSurvey.generationNumber(name) != nil || name == "link.tmp" || name == "current.new" || name == "previous.new" {
            return true
        }
        return name.hasPrefix("staging-") && ReportFolderSurvey.digits(name.dropFirst("staging-".count)) != nil
    }

    /// Removes what runs stopped by a SIGKILL (or a power cut) left in a state folder: every
    /// generation but the current and the previous one, staging folders, half-made links. Call
    /// it holding the lock. `afterStep` runs after each removal.
    static func sweep(_ statePath: String, afterStep: () throws(OutputError) -> Void = {}) throws(OutputError) {
        let kept = Set(["current", "previous"].compactMap { ReportFolderSurvey.generation(linkedBy: join(statePath, $0)) })
        for name in try LocalFile.entries(statePath) where isOwnStateEntry(name) && !kept.contains(name) {
            if (try? FileManager.default.removeItem(atPath: join(statePath, name))) != nil { try afterStep() }
        }
    }

    /// Removes a state folder in which no report was ever published (no `current`): what the
    /// run made there and the lock file. The folder itself goes when then empty.
    static func removeUnpublishedState(_ statePath: String) {
        guard LocalFile.kind(join(statePath, "current")) == .missing,
              let names = try? LocalFile.entries(statePath) else { return }
        for name in names where isOwnStateEntry(name) || name == "lock" || name == "previous" {
            try? FileManager.default.removeItem(atPath: join(statePath, name))
        }
        rmdir(statePath)
    }
}
