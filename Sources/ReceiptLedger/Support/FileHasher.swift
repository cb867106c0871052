#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SHA-256 of one file, computed a chunk at a time, so that hashing can stop between
/// chunks and go on later, on another thread (`FileDigests` hands a half-hashed file over).
///
/// Reads through `read` in 256 KiB chunks: through `mmap` in 16–64 MiB windows (sequential
/// advice, unmapped as it goes) was measured on an 837 MB input and is no cheaper (0.53–0.55
/// CPU s against 0.51–0.52; the copy is a few percent, the compression function the rest, now
/// as fast as OpenSSL's: about 2 GB/s on this machine), and every mapped window counts in the
/// resident size. The chunk is a quarter of a core's 1 MiB L2 cache: the hash runs in the gaps
/// the reading and merging threads leave on their cores, and a 1 MiB buffer emptied the cache
/// they come back to (200,000 records, eight runs each in turn: 1 MiB was the slowest of 16,
/// 64, 256 KiB and 1 MiB, by about 2 % of those threads' CPU time; chunk size does not change
/// the hash's own speed).
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
