/// Which bytes a transaction copy was read from, as much as `RepeatedCopyShortcut` needs: a
/// 64-bit hash (`ByteHash`) of the entry's bytes and their count. Every stored answer repeats
/// its user's history byte for byte, so equal fingerprints tell the merge "this copy says what
/// the copy merged last said" without keeping either copy's bytes.
///
/// Compared only between copies of one transaction (same id, same environment): two different
/// entries of the same length for one transaction would have to hash alike by chance (ByteHash
/// maps each eight-byte word through a bijection of its state, so entries of equal length that
/// differ in one word never do, and otherwise about one in 2^64) for a copy to be skipped that
/// should have been merged (docs/DECISIONS.md, "The repeated-copy shortcut compares hashes").
struct CopyFingerprint: Sendable, Equatable {
    private let hash: UInt64
    private let length: Int

    /// No bytes: a copy the shortcut leaves alone (read with the shortcut off, or a signed
    /// copy); it is the same as no other, itself included.
    static let none = CopyFingerprint(hash: 0, length: 0)

    private init(hash: UInt64, length: Int) {
        self.hash = hash
        self.length = length
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.init(hash: ByteHash.hash(bytes, seed: 0x636F_7079), length: bytes.count)
    }

    /// Whether the copy read from `other` was read from the same bytes as this one.
    func isSame(as other: CopyFingerprint) -> Bool { length != 0 && self == other }
}
