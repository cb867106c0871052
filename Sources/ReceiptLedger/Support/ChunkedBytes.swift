#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file handed out a chunk at a time (never the whole file), or bytes already in
/// memory handed out as one chunk: what `GzipReader` and `LineReader` read from.
///
/// Used by one thread at a time.
final class ChunkedBytes {
    /// The file, or nil when the bytes are in memory.
    let path: String?
    private var descriptor: Int32 = -1
    private var memory: [UInt8]?
    private let chunkSize: Int
    /// Bytes handed out so far.
    private(set) var offset: Int64 = 0

    /// Opens `path` for reading in chunks of `chunkSize` bytes.
    init(path: String, chunkSize: Int = 1 << 16) throws(GzipError) {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw GzipError(.unreadable("cannot read \(path): \(String(cString: strerror(errno)))"), at: 0)
        }
    }

    /// Hands out `bytes` in chunks of `chunkSize` (tests use a small size to cross chunk edges).
    init(bytes: [UInt8], chunkSize: Int = Int.max) {
        path = nil
        memory = bytes
        self.chunkSize = max(1, chunkSize)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next chunk (never empty), or nil at the end.
    func next() throws(GzipError) -> [UInt8]? {
        if let memory {
            let start = Int(offset)
            guard start < memory.count else { return nil }
            let end = memory.count - start > chunkSize ? start + chunkSize : memory.count
            offset = Int64(end)
            return Array(memory[start..<end])
        }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw GzipError(.unreadable("cannot read \(path ?? "input"): \(String(cString: strerror(errno)))"), at: offset)
            }
            if count == 0 { return nil }
            offset += Int64(count)
            if count < buffer.count { buffer.removeSubrange(count...) }
            return buffer
        }
    }
}
