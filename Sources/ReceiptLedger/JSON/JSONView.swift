/// A parsed document seen through its raw buffers: the reads of `JSONValue`, addressed by tape
/// index, for loops that read thousands of values per document.
///
/// `JSONValue` keeps its document alive, so every value made, copied or dropped touches a
/// reference count (an atomic operation), which would be paid for every value of every answer.
/// A view holds plain pointers instead and exists only inside
/// `JSONDocument.withView`, where the document is alive anyway. `JSONValue`'s own readers are
/// written on top of a view, so both read every value the same way.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › JSONView.
struct JSONView {
    let entries: UnsafeBufferPointer<JSONTapeEntry>
    let bytes: UnsafeBufferPointer<UInt8>

    @inline(__always)
    func kind(_ index: Int) -> JSONKind { entries[index].kind }

    /// Elements of an array or members of an object; 0 for scalars.
    func count(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.count) : 0
    }

    /// Calls `body` with a string's UTF-8 text: its bytes in place when it has no escapes,
    /// else decoded into a temporary. nil for other kinds.
    @inline(__always)
    func withString<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        let contents = UnsafeBufferPointer(rebasing: bytes[(Int(entry.start) + 1)..<(Int(entry.end) - 1)])
        guard entry.flags.contains(.hasEscapes) else { return body(contents) }
        return JSONStringDecoder.withDecoded(contents, body)
    }

    /// A string's bytes in place, when it has no escapes; nil for other kinds and escaped strings.
    @inline(__always)
    func unescapedString(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let entry = entries[index]
        guard entry.kind == .string, !entry.flags.contains(.hasEscapes) else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[(Int(entry.start) + 1)..<(Int(entry.end) - 1)])
    }

    /// The decoded text of a string; nil for other kinds.
    func string(_ index: Int) -> String? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        let contents = UnsafeBufferPointer(rebasing: bytes[(Int(entry.start) + 1)..<(Int(entry.end) - 1)])
        return entry.flags.contains(.hasEscapes) ? JSONStringDecoder.decode(contents) : String(decoding: contents, as: UTF8.self)
    }

    /// The decoded UTF-8 of a string as bytes; nil for other kinds.
    func stringBytes(_ index: Int) -> [UInt8]? {
        let entry = entries[index]
        guard entry.kind == .string else { return nil }
        let contents = UnsafeBufferPointer(rebasing: bytes[(Int(entry.start) + 1)..<(Int(entry.end) - 1)])
        return entry.flags.contains(.hasEscapes) ? JSONStringDecoder.decodedBytes(contents) : Array(contents)
    }

    /// The exact source bytes of a value (with the quotes, for a string).
    func rawBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[index]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
    }

    /// A number as written; nil for other kinds.
    func numberText(_ index: Int) -> String? {
        kind(index) == .number ? String(decoding: rawBytes(index), as: UTF8.self) : nil
    }

    /// The value of an integer literal that fits `Int64`; nil for other kinds, fractions,
    /// exponents and out-of-range integers.
    func int64(_ index: Int) -> Int64? {
        let entry = entries[index]
        guard entry.kind == .number, entry.flags.contains(.isInteger) else { return nil }
        return JSONValue.parseInt64(bytes, from: Int(entry.start), to: Int(entry.end))
    }

    func bool(_ index: Int) -> Bool? {
        let entry = entries[index]
        return entry.kind == .bool ? entry.flags.contains(.isTrue) : nil
    }

    /// Calls `body` with the tape index of each element of an array, in order; nothing for
    /// other kinds.
    func forEachElement(_ index: Int, _ body: (Int) -> Void) {
        let entry = entries[index]
        guard entry.kind == .array else { return }
        var i = index + 1
        while i < Int(entry.next) {
            body(i)
            i = JSONValue.indexAfter(i, in: entries)
        }
    }

    /// Calls `body` with the tape indices of each member's key and value, in source order.
    func forEachMember(_ index: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
        let entry = entries[index]
        guard entry.kind == .object else { return }
        var i = index + 1
        while i < Int(entry.next) {
            body(i, i + 1)
            i = JSONValue.indexAfter(i + 1, in: entries)
        }
    }

    /// The tape index of the value of member `key` of the object at `index` (the last of
    /// duplicate keys); nil when absent or not an object. For the rarer kinds of record, whose
    /// few lookups do not need a `JSONKeySet`.
    func member(_ key: String, of index: Int) -> Int? {
        var found: Int?
        var key = key
        key.withUTF8 { wanted in
            forEachMember(index) { keyIndex, value in
                if withString(keyIndex, { ByteRuns.equal($0, wanted) }) == true { found = value }
            }
        }
        return found
    }

    /// Finds the members of the object at `index` that `keys` names, in one pass: `found[k]` is
    /// the tape index of the value of key `k`, or -1 (the last of duplicate keys wins, as with
    /// `JSONValue[key]`). For a value that is not an object every slot is -1.
    func find(_ keys: JSONKeySet, in index: Int, into found: UnsafeMutableBufferPointer<Int>) {
        found.update(repeating: -1)
        let entry = entries[index]
        guard entry.kind == .object else { return }
        let end = Int(entry.next)
        precondition(end <= entries.count, "tape link out of range")
        var i = index + 1
        while i < end {
            if let position = keys.position(ofKey: entries[i], in: bytes) { found[position] = i + 1 }
            i = JSONValue.indexAfter(i + 1, in: entries)
        }
    }
}

extension JSONDocument {
    /// Calls `body` with a view of this document (valid only inside `body`).
    @inline(__always)
    func withView<R>(_ body: (JSONView) -> R) -> R {
        tape.withEntries { entries in
            bytes.withUnsafeBufferPointer { bytes in body(JSONView(entries: entries, bytes: bytes)) }
        }
    }
}

extension JSONKeySet {
    /// The position of the key whose string entry is `keyEntry` (its escapes decoded), or nil.
    @inline(__always)
    func position(ofKey keyEntry: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let start = Int(keyEntry.start) + 1
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<(Int(keyEntry.end) - 1)])
        guard keyEntry.flags.contains(.hasEscapes) else { return position(of: raw) }
        return JSONStringDecoder.withDecoded(raw) { position(of: $0) }
    }
}
