/// The members of one object that a `JSONKeySet` names, found in one pass over the object.
///
/// ```swift
/// static let keys = JSONKeySet(["product_id", "purchase_date_ms", "cancellation_date_ms"])
/// var fields = JSONFields(Self.keys)          // make once, reuse for every object
/// transactions.forEachElement { transaction in
///     fields.read(transaction)
///     let productID = fields[0]?.string       // positions follow the key set's order
/// }
/// ```
/// Duplicate member keys: the last one wins, as with `JSONValue.subscript(key:)`.
/// `read` allocates nothing unless a member key contains escapes.
struct JSONFields {
    let keys: JSONKeySet
    private var document: JSONDocument?
    /// Tape index of the value found for each key position, or -1.
    private var found: [Int]

    init(_ keys: JSONKeySet) {
        self.keys = keys
        found = [Int](repeating: -1, count: keys.count)
    }

    /// Forgets the previous object and picks the known keys out of `object`. For a value that
    /// is not an object, every field is then nil.
    mutating func read(_ object: JSONValue) {
        document = object.document
        let keys = keys
        found.withUnsafeMutableBufferPointer { found in
            found.update(repeating: -1)
            let entry = object.entry
            guard entry.kind == .object else { return }
            let end = Int(entry.next)
            object.document.tape.withEntries { entries in
                precondition(end <= entries.count, "tape link out of range")
                object.document.bytes.withUnsafeBufferPointer { bytes in
                    var i = object.index + 1
                    while i < end {
                        if let position = Self.position(of: entries[i], in: bytes, keys: keys) {
                            found[position] = i + 1
                        }
                        i = JSONValue.indexAfter(i + 1, in: entries)
                    }
                }
            }
        }
    }

    /// The value of the key at `position` in the key set, nil if the object has no such member.
    subscript(position: Int) -> JSONValue? {
        let index = found[position]
        guard index >= 0, let document else { return nil }
        return JSONValue(document: document, index: index)
    }

    /// The value of `key`, which must be in the key set (nil otherwise, or if absent).
    subscript(key: String) -> JSONValue? {
        keys.position(of: key).flatMap { self[$0] }
    }

    @inline(__always)
    private static func position(
        of keyEntry: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>, keys: JSONKeySet
    ) -> Int? {
        let start = Int(keyEntry.start) + 1
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<(Int(keyEntry.end) - 1)])
        guard keyEntry.flags.contains(.hasEscapes) else { return keys.position(of: raw) }
        var decoded = JSONStringDecoder.decode(raw)
        return decoded.withUTF8 { keys.position(of: $0) }
    }
}
