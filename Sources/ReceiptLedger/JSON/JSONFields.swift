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
            object.document.withView { $0.find(keys, in: object.index, into: found) }
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
}
