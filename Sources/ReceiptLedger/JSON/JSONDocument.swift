/// A parsed JSON document: the input bytes plus the tape that indexes them.
///
/// Parsing validates everything (RFC 8259, strict) but decodes nothing; read values through
/// `root`. To parse many documents without allocating a tape for each, use `JSONParser`.
///
/// Immutable once built, hence `Sendable`. (`JSONTape` is a mutable class, but a tape handed to
/// a document is never written again: `JSONParser` only reuses a tape nothing else refers to.)
final class JSONDocument: Sendable {
    /// The input, BOM and surrounding whitespace included; tape offsets point into it.
    let bytes: [UInt8]
    let tape: JSONTape

    /// Parses `bytes`, sharing the array's storage (no copy).
    /// - Parameter maxDepth: how many containers may be open at once; deeper input is an error.
    init(bytes: [UInt8], maxDepth: Int = 512) throws(JSONParseError) {
        let tape = JSONTape(capacity: bytes.count / 16)
        var stack: [JSONTapeBuilder.Frame] = []
        try JSONTapeBuilder.build(bytes, into: tape, stack: &stack, maxDepth: maxDepth)
        self.bytes = bytes
        self.tape = tape
    }

    /// Parses a copy of `bytes`, e.g. a SQLite blob that is only valid inside a row callback.
    convenience init(bytes: UnsafeRawBufferPointer, maxDepth: Int = 512) throws(JSONParseError) {
        try self.init(bytes: [UInt8](bytes), maxDepth: maxDepth)
    }

    convenience init(text: String) throws(JSONParseError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Wraps a tape `JSONParser` has already built from `bytes`.
    init(parsedBytes bytes: [UInt8], tape: JSONTape) {
        self.bytes = bytes
        self.tape = tape
    }

    /// A document holding copies of a view's bytes and tape: for the rare reader that needs
    /// `JSONValue`s from a document parsed in place (`JSONParser.withView(parsingInPlace:)`).
    convenience init(copying view: JSONView) {
        let tape = JSONTape(capacity: view.entries.count)
        for entry in view.entries { tape.append(entry) }
        self.init(parsedBytes: Array(view.bytes), tape: tape)
    }

    /// The top-level value, of any kind (check `kind == .object` for a verifyReceipt answer).
    var root: JSONValue { JSONValue(document: self, index: 0) }
}
