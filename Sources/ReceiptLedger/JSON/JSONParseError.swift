/// Why a byte sequence is not a JSON document (RFC 8259), and where the parser noticed it.
///
/// `offset` is a 0-based byte offset into the input as given (a skipped byte-order mark still
/// counts). Messages are short and meant for people: `"invalid UTF-8 in string at byte 17"`.
struct JSONParseError: Error, Equatable, CustomStringConvertible {
    var offset: Int
    var message: String

    init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    var description: String { "\(message) at byte \(offset)" }
}

extension JSONParseError {
    static func endOfInput(_ offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, message: "unexpected end of input")
    }

    static func invalidUTF8(_ offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, message: "invalid UTF-8 in string")
    }

    static func tooDeep(_ offset: Int, maxDepth: Int) -> JSONParseError {
        JSONParseError(offset: offset, message: "nesting deeper than \(maxDepth)")
    }

    /// "expected ':'" style message that also names what was found.
    static func expected(_ what: String, found byte: UInt8, at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, message: "expected \(what), found \(describe(byte))")
    }

    /// A byte as a person would want to see it: `'x'` for printable ASCII, `0xC3` otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "byte 0x0\(hex)" : "byte 0x\(hex)"
    }
}
