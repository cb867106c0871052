/// A fast 64-bit hash of bytes (multiply and fold, eight bytes at a time) for the run's own
/// tables, which compare candidates in full anyway: it only has to spread them.
///
/// Fixed, not seeded per process like `Hasher` (SipHash), and a fraction of SipHash's cost
/// for a 16-byte id, since ids are hashed several times per record (each record's user, each
/// new transaction copy, each order). The tables lay out the same way on every run; what they
/// answer never depends on the layout.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ByteHash.
enum ByteHash {
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed &* multiplier
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* multiplier
        return hash ^ hash >> 29
    }
}
