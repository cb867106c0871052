/// Parses documents one after another, reusing its tape and stack.
///
/// A reader that keeps nothing of a document parses it in place (`withView(parsingInPlace:)`),
/// which allocates nothing. When the caller drops each `JSONDocument` before parsing the next,
/// parsing allocates nothing but the small `JSONDocument` object itself. A document
/// that is kept alive stays valid: its storage is then shared, and the parser takes fresh
/// storage for the next one. One parser per thread; it is not `Sendable`.
final class JSONParser {
    let maxDepth: Int
    private var tape = JSONTape(capacity: 256)
    private var stack: [JSONTapeBuilder.Frame] = []

    init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }

    /// Parses `bytes`, sharing the array's storage (no copy). Objects `knownObjects` recognises
    /// are left whole on the tape (see `JSONTapeBuilder.KnownObjects`).
    func parse(_ bytes: [UInt8], knownObjects: JSONTapeBuilder.KnownObjects? = nil) throws(JSONParseError) -> JSONDocument {
        if isKnownUniquelyReferenced(&tape) {
            tape.removeAll()
        } else {
            tape = JSONTape(capacity: bytes.count / 16)
        }
        try JSONTapeBuilder.build(bytes, into: tape, stack: &stack, maxDepth: maxDepth, knownObjects: knownObjects)
        return JSONDocument(parsedBytes: bytes, tape: tape)
    }

    /// Parses `bytes` where they are (no copy) and calls `body` with a view of the result;
    /// the view, like the bytes, is valid only inside `body`. For a caller that reads what it
    /// needs and keeps nothing of the document: a thread reading one answer after another.
    func withView<R>(parsingInPlace bytes: UnsafeRawBufferPointer, knownObjects: JSONTapeBuilder.KnownObjects? = nil,
                     knownObjectArrays: JSONKeySet? = nil, _ body: (JSONView) -> R) throws(JSONParseError) -> R {
        if isKnownUniquelyReferenced(&tape) {
            tape.removeAll()
        } else {
            tape = JSONTape(capacity: bytes.count / 16)
        }
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        try JSONTapeBuilder.build(buffer, into: tape, stack: &stack, maxDepth: maxDepth, knownObjects: knownObjects,
                                  knownObjectArrays: knownObjectArrays)
        return tape.withEntries { entries in body(JSONView(entries: entries, bytes: buffer)) }
    }
}
