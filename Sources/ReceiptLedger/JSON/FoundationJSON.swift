import Foundation

/// Parses a document with Foundation's `JSONSerialization` and hands the rules what it read as
/// a `JSONDocument` (`JSONTreeWriter`): the reference reading's parser (`JSONParsing.foundation`),
/// slow, and sharing no code with the tape parser it is there to check.
///
/// Foundation parses the structure, the strings and `true`, `false`, `null`. The numbers it is
/// not given: the rules read a number's literal (SPEC §8, §9, docs/DECISIONS.md: an id as its
/// decimal text, a quantity or a signed date read exactly), which `NSNumber` loses (`2.0` and
/// `2` alike, `1.0000000000000001` as 1, `1e400` refused), so each number, once it is checked
/// against RFC 8259 §6, reaches Foundation as a string holding its literal, and every string of
/// the input is marked apart from those (`tagged`). Where Foundation takes what RFC 8259 does
/// not (a trailing comma, UTF-16 or UTF-32 found by zero bytes), `tagged` refuses it first.
/// docs/DECISIONS.md, "The reference reading parses with Foundation".
enum FoundationJSON {
    /// Foundation's nesting limit, which is the strict parser's default too: a `JSONParser`
    /// parsing with Foundation may not allow deeper documents.
    static let maxDepth = 512

    /// The first byte of every string Foundation is given: `s`, a string of the input (its
    /// text follows); `n`, a number (its literal follows).
    static let stringTag = UInt8(ascii: "s"), numberTag = UInt8(ascii: "n")

    /// The document `bytes` hold, parsed by Foundation, or the strict parser's words for why
    /// they are not JSON (`refusal`).
    static func document(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = maxDepth) throws(JSONParseError) -> JSONDocument {
        if let tagged = tagged(bytes),
           let tree = try? JSONSerialization.jsonObject(with: Data(tagged), options: .fragmentsAllowed),
           let document = JSONTreeWriter.document(tree, maxDepth: maxDepth) {
            return document
        }
        throw refusal(of: bytes, maxDepth: maxDepth)
    }

    /// Why `bytes`, which this reading refused, are not JSON, as the strict parser words it: a
    /// rejection's detail names that message and byte offset (`invalid_json`, `invalid_jws`), so
    /// the reference asks the strict parser for the words, and only for a document it refused.
    /// When the strict parser reads the document, the two parsers disagree; the message says so,
    /// so that the reports differ where the comparison with the default looks.
    static func refusal(of bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> JSONParseError {
        var stack: [JSONTapeBuilder.Frame] = []
        do {
            try JSONTapeBuilder.build(bytes, into: JSONTape(capacity: 16), stack: &stack, maxDepth: maxDepth)
        } catch {
            return error
        }
        return JSONParseError(offset: 0, message: "Foundation's JSONSerialization refused what the strict parser reads")
    }

    /// The input as Foundation is given it: every string with `s` after its opening quote,
    /// every number `n` and its literal in quotes (`12.50` → `"n12.50"`), a leading UTF-8
    /// byte-order mark left out (RFC 8259 §8.1 lets a parser ignore it, as the strict one does).
    /// nil for input that cannot be JSON and that Foundation might take: a number outside RFC
    /// 8259 §6's grammar, a `,` before `]` or `}`, a zero byte, a string without its end, and
    /// outside strings any byte but printable ASCII and JSON's four whitespace bytes.
    static func tagged(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let n = bytes.count
        var tagged: [UInt8] = []
        tagged.reserveCapacity(n + n / 4 + 2)
        var i = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        /// The last byte outside strings that is not whitespace (a string counts as its quote).
        var last: UInt8 = 0
        while i < n {
            let byte = bytes[i]
            switch byte {
            case quote:
                tagged += [quote, stringTag]
                i += 1
                // To the closing quote, copying escapes whole: Foundation checks the text.
                while true {
                    let start = i
                    while i < n, bytes[i] != quote, bytes[i] != backslash, bytes[i] != 0 { i += 1 }
                    tagged += UnsafeBufferPointer(rebasing: bytes[start..<i])
                    guard i < n, bytes[i] != 0 else { return nil }
                    if bytes[i] == quote { break }
                    guard i + 1 < n, bytes[i + 1] != 0 else { return nil }
                    tagged += [backslash, bytes[i + 1]]
                    i += 2
                }
                tagged.append(quote)
                i += 1
                last = quote
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                // In JSON a number never touches another of these bytes, so the run is one number.
                let start = i
                while i < n, isNumberByte(bytes[i]) { i += 1 }
                let literal = UnsafeBufferPointer(rebasing: bytes[start..<i])
                guard isNumber(literal) else { return nil }
                tagged += [quote, numberTag]
                tagged += literal
                tagged.append(quote)
                last = quote
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard last != UInt8(ascii: ",") else { return nil }
                tagged.append(byte)
                last = byte
                i += 1
            case 0x20, 0x09, 0x0A, 0x0D:
                tagged.append(byte)
                i += 1
            case 0x21...0x7E:
                tagged.append(byte)
                last = byte
                i += 1
            default:
                return nil
            }
        }
        return tagged
    }

    /// Whether `literal` is one number of RFC 8259 §6:
    /// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    static func isNumber(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let end = literal.count
        func digits() -> Int {
            let start = i
            while i < end, literal[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - start
        }
        if i < end, literal[i] == UInt8(ascii: "-") { i += 1 }
        if i < end, literal[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < end, literal[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < end, literal[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < end, literal[i] == UInt8(ascii: "+") || literal[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == end
    }

    /// The bytes a number's literal is made of.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte | 0x20 == UInt8(ascii: "e")
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
}
