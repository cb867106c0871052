#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading arrays and objects: walking children with the tape's `next` links, never recursing.
extension JSONValue {
    /// The member named `key`, or nil if this is not an object or has no such member. With
    /// duplicate keys the last one wins (as in most parsers, e.g. JavaScript's `JSON.parse`).
    ///
    /// Does not allocate for keys without escapes: their raw bytes are compared to `key`'s UTF-8.
    subscript(key: String) -> JSONValue? {
        let entry = entry
        guard entry.kind == .object, entry.count > 0 else { return nil }
        if let found = key.utf8.withContiguousStorageIfAvailable({ member(named: $0, in: entry) }) {
            return found
        }
        return Array(key.utf8).withUnsafeBufferPointer { member(named: $0, in: entry) }
    }

    private func member(named key: UnsafeBufferPointer<UInt8>, in entry: JSONTapeEntry) -> JSONValue? {
        let end = Int(entry.next)
        let found: Int? = document.tape.withEntries { entries in
            precondition(end <= entries.count, "tape link out of range")
            return document.bytes.withUnsafeBufferPointer { bytes in
                var found: Int?
                var i = index + 1
                while i < end {
                    if Self.string(entries[i], in: bytes, equals: key) { found = i + 1 }
                    i = Self.indexAfter(i + 1, in: entries)
                }
                return found
            }
        }
        return found.map { JSONValue(document: document, index: $0) }
    }

    /// The tape index just past the value at `i`. Scalars (most receipt values) take the
    /// branch that does not wait for a load, so the walk over members is not one long chain
    /// of dependent loads.
    @inline(__always)
    static func indexAfter(_ i: Int, in entries: UnsafeBufferPointer<JSONTapeEntry>) -> Int {
        let entry = entries[i]
        return entry.kind == .object || entry.kind == .array ? Int(entry.next) : i + 1
    }

    /// Whether the string entry `entry` decodes to exactly `text` (UTF-8).
    @inline(__always)
    static func string(
        _ entry: JSONTapeEntry, in bytes: UnsafeBufferPointer<UInt8>, equals text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let start = Int(entry.start) + 1
        let length = Int(entry.end) - 1 - start
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
        if entry.flags.contains(.hasEscapes) {
            // Rare: decode, then compare (an escape never makes the text longer than its bytes).
            guard length >= text.count else { return false }
            var decoded = JSONStringDecoder.decode(raw)
            return decoded.withUTF8 { $0.elementsEqual(text) }
        }
        return length == text.count && ByteRuns.equal(raw, text)
    }

    /// Calls `body` with each element of an array, in order; does nothing for other kinds.
    func forEachElement<E: Error>(_ body: (JSONValue) throws(E) -> Void) throws(E) {
        let entry = entry
        guard entry.kind == .array else { return }
        let tape = document.tape
        let end = Int(entry.next)
        var i = index + 1
        while i < end {
            try body(JSONValue(document: document, index: i))
            i = Int(tape[i].next)
        }
    }

    /// Calls `body` with each member of an object in source order (duplicates included); the
    /// key is a `.string` value, so it can be tested with `stringEquals` without allocating.
    func forEachMember<E: Error>(_ body: (_ key: JSONValue, _ value: JSONValue) throws(E) -> Void) throws(E) {
        let entry = entry
        guard entry.kind == .object else { return }
        let tape = document.tape
        let end = Int(entry.next)
        var i = index + 1
        while i < end {
            try body(JSONValue(document: document, index: i), JSONValue(document: document, index: i + 1))
            i = Int(tape[i + 1].next)
        }
    }

    /// Array elements in order; `[]` for other kinds. `forEachElement` avoids the array.
    var elements: [JSONValue] {
        var result: [JSONValue] = []
        result.reserveCapacity(count)
        forEachElement { result.append($0) }
        return result
    }

    /// Object members in source order, duplicates included; `[]` for other kinds.
    var members: [(key: String, value: JSONValue)] {
        var result: [(key: String, value: JSONValue)] = []
        result.reserveCapacity(count)
        forEachMember { key, value in result.append((key.string ?? "", value)) }
        return result
    }
}
