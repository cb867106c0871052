#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Comparisons of byte runs that the readers make for every key and id they look up.
enum ByteRuns {
    /// Whether two byte runs are equal. Keys and ids (8–64 bytes, the bulk of the calls: every
    /// member key the reader looks up, every user id) are compared eight bytes at a time in
    /// line, the last word overlapping the one before, since a call to `memcmp` costs more
    /// than the comparison for them.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let aBase = a.baseAddress, let bBase = b.baseAddress else { return true }
        let count = a.count
        guard count >= 8, count <= 64 else {
            return count < 8 ? (0..<count).allSatisfy { aBase[$0] == bBase[$0] } : memcmp(aBase, bBase, count) == 0
        }
        let (left, right) = (UnsafeRawPointer(aBase), UnsafeRawPointer(bBase))
        var offset = 0
        while offset + 8 < count {
            guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                return false
            }
            offset += 8
        }
        return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
