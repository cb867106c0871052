/// Parses documents one after another, reusing its tape, stack and copy buffer.
///
/// When the caller drops each `JSONDocument` before parsing the next (the usual loop over
/// records), parsing allocates nothing but the small `JSONDocument` object itself. A document
/// that is kept alive stays valid: its storage is then shared, and the parser takes fresh
/// storage for the next one. One parser per thread; it is not `Sendable`.
final class JSONParser {
    let maxDepth: Int
    private var tape = JSONTape(capacity: 256)
    private var stack: [JSONTapeBuilder.Frame] = []
    private var copyBuffer: [UInt8] = []

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

    /// Parses a copy of `bytes` (made into a buffer the parser reuses when it can).
    func parse(copying bytes: UnsafeRawBufferPointer, knownObjects: JSONTapeBuilder.KnownObjects? = nil) throws(JSONParseError) -> JSONDocument {
        // Leaves the old storage to any document still using it.
        copyBuffer.removeAll(keepingCapacity: true)
        copyBuffer.append(contentsOf: bytes)
        return try parse(copyBuffer, knownObjects: knownObjects)
    }
}
