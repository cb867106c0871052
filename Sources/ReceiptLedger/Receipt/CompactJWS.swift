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
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                switch dotCount {
                case 0: dots.0 = index
                case 1: dots.1 = index
                default: return nil
                }
                dotCount += 1
            } else if !Base64URL.isTextByte(byte) {
                return nil
            }
            index += 1
        }
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
