/// Parses documents one after another, reusing its tape and stack.
///
/// A reader that keeps nothing of a document parses it in place (`withView(parsingInPlace:)`),
/// which allocates nothing. When the caller drops each `JSONDocument` before parsing the next,
/// parsing allocates nothing but the small `JSONDocument` object itself. A document
/// that is kept alive stays valid: its storage is then shared, and the parser takes fresh
/// storage for the next one. One parser per thread; it is not `Sendable`.
///
/// `parsing` chooses, once for all its documents, which parser reads them: the tape parser, or
/// Foundation's (`FoundationJSON`, the reference reading), whose documents are written out
/// (nothing in place) and read through the same views.
final class JSONParser {
    let maxDepth: Int
    let parsing: JSONParsing
    /// The documents each parser has read here: the reference reading's tests check that
    /// Foundation read them all. (A document Foundation refused is worded by the strict parser:
    /// `FoundationJSON.refusal`.)
    private(set) var documentsRead = (tape: 0, foundation: 0)
    private var tape = JSONTape(capacity: 256)
    private var stack: [JSONTapeBuilder.Frame] = []

    /// - Parameter maxDepth: at most `FoundationJSON.maxDepth` when parsing with Foundation.
    init(maxDepth: Int = 512, parsing: JSONParsing = .tape) {
        precondition(parsing == .tape || maxDepth <= FoundationJSON.maxDepth, "Foundation nests at most 512 deep")
        self.maxDepth = maxDepth
        self.parsing = parsing
    }

    /// Parses `bytes`, sharing the array's storage (no copy).
    func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        if parsing == .foundation {
            documentsRead.foundation += 1
            return try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try FoundationJSON.document(buffer, maxDepth: maxDepth) }
        }
        documentsRead.tape += 1
        if isKnownUniquelyReferenced(&tape) {
            tape.removeAll()
        } else {
            tape = JSONTape(capacity: bytes.count / 16)
        }
        try JSONTapeBuilder.build(bytes, into: tape, stack: &stack, maxDepth: maxDepth)
        return JSONDocument(parsedBytes: bytes, tape: tape)
    }

    /// Parses `bytes` where they are (no copy) and calls `body` with a view of the result;
    /// the view, like the bytes, is valid only inside `body`. For a caller that reads what it
    /// needs and keeps nothing of the document: a thread reading one answer after another.
    func withView<R>(parsingInPlace bytes: UnsafeRawBufferPointer, _ body: (JSONView) -> R) throws(JSONParseError) -> R {
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        if parsing == .foundation {
            documentsRead.foundation += 1
            return try FoundationJSON.document(buffer, maxDepth: maxDepth).withView(body)
        }
        documentsRead.tape += 1
        if isKnownUniquelyReferenced(&tape) {
            tape.removeAll()
        } else {
            tape = JSONTape(capacity: bytes.count / 16)
        }
        try JSONTapeBuilder.build(buffer, into: tape, stack: &stack, maxDepth: maxDepth)
        return tape.withEntries { entries in body(JSONView(entries: entries, bytes: buffer)) }
    }
}
