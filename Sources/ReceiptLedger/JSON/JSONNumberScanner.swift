/// Checks one JSON number against the strict grammar of RFC 8259 §6:
/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
enum JSONNumberScanner {
    /// Scans the number starting at `start` (a `-` or a digit).
    /// - Returns: the offset just past it, and whether it has neither fraction nor exponent.
    @inline(__always)
    static func scan(
        _ p: UnsafePointer<UInt8>, count n: Int, from start: Int
    ) throws(JSONParseError) -> (end: Int, isInteger: Bool) {
        var i = start
        if p[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n else { throw .endOfInput(n) }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < n && isDigit(p[i]) {
                throw JSONParseError(offset: i - 1, message: "leading zero in number")
            }
        } else {
            i = try digits(p, count: n, from: i)
        }
        var isInteger = true
        if i < n && p[i] == UInt8(ascii: ".") {
            isInteger = false
            i = try digits(p, count: n, from: i + 1)
        }
        if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            isInteger = false
            i += 1
            if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
            i = try digits(p, count: n, from: i)
        }
        return (i, isInteger)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// One or more digits from `i`; returns the offset past the last.
    @inline(__always)
    private static func digits(
        _ p: UnsafePointer<UInt8>, count n: Int, from start: Int
    ) throws(JSONParseError) -> Int {
        guard start < n else { throw .endOfInput(n) }
        guard isDigit(p[start]) else {
            throw JSONParseError(offset: start, message: "invalid number: expected a digit")
        }
        var i = start + 1
        while i < n && isDigit(p[i]) { i += 1 }
        return i
    }
}
