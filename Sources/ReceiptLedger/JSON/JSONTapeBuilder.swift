/// The single pass over a document's bytes that validates it and fills a tape.
///
/// Iterative: open containers live on an explicit stack, so nesting is limited by `maxDepth`
/// (an error with the offset of the bracket that goes too deep), never by the thread's stack.
/// Strings are validated but not decoded, numbers are checked but not converted: `JSONValue`
/// does that lazily, for the few values a caller actually reads.
enum JSONTapeBuilder {
    /// An open container: where its entry is on the tape, and how many children it has so far.
    struct Frame {
        var index: Int
        var count: Int
        var isObject: Bool
    }

    /// Parses `bytes` into `tape` (which must be empty). `stack` is scratch space, passed in so
    /// a `JSONParser` can keep its allocation from one document to the next.
    static func build(
        _ bytes: [UInt8], into tape: JSONTape, stack: inout [Frame], maxDepth: Int
    ) throws(JSONParseError) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try build(buffer, into: tape, stack: &stack, maxDepth: maxDepth)
        }
    }

    static func build(
        _ bytes: UnsafeBufferPointer<UInt8>, into tape: JSONTape, stack: inout [Frame], maxDepth: Int
    ) throws(JSONParseError) {
        guard let p = bytes.baseAddress, !bytes.isEmpty else { throw .endOfInput(0) }
        let n = bytes.count
        guard n < Int(UInt32.max) else {
            throw JSONParseError(offset: 0, message: "document of 4 GiB or more")
        }
        stack.removeAll(keepingCapacity: true)
        // The innermost open container lives in a local (a comma only bumps its count); `stack`
        // holds the ones around it. Open containers: `stack.count` + 1 when `current` is set.
        var current: Frame?
        // A UTF-8 byte-order mark is not JSON, but RFC 8259 §8.1 lets parsers ignore it.
        var i = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0

        document: while true {
            // A value starts here (after optional whitespace).
            i = skipWhitespace(p, count: n, from: i)
            guard i < n else { throw .endOfInput(n) }
            let byte = p[i]
            switch byte {
            case UInt8(ascii: "\""):
                let (end, hasEscapes) = try JSONStringScanner.scan(p, count: n, from: i)
                tape.append(JSONTapeEntry(
                    kind: .string, start: i, end: end, next: tape.count + 1,
                    flags: hasEscapes ? .hasEscapes : []))
                i = end
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (end, isInteger) = try JSONNumberScanner.scan(p, count: n, from: i)
                tape.append(JSONTapeEntry(
                    kind: .number, start: i, end: end, next: tape.count + 1,
                    flags: isInteger ? .isInteger : []))
                i = end
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let (kind, flags, length) = try literal(p, count: n, at: i)
                tape.append(JSONTapeEntry(
                    kind: kind, start: i, end: i + length, next: tape.count + 1, flags: flags))
                i += length
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count + (current == nil ? 0 : 1) < maxDepth else { throw .tooDeep(i, maxDepth: maxDepth) }
                let isObject = byte == UInt8(ascii: "{")
                let index = tape.append(JSONTapeEntry(
                    kind: isObject ? .object : .array, start: i, end: i, next: 0))
                i = skipWhitespace(p, count: n, from: i + 1)
                guard i < n else { throw .endOfInput(n) }
                if p[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    tape.close(index, end: i, count: 0)
                } else {
                    if let outer = current { stack.append(outer) }
                    current = Frame(index: index, count: 0, isObject: isObject)
                    if isObject { i = try memberKey(p, count: n, at: i, into: tape) }
                    continue document
                }
            default:
                throw .expected("a value", found: byte, at: i)
            }

            // A value just ended: continue or close the enclosing containers.
            while let frame = current {
                i = skipWhitespace(p, count: n, from: i)
                guard i < n else { throw .endOfInput(n) }
                let byte = p[i]
                if byte == UInt8(ascii: ",") {
                    current?.count += 1
                    i += 1
                    if frame.isObject { i = try memberKey(p, count: n, at: i, into: tape) }
                    continue document
                }
                guard byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw .expected(frame.isObject ? "',' or '}'" : "',' or ']'", found: byte, at: i)
                }
                i += 1
                tape.close(frame.index, end: i, count: frame.count + 1)
                current = stack.popLast()
            }
            break document
        }

        i = skipWhitespace(p, count: n, from: i)
        guard i == n else {
            throw JSONParseError(offset: i, message: "unexpected data after the root value")
        }
    }

    /// RFC 8259 whitespace: space, tab, line feed, carriage return.
    @inline(__always)
    private static func skipWhitespace(_ p: UnsafePointer<UInt8>, count n: Int, from start: Int) -> Int {
        var i = start
        while i < n {
            let byte = p[i]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            i += 1
        }
        return i
    }

    /// Parses `"key"` and the `:` after it; returns the offset just past the colon.
    @inline(__always)
    private static func memberKey(
        _ p: UnsafePointer<UInt8>, count n: Int, at start: Int, into tape: JSONTape
    ) throws(JSONParseError) -> Int {
        var i = skipWhitespace(p, count: n, from: start)
        guard i < n else { throw .endOfInput(n) }
        guard p[i] == UInt8(ascii: "\"") else { throw .expected("a string key", found: p[i], at: i) }
        let (end, hasEscapes) = try JSONStringScanner.scan(p, count: n, from: i)
        tape.append(JSONTapeEntry(
            kind: .string, start: i, end: end, next: tape.count + 1,
            flags: hasEscapes ? .hasEscapes : []))
        i = skipWhitespace(p, count: n, from: end)
        guard i < n else { throw .endOfInput(n) }
        guard p[i] == UInt8(ascii: ":") else { throw .expected("':'", found: p[i], at: i) }
        return i + 1
    }

    /// `true`, `false` or `null` at `i` (whose first byte is already known to be t, f or n).
    private static func literal(
        _ p: UnsafePointer<UInt8>, count n: Int, at i: Int
    ) throws(JSONParseError) -> (JSONKind, JSONTapeEntry.Flags, Int) {
        let (text, kind, flags): (StaticString, JSONKind, JSONTapeEntry.Flags) =
            switch p[i] {
            case UInt8(ascii: "t"): ("true", .bool, .isTrue)
            case UInt8(ascii: "f"): ("false", .bool, [])
            default: ("null", .null, [])
            }
        let length = text.utf8CodeUnitCount
        for k in 1..<length {
            guard i + k < n else { throw .endOfInput(n) }
            guard p[i + k] == text.utf8Start[k] else {
                throw JSONParseError(offset: i, message: "invalid literal (expected \(text))")
            }
        }
        return (kind, flags, length)
    }
}
