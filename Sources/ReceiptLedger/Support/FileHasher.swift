#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SHA-256 of one file, computed a chunk at a time, so that hashing can stop between
/// chunks and go on later, on another thread (`FileDigests` hands a half-hashed file over).
///
/// Reads through `read` in 256 KiB chunks: `mmap` is no cheaper, and every mapped window would
/// count in the resident size. The chunk is small so that the hash, which runs in the gaps the
/// reading and merging threads leave on their cores, does not empty the caches they come back
/// to. Figures: Benchmarks/EXPERIMENTS.md, "Kept" › FileHasher.
///
/// Used by one thread at a time; a hand-over between threads must go through a lock.
final class FileHasher: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let chunk: UnsafeMutableRawBufferPointer
    private var hasher = SHA256()

    init(path: String) throws(OutputError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.posix("cannot read", path, errno: errno) }
        self.path = path
        self.descriptor = descriptor
        chunk = .allocate(byteCount: 1 << 18, alignment: 16)
        #if canImport(Glibc)
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))  // a hint; failure is harmless
        #endif
    }

    deinit {
        close(descriptor)
        chunk.deallocate()
    }

    /// Reads and hashes the next chunk; false at the end of the file.
    func hashNextChunk() throws(OutputError) -> Bool {
        while true {
            let count = read(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.posix("cannot read", path, errno: errno)
            }
            if count == 0 { return false }
            hasher.update(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            return true
        }
    }

    /// The lower-case hex digest, once `hashNextChunk` has returned false.
    func hexDigest() -> String { SHA256.hex(of: hasher.finalize()) }
}
