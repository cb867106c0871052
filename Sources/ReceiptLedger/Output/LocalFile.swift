#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes through POSIX calls, failing with the path and `strerror` text.
enum LocalFile {
    /// The file's bytes.
    static func readAll(_ path: String) throws(OutputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.posix("cannot read", path, errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.posix("cannot read", path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Creates the file (it must not exist yet), writes every byte, flushes it to the disk
    /// (`fsync`, so a later rename publishes complete content) and closes it. `shownPath` is the
    /// path the error names.
    static func create(_ path: String, bytes: UnsafeRawBufferPointer,
                       shownPath: String) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.posix("cannot write", shownPath, errno: errno) }
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw OutputError.posix("cannot write", shownPath, errno: code)
            }
            written += count
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            throw OutputError.posix("cannot write", shownPath, errno: code)
        }
        if close(descriptor) != 0 { throw OutputError.posix("cannot write", shownPath, errno: errno) }
    }
}
