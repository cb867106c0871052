/// Object keys known in advance (the ~30 fields of a transaction), prepared once so that
/// `JSONFields` can pick all of them out of an object in a single pass over its members,
/// instead of one scan of the members per key.
///
/// Keys are bucketed by UTF-8 length: a member key is compared byte for byte only with the
/// (usually one or two) known keys of the same length.
struct JSONKeySet: Sendable {
    /// The keys, in the order given; a key's position here is its position in `JSONFields`.
    let keys: [String]
    /// All keys' UTF-8, back to back; key `k` is `utf8[offsets[k]..<offsets[k + 1]]`.
    private let utf8: [UInt8]
    private let offsets: [Int]
    /// Key positions sorted by length; those of length `L` are
    /// `byLength[lengthStart[L]..<lengthStart[L + 1]]`.
    private let byLength: [Int]
    private let lengthStart: [Int]

    /// - Precondition: no key appears twice (that would be a programming error).
    init(_ keys: [String]) {
        precondition(Set(keys).count == keys.count, "JSONKeySet: duplicate key")
        self.keys = keys
        var utf8: [UInt8] = []
        var offsets = [0]
        for key in keys {
            utf8.append(contentsOf: key.utf8)
            offsets.append(utf8.count)
        }
        let lengths = keys.map(\.utf8.count)
        let maxLength = lengths.max() ?? 0
        byLength = keys.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        var lengthStart = [Int](repeating: 0, count: maxLength + 2)
        for length in 0...(maxLength + 1) {
            lengthStart[length] = byLength.firstIndex { lengths[$0] >= length } ?? keys.count
        }
        self.utf8 = utf8
        self.offsets = offsets
        self.lengthStart = lengthStart
    }

    var count: Int { keys.count }

    /// The position of the key whose UTF-8 is exactly `bytes`, or nil if it is not in the set.
    @inline(__always)
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = bytes.count
        guard length + 1 < lengthStart.count else { return nil }
        let candidates = lengthStart[length]..<lengthStart[length + 1]
        guard !candidates.isEmpty else { return nil }
        return utf8.withUnsafeBufferPointer { known in
            for slot in candidates {
                let position = byLength[slot]
                let start = offsets[position]
                let candidate = UnsafeBufferPointer(rebasing: known[start..<(start + length)])
                if ByteRuns.equal(candidate, bytes) { return position }
            }
            return nil
        }
    }

    /// The position of `key`, or nil if it is not in the set.
    func position(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { position(of: $0) }
    }
}
