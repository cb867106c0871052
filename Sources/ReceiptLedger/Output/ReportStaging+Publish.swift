#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReportStaging {
    /// Moves the staged files into place; called by `commit` with signals blocked.
    func publish(ownedNames: Set<String>) throws(OutputError) {
        var status = stat()
        guard lstat(destination, &status) == 0 else {
            guard errno == ENOENT else { throw OutputError.posix("cannot write", destination, errno: errno) }
            guard rename(stagingPath, destination) == 0 else {
                throw OutputError.posix("cannot write", destination, errno: errno)
            }
            ReportStaging.syncFolder(ReportStaging.split(destination).parent ?? ".")
            return
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError.posix("cannot write", destination, errno: ENOTDIR)
        }
        let names = files.map(\.name).sorted()  // the same order whichever thread finished first
        for name in names where lstat("\(destination)/\(name)", &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw OutputError.posix("cannot write", "\(destination)/\(name)", errno: EISDIR)
        }
        for name in names where rename("\(stagingPath)/\(name)", "\(destination)/\(name)") != 0 {
            throw OutputError.posix("cannot write", "\(destination)/\(name)", errno: errno)
        }
        for name in ownedNames.subtracting(names).sorted() where unlink("\(destination)/\(name)") != 0 && errno != ENOENT {
            throw OutputError.posix("cannot remove", "\(destination)/\(name)", errno: errno)
        }
        rmdir(stagingPath)
        ReportStaging.syncFolder(destination)
    }

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

    /// The absolute path without `.`, `..` or symbolic links, or `nil` (see `errno`).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates a folder and its missing parents (like `mkdir -p`).
    static func makeFolders(_ path: String) throws(OutputError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.posix("cannot create folder", path, errno: ENOTDIR)
            }
            return
        }
        if let parent = split(path).parent, parent != path { try makeFolders(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw OutputError.posix("cannot create folder", path, errno: errno)
        }
    }

    /// Flushes a folder's entries (the renames) to the disk; best effort.
    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread until `restore()`; a signal sent
/// meanwhile stays pending and is delivered then (pthread_sigmask(3)).
struct SignalBlock {
    private var previous = sigset_t()

    init() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    }

    func restore() {
        var previous = previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
