#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive flock(2) on `.receipt-ledger/lock` inside a report folder, so that two runs never
/// write the same folder: the second one fails at once and names the first one's process id.
///
/// The lock is on the open file (not the process): two runs in one process exclude each other
/// too, and the system drops it when the process ends, however it ends (a SIGKILL included), so
/// a stale lock cannot stop a later run. The state folder is created when missing; it may be
/// removed by a run that gives it up (nothing was ever published), so the lock is taken on the
/// file the path names after locking (the same inode), else taken again.
final class ReportFolderLock {
    let path: String
    private var descriptor: Int32

    /// Takes the lock of the state folder `statePath` of the report folder shown as `folder`.
    init(statePath: String, folder: String) throws(OutputError) {
        path = ReportStaging.join(statePath, "lock")
        for _ in 0..<16 {
            guard mkdir(statePath, 0o755) == 0 || errno == EEXIST else {
                throw OutputError.posix("cannot create folder", statePath, errno: errno)
            }
            let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard opened >= 0 else {
                if errno == ENOENT { continue }  // the state folder went away meanwhile
                throw OutputError.posix("cannot write", path, errno: errno)
            }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                let holder = Self.processID(in: opened)
                close(opened)
                guard code == EWOULDBLOCK else { throw OutputError.posix("cannot lock", path, errno: code) }
                let who = holder.map { "another receipt-ledger run (pid \($0))" } ?? "another receipt-ledger run"
                throw OutputError(action: "cannot write", path: folder,
                                  reason: "\(who) is writing a report there; run again when it has finished", kind: .busy)
            }
            var held = stat(), named = stat()
            if fstat(opened, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                descriptor = opened
                let text = Array("\(getpid())\n".utf8)
                ftruncate(opened, 0)
                _ = text.withUnsafeBytes { pwrite(opened, $0.baseAddress, $0.count, 0) }
                return
            }
            close(opened)
        }
        throw OutputError(action: "cannot lock", path: path, reason: "the lock file keeps being replaced")
    }

    deinit {
        release()
    }

    /// Gives the lock up; the file stays (another run may be opening it).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// The process id the holder wrote into the lock file, if readable.
    private static func processID(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}
