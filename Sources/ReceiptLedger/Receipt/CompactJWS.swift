/// A JWS in compact serialization (RFC 7515 §7.1): three Base64URL parts joined by `.`, the
/// middle one the JSON payload. SPEC §9: signatures are not verified by this revision, so the
/// header and signature are only checked for their shape.
enum CompactJWS {
    /// Why a text is no readable JWS (the `invalid_jws` detail).
    struct Failure: Error, Equatable, Sendable {
        var message: String
    }

    /// SPEC §9: exactly three parts, the first two non-empty, of Base64URL characters
    /// (`A–Z a–z 0–9 - _`, `=` padding). Leading and trailing ASCII whitespace is allowed.
    static func hasShape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        parts(bytes) != nil
    }

    /// What one reading thread reuses for the JWS payloads it decodes: the decoded bytes and a
    /// parser whose tape is kept, per level of nesting (a notification's payload holds its
    /// transaction's JWS), all parsing as `parsing` says. Not `Sendable`: one per thread.
    final class PayloadScratch {
        private final class Level {
            var bytes: [UInt8] = []
            let parser: JSONParser
            init(parsing: JSONParsing) { parser = JSONParser(parsing: parsing) }
        }
        let parsing: JSONParsing
        private var levels: [Level] = []
        private var depth = 0

        init(parsing: JSONParsing = .tape) {
            self.parsing = parsing
        }

        /// The payloads each parser has read with this scratch.
        var documentsRead: (tape: Int, foundation: Int) {
            levels.reduce((0, 0)) { ($0.0 + $1.parser.documentsRead.tape, $0.1 + $1.parser.documentsRead.foundation) }
        }

        /// Calls `body` with a view of the payload of the JWS `jws` (its root, a JSON object,
        /// at tape index 0); the view is valid only inside `body`.
        func withPayload<R>(_ jws: UnsafeBufferPointer<UInt8>, _ body: (JSONView) -> R) -> Result<R, Failure> {
            guard let (_, payload, _) = CompactJWS.parts(jws) else {
                return .failure(Failure(message: "not three Base64URL parts joined by '.'"))
            }
            if depth == levels.count { levels.append(Level(parsing: parsing)) }
            let level = levels[depth]
            depth += 1
            defer { depth -= 1 }
            guard Base64URL.decode(UnsafeBufferPointer(rebasing: jws[payload]), into: &level.bytes) else {
                return .failure(Failure(message: "the payload is not Base64URL"))
            }
            let bytes = level.bytes
            do {
                return try bytes.withUnsafeBytes { raw in
                    try level.parser.withView(parsingInPlace: raw) { view -> Result<R, Failure> in
                        guard view.kind(0) == .object else { return .failure(Failure(message: "the payload is a JSON \(view.kind(0))")) }
                        return .success(body(view))
                    }
                }
            } catch let error as JSONParseError {
                return .failure(Failure(message: "the payload is not JSON (\(error.message) at byte \(error.offset))"))
            } catch {
                return .failure(Failure(message: "the payload is not JSON"))
            }
        }
    }

    /// The payload of the JWS `bytes`, parsed: a JSON object, or why not.
    static func payload(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONDocument, Failure> {
        guard let (_, payload, _) = parts(bytes) else {
            return .failure(Failure(message: "not three Base64URL parts joined by '.'"))
        }
        guard let decoded = Base64URL.decode(UnsafeBufferPointer(rebasing: bytes[payload])) else {
            return .failure(Failure(message: "the payload is not Base64URL"))
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: decoded)
        } catch {
            return .failure(Failure(message: "the payload is not JSON (\(error.message) at byte \(error.offset))"))
        }
        let kind = document.root.kind
        guard kind == .object else { return .failure(Failure(message: "the payload is a JSON \(kind)")) }
        return .success(document)
    }

    /// The byte ranges of the three parts, surrounding ASCII whitespace left out; nil when the
    /// text does not have a JWS's shape.
    static func parts(_ bytes: UnsafeBufferPointer<UInt8>) -> (Range<Int>, Range<Int>, Range<Int>)? {
        var start = 0, end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        var dots: (Int, Int) = (-1, -1)
        var dotCount = 0
        // Eight bytes at a time while they are all Base64URL characters (nearly all of a JWS,
        // which is read whole for every signed transaction): their classes or'ed are 1 then.
        let shaped = Base64URL.jwsByteClasses.withUnsafeBufferPointer { classes -> Bool in
            var index = start
            while index < end {
                if end - index >= 8 {
                    let any = classes[Int(bytes[index])] | classes[Int(bytes[index + 1])] | classes[Int(bytes[index + 2])]
                        | classes[Int(bytes[index + 3])] | classes[Int(bytes[index + 4])] | classes[Int(bytes[index + 5])]
                        | classes[Int(bytes[index + 6])] | classes[Int(bytes[index + 7])]
                    let all = classes[Int(bytes[index])] & classes[Int(bytes[index + 1])] & classes[Int(bytes[index + 2])]
                        & classes[Int(bytes[index + 3])] & classes[Int(bytes[index + 4])] & classes[Int(bytes[index + 5])]
                        & classes[Int(bytes[index + 6])] & classes[Int(bytes[index + 7])]
                    if any == 1 && all == 1 {
                        index += 8
                        continue
                    }
                }
                switch classes[Int(bytes[index])] {
                case 1: break
                case 2:
                    switch dotCount {
                    case 0: dots.0 = index
                    case 1: dots.1 = index
                    default: return false
                    }
                    dotCount += 1
                default: return false
                }
                index += 1
            }
            return true
        }
        guard shaped else { return nil }
        guard dotCount == 2 else { return nil }
        let header = start..<dots.0, payload = (dots.0 + 1)..<dots.1, signature = (dots.1 + 1)..<end
        guard !header.isEmpty, !payload.isEmpty else { return nil }
        return (header, payload, signature)
    }

    /// ASCII whitespace (JSON's: space, tab, LF, CR).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
