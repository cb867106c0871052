/// A cheap view of one value inside a `JSONDocument`: the document and a tape index.
///
/// Nothing is decoded until asked for. Accessors return nil (or `[]`, or 0) when the value is
/// of another kind, so callers can read loosely typed answers (`"status": 0` or `"status": "0"`)
/// without `try`.
struct JSONValue: Sendable {
    let document: JSONDocument
    let index: Int

    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @inline(__always)
    var entry: JSONTapeEntry { document.tape[index] }

    var kind: JSONKind { entry.kind }

    /// Byte offset of the value in the document's input, for error messages.
    var byteOffset: Int { Int(entry.start) }

    /// Elements of an array or members of an object; 0 for scalars.
    var count: Int { document.withView { $0.count(index) } }

    var bool: Bool? { document.withView { $0.bool(index) } }

    var isNull: Bool { entry.kind == .null }

    /// The exact source bytes of this value (with the quotes, for a string).
    var rawBytes: ArraySlice<UInt8> {
        let entry = entry
        return document.bytes[Int(entry.start)..<Int(entry.end)]
    }

    /// The number as written (`"1.50"`, `"-0"`, `"1e3"`), only when `kind == .number`.
    var numberText: String? { document.withView { $0.numberText(index) } }

    /// The value of an integer literal that fits `Int64`; nil for other kinds, for numbers with
    /// a fraction or exponent (`1.0`, `1e3`) and for integers out of range (no error).
    var int64: Int64? { document.withView { $0.int64(index) } }

    /// Parses `-?[0-9]+` (already validated) with overflow checks. Accumulates negatively so
    /// that `Int64.min` is reachable.
    static func parseInt64(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int64? {
        var i = start
        let negative = i < end && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end else { return nil }
        var value: Int64 = 0
        while i < end {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = next
            i += 1
        }
        if negative { return value }
        return value == .min ? nil : -value
    }
}
