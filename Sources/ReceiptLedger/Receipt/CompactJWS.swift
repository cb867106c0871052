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

    /// The failure of a text without a JWS's shape.
    static let shapeFailure = Failure(message: "not three Base64URL parts joined by '.'")

    /// What one reading thread reuses for the JWS payloads it decodes: the decoded bytes, a
    /// parser whose tape is kept, per level of nesting (a notification's payload holds its
    /// transaction's JWS), and the texts its copies share, all parsing as `parsing` says. Not
    /// `Sendable`: one per thread.
    final class PayloadScratch {
        private final class Level {
            /// Room for the decoded payload, grown as needed, never zero-filled.
            var bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
            let parser: JSONParser
            init(parsing: JSONParsing) { parser = JSONParser(parsing: parsing) }
            deinit { bytes.deallocate() }
        }
        let parsing: JSONParsing
        private var levels: [Level] = []
        private var depth = 0
        /// The product ids and latest original transaction id of the signed copies read.
        /// Unchecked exclusivity: one thread uses a scratch, and its uses never overlap.
        @exclusivity(unchecked) var texts = CopyTexts()

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
            // The shape is checked in full only for a text whose payload does not decode: the
            // decoder rejects every character of the payload that is not Base64URL, so the
            // header and signature are all that is left to check.
            guard let payload = CompactJWS.payloadRange(jws) else { return .failure(shapeFailure) }
            let text = UnsafeBufferPointer(rebasing: jws[payload])
            guard let count = Base64URL.decodedCount(text) else { return .failure(Self.undecodable(jws)) }
            if depth == levels.count { levels.append(Level(parsing: parsing)) }
            let level = levels[depth]
            depth += 1
            defer { depth -= 1 }
            if level.bytes.count < count {
                level.bytes.deallocate()
                level.bytes = .allocate(capacity: max(count, 2 * level.bytes.count))
            }
            let decoded = UnsafeMutableBufferPointer(rebasing: level.bytes[..<count])
            guard Base64URL.decode(text, count: count, into: decoded) else { return .failure(Self.undecodable(jws)) }
            do {
                return try level.parser.withView(parsingInPlace: UnsafeRawBufferPointer(decoded)) { view -> Result<R, Failure> in
                    guard view.kind(0) == .object else { return .failure(Failure(message: "the payload is a JSON \(view.kind(0))")) }
                    return .success(body(view))
                }
            } catch {
                return .failure(Failure(message: "the payload is not JSON (\(error.message) at byte \(error.offset))"))
            }
        }

        /// Why the JWS `jws`, whose payload does not decode, cannot be read.
        private static func undecodable(_ jws: UnsafeBufferPointer<UInt8>) -> Failure {
            CompactJWS.parts(jws) == nil ? shapeFailure : Failure(message: "the payload is not Base64URL")
        }
    }

    /// The payload's byte range when the header and the signature have a JWS's shape (Base64URL
    /// text between the surrounding whitespace and the first and last `.`); the payload's
    /// own characters are left to the decoder. nil when the text has no JWS's shape.
    static func payloadRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start = 0, end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return Base64URL.jwsByteClasses.withUnsafeBufferPointer { classes -> Range<Int>? in
            var firstDot = start
            while firstDot < end, classes[Int(bytes[firstDot])] == 1 { firstDot += 1 }
            guard firstDot < end, firstDot > start, classes[Int(bytes[firstDot])] == 2 else { return nil }
            var lastDot = end - 1
            while lastDot > firstDot, classes[Int(bytes[lastDot])] == 1 { lastDot -= 1 }
            guard lastDot > firstDot + 1, classes[Int(bytes[lastDot])] == 2 else { return nil }
            return (firstDot + 1)..<lastDot
        }
    }

    /// The payload of the JWS `bytes`, parsed: a JSON object, or why not.
    static func payload(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<JSONDocument, Failure> {
        guard let (_, payload, _) = parts(bytes) else { return .failure(shapeFailure) }
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
