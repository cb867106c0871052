/// Apple sends most numbers and booleans as strings, some as JSON numbers or booleans; these
/// readers accept every form seen in stored answers.
extension JSONView {
    /// Text of a string, or the literal of a number (`"1000000123"` and `1000000123` alike).
    func looseText(_ index: Int) -> String? {
        switch kind(index) {
        case .string: return string(index)
        case .number: return numberText(index)
        default: return nil
        }
    }

    /// `looseText`, as the copy `pool` holds: a string is looked up by its bytes, and a
    /// `String` made only for one the pool does not hold yet.
    func looseText(_ index: Int, pooledIn pool: inout StringPool) -> String? {
        if let pooled = withString(index, { pool.intern(utf8: $0) }) { return pooled }
        return looseText(index).map { pool.intern($0) }
    }

    /// `looseText` as an id, made without a `String` when it is short (`IDText`). A long one
    /// equal to `first` or `second` (compared byte for byte) is that one, sharing its `String`.
    func looseID(_ index: Int, reusing first: IDText? = nil, or second: IDText? = nil) -> IDText? {
        func id(_ bytes: UnsafeBufferPointer<UInt8>) -> IDText {
            if bytes.count > IDText.inlineCapacity {
                if let first, first.withUTF8({ ByteRuns.equal($0, bytes) }) { return first }
                if let second, second.withUTF8({ ByteRuns.equal($0, bytes) }) { return second }
            }
            return IDText(utf8: bytes)
        }
        switch kind(index) {
        case .string: return withString(index, id)
        case .number: return id(rawBytes(index))
        default: return nil
        }
    }

    /// An integer from a JSON integer or a string of ASCII digits (with an optional `-` when
    /// `allowSign`); nil for anything else or a value beyond Int64.
    func looseInteger(_ index: Int, allowSign: Bool = false, trimmingSpaces: Bool = false) -> Int64? {
        switch kind(index) {
        case .number: return int64(index)
        case .string:
            return withString(index) { utf8 -> Int64? in
                guard trimmingSpaces else { return JSONValue.parseDigits(utf8, allowSign: allowSign) }
                var start = 0, end = utf8.count
                while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start += 1 }
                while end > start, utf8[end - 1] == 0x20 || utf8[end - 1] == 0x09 { end -= 1 }
                return JSONValue.parseDigits(UnsafeBufferPointer(rebasing: utf8[start..<end]), allowSign: allowSign)
            } ?? nil
        default: return nil
        }
    }

    /// A `quantity` as SPEC §8 Revision 2 reads it: a JSON number of integral value (`2`, `2.0`,
    /// `1e0`) or a digit string (spaces around it allowed); nil for anything else. The caller
    /// checks the range.
    func quantityInteger(_ index: Int) -> Int64? {
        kind(index) == .number ? JSONValue.integralValue(rawBytes(index)) : looseInteger(index, trimmingSpaces: true)
    }

    /// A renewal code as sent (SPEC §8 Revision 2): text as it is, JSON `true`/`false` as
    /// `true`/`false`, a number as its decimal text (integral values as integers); nil for
    /// `null` and containers.
    func rawText(_ index: Int) -> String? {
        switch kind(index) {
        case .bool: return bool(index).map { $0 ? "true" : "false" }
        case .number: return JSONValue.integralValue(rawBytes(index)).map { String($0) } ?? numberText(index)
        default: return looseText(index)
        }
    }

    /// SPEC §8: JSON `true`, a non-zero number, or the text `true`, `1`, `yes` (any case, trimmed).
    func flag(_ index: Int) -> Bool {
        switch kind(index) {
        case .bool: return bool(index) ?? false
        case .number:
            return rawBytes(index).contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        case .string:
            if let ascii = withString(index, Self.asciiFlag), let flag = ascii { return flag }
            guard let text = string(index) else { return false }
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1", "yes": return true
            default: return false
            }
        default: return false
        }
    }

    /// `flag` of an ASCII text without Foundation (see `LooseText`); nil for a text with any
    /// non-ASCII byte, which takes the Unicode-aware path.
    private static func asciiFlag(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        var start = 0, end = text.count
        guard text.isASCII else { return nil }
        while start < end && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        func isWord(_ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            for offset in 0..<(end - start) where lowercased(text[start + offset]) != word.utf8Start[offset] { return false }
            return true
        }
        return isWord("true") || isWord("1") || isWord("yes")
    }

    /// ASCII `A`–`Z` to lower case; every other byte as it is.
    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}

/// Apple sends most numbers and booleans as strings, some as JSON numbers or booleans; these
/// readers accept every form seen in stored answers (the work is `JSONView`'s).
extension JSONValue {
    var looseText: String? { document.withView { $0.looseText(index) } }

    func looseInteger(allowSign: Bool = false) -> Int64? { document.withView { $0.looseInteger(index, allowSign: allowSign) } }

    var flag: Bool { document.withView { $0.flag(index) } }

    static func parseDigits(_ text: String, allowSign: Bool = false) -> Int64? {
        var text = text
        return text.withUTF8 { parseDigits($0, allowSign: allowSign) }
    }

    /// `parseDigits` of UTF-8 text.
    static func parseDigits(_ utf8: UnsafeBufferPointer<UInt8>, allowSign: Bool = false) -> Int64? {
        var start = 0
        var negative = false
        if allowSign, utf8.first == UInt8(ascii: "-") { negative = true; start = 1 }
        guard start < utf8.count else { return nil }
        var value: Int64 = 0
        for byte in utf8[start...] {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(byte - 0x30))
            if o1 || o2 { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// The value of a JSON number literal when it is an integer of at most 15 digits, however
    /// written (`2`, `2.0`, `1e0`, `-3`), read exactly (no binary floating point: `1.0000000000000001`
    /// is no integer); nil for fractions, larger values and anything that is no number.
    static func integralValue(_ utf8: UnsafeBufferPointer<UInt8>) -> Int64? {
        if let plain = plainIntegerValue(utf8) { return plain }
        var position = 0
        func digits() -> ArraySlice<UInt8> {
            let start = position
            while position < utf8.count, utf8[position] >= 0x30, utf8[position] <= 0x39 { position += 1 }
            return ArraySlice(utf8[start..<position])
        }
        var negative = false
        if position < utf8.count, utf8[position] == UInt8(ascii: "-") { negative = true; position += 1 }
        var significant = Array(digits())
        guard !significant.isEmpty else { return nil }
        var exponent = 0
        if position < utf8.count, utf8[position] == UInt8(ascii: ".") {
            position += 1
            let fraction = digits()
            guard !fraction.isEmpty else { return nil }
            significant += fraction
            exponent -= fraction.count
        }
        if position < utf8.count, utf8[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < utf8.count, utf8[position] == UInt8(ascii: "+") || utf8[position] == UInt8(ascii: "-") {
                exponentNegative = utf8[position] == UInt8(ascii: "-")
                position += 1
            }
            let written = digits()
            guard !written.isEmpty, written.count <= 6 else { return nil }
            var value = 0
            for byte in written { value = value * 10 + Int(byte - 0x30) }
            exponent += exponentNegative ? -value : value
        }
        guard position == utf8.count else { return nil }
        while let first = significant.first, first == 0x30, significant.count > 1 { significant.removeFirst() }
        if significant == [0x30] { return 0 }
        while exponent < 0, significant.last == 0x30 { significant.removeLast(); exponent += 1 }
        guard exponent >= 0, significant.count + exponent <= 15 else { return nil }
        var value: Int64 = 0
        for byte in significant { value = value * 10 + Int64(byte - 0x30) }
        for _ in 0..<exponent { value *= 10 }
        return negative ? -value : value
    }

    /// `integralValue` of a literal of digits alone (a `-` before them allowed) without
    /// allocating: nearly every price and quantity. nil for any other literal, which the
    /// general reading takes.
    @inline(__always)
    private static func plainIntegerValue(_ utf8: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = utf8.first == UInt8(ascii: "-")
        var position = negative ? 1 : 0
        guard position < utf8.count else { return nil }
        while position < utf8.count - 1, utf8[position] == 0x30 { position += 1 }  // leading zeros, one kept
        guard utf8.count - position <= 15 else { return nil }
        var value: Int64 = 0
        while position < utf8.count {
            let digit = utf8[position] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            position += 1
        }
        return negative ? -value : value
    }

    /// One form of a date field for `TimestampForms`.
    var timestampInput: TimestampInput {
        switch kind {
        case .null: return .absent
        case .string: return .text(string ?? "")
        case .number: return int64.map { .integer($0) } ?? .other
        default: return .other
        }
    }

    /// The five forms of the date field `name` in this object (SPEC §8 order).
    func timestampForms(_ name: String) -> TimestampForms {
        func form(_ key: String) -> TimestampInput { self[key]?.timestampInput ?? .absent }
        return TimestampForms(ms: form(name + "_ms"), text: form(name), formatted: form(name + "_formatted"),
                              pst: form(name + "_pst"), formattedPST: form(name + "_formatted_pst"))
    }
}
