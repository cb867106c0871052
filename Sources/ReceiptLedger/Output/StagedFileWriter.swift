#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What was written to one staged file: its name, size and SHA-256, for `manifest.json`.
struct StagedFile: Sendable, Equatable {
    var name: String
    var byteCount: Int
    /// Lower-case hexadecimal SHA-256 of the bytes written.
    var sha256: String
}

/// Appends bytes to a new file in the staging folder, hashing them on the way, so a large CSV
/// can be written in chunks without a second copy in memory.
struct StagedFileWriter {
    private let descriptor: Int32
    private let name: String
    /// The path errors name (the file's final place, `reports/x.csv`).
    private let shownPath: String
    private var hasher = SHA256()
    private var byteCount = 0

    /// Creates the file; it must not exist yet (`O_EXCL`).
    init(path: String, name: String, shownPath: String) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.posix("cannot write", shownPath, errno: errno) }
        self.descriptor = descriptor
        self.name = name
        self.shownPath = shownPath
    }

    /// Appends bytes to the file.
    mutating func append(_ bytes: [UInt8]) throws(OutputError) {
        var failure: OutputError?
        bytes.withUnsafeBytes { buffer in
            do throws(OutputError) { try append(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends the UTF-8 bytes of a text to the file.
    mutating func append(_ text: String) throws(OutputError) {
        try append(Array(text.utf8))
    }

    /// Appends bytes to the file.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        hasher.update(bytes)
        byteCount += bytes.count
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.posix("cannot write", shownPath, errno: errno)
            }
            written += count
        }
    }

    /// Flushes the file to the disk (`fsync`, so that a later rename publishes complete content),
    /// closes it and returns its summary.
    mutating func finish() throws(OutputError) -> StagedFile {
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            throw OutputError.posix("cannot write", shownPath, errno: code)
        }
        if close(descriptor) != 0 { throw OutputError.posix("cannot write", shownPath, errno: errno) }
        return StagedFile(name: name, byteCount: byteCount, sha256: SHA256.hex(of: hasher.finalize()))
    }

    /// Closes the file after a failure, ignoring further errors.
    func abandon() {
        close(descriptor)
    }
}
