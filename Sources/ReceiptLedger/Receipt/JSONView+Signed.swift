/// The values of a decoded JWS payload (SPEC §9), read from any view: a payload decoded from a
/// JWS string has a document of its own, a decoded payload stored as an object sits in the answer.
extension JSONView {
    /// A signed date field: ms since the epoch as a JSON number, possibly fractional
    /// (`1697679936049.7297`), truncated toward zero. One form only, so never a mismatch.
    /// `null` or an absent key (`index` < 0) is absent. A string is read as a timestamp text
    /// (digits are ms, ISO 8601 with a zone): a payload stored by a server that wrote its dates
    /// out as text; any other value, or a number outside the readable years, is present but
    /// unreadable (`bad_timestamp` where the field calls for it).
    func signedTimestamp(_ index: Int) -> TimestampFieldReading {
        guard index >= 0 else { return .absent }
        let reading: TimestampReading
        switch kind(index) {
        case .null:
            return .absent
        case .number:
            reading = Self.truncatedInteger(rawBytes(index)).map(TimestampForms.readable) ?? .unreadable
        case .string:
            reading = withString(index) { TimestampText.parse($0) } ?? .unreadable
        default:
            reading = .unreadable
        }
        return TimestampForms.resolve(ms: nil, text: reading, formatted: nil, pst: nil, formattedPST: nil)
    }

    /// A whole number ≥ 0 as SPEC §9 reads `price` and `revocationPercentage`: a JSON number of
    /// integral value (`10990`, `10990.0`) or a digit string (spaces around it allowed); nil
    /// for anything else (fractions, negatives, other text, `null`).
    func signedWholeNumber(_ index: Int) -> Int64? {
        guard index >= 0 else { return nil }
        let value: Int64? = switch kind(index) {
        case .number: JSONValue.integralValue(rawBytes(index))
        case .string: looseInteger(index, trimmingSpaces: true)
        default: nil
        }
        guard let value, value >= 0 else { return nil }
        return value
    }

    /// The environment a signed payload names (SPEC §9): `Production`; `Sandbox`, `Xcode` and
    /// `LocalTesting` are booked as Sandbox (never production money). Trimmed, any case; nil for
    /// anything else, which leaves the environment to the answer.
    func signedEnvironment(_ index: Int) -> Environment? {
        guard index >= 0 else { return nil }
        if let (decided, environment) = withString(index, Self.asciiSignedEnvironment), decided { return environment }
        guard let text = string(index) else { return nil }
        switch LooseText.trimmedLowercased(text) {
        case "production": return .production
        case "sandbox", "xcode", "localtesting": return .sandbox
        default: return nil
        }
    }

    /// `signedEnvironment` of ASCII text, read from its bytes without making a `String` (the
    /// same trimming and lower-casing as `LooseText.trimmedLowercased`); not decided for any
    /// other text.
    private static func asciiSignedEnvironment(_ text: UnsafeBufferPointer<UInt8>) -> (decided: Bool, Environment?) {
        guard text.isASCII else { return (false, nil) }
        var start = 0, end = text.count
        while start < end && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        func isWord(_ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            for offset in 0..<(end - start) {
                let byte = text[start + offset]
                guard (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) == word.utf8Start[offset] else { return false }
            }
            return true
        }
        if isWord("production") { return (true, .production) }
        if isWord("sandbox") || isWord("xcode") || isWord("localtesting") { return (true, .sandbox) }
        return (true, nil)
    }

    /// The integer part of a JSON number literal (truncated toward zero, read exactly: no
    /// binary floating point), exponents included (`1.6981489e12`); nil beyond `Int64`.
    /// Allocates nothing: it runs for every date of every signed transaction.
    static func truncatedInteger(_ literal: UnsafeBufferPointer<UInt8>) -> Int64? {
        var position = 0
        let count = literal.count
        var negative = false
        if position < count, literal[position] == UInt8(ascii: "-") { negative = true; position += 1 }
        // The digits of the integer part, then of the fraction, and the power of ten that
        // scales them; the significant digits start at the first non-zero one.
        let integerStart = position
        while position < count, decimalDigit(literal[position]) != nil { position += 1 }
        let integerEnd = position
        var fractionStart = position, fractionEnd = position
        if position < count, literal[position] == UInt8(ascii: ".") {
            position += 1
            fractionStart = position
            while position < count, decimalDigit(literal[position]) != nil { position += 1 }
            fractionEnd = position
        }
        var scale = fractionStart - fractionEnd
        if position < count, literal[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < count, literal[position] == UInt8(ascii: "+") || literal[position] == UInt8(ascii: "-") {
                exponentNegative = literal[position] == UInt8(ascii: "-")
                position += 1
            }
            var exponent = 0
            while position < count, let digit = decimalDigit(literal[position]) {
                exponent = min(exponent * 10 + Int(digit), 100_000)  // far beyond any Int64 either way
                position += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        guard position == count else { return nil }
        // The digits as one run (integer part, then fraction), by place in that run.
        let integerCount = integerEnd - integerStart
        let allCount = integerCount + (fractionEnd - fractionStart)
        func digit(_ place: Int) -> UInt8 {
            literal[place < integerCount ? integerStart + place : fractionStart + place - integerCount] &- UInt8(ascii: "0")
        }
        var first = 0
        while first < allCount, digit(first) == 0 { first += 1 }
        let significant = allCount - first
        // Keep the significant digits left of the point: `significant + scale` of them.
        let kept = significant + scale
        guard kept > 0 else { return 0 }
        guard kept <= 19 else { return nil }
        var value: Int64 = 0
        for place in 0..<kept {
            let next = place < significant ? Int64(digit(first + place)) : 0
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(next)
            if o1 || o2 { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    private static func decimalDigit(_ byte: UInt8) -> UInt8? {
        byte &- UInt8(ascii: "0") < 10 ? byte &- UInt8(ascii: "0") : nil
    }
}

extension TimestampFieldReading {
    /// A field that was not sent.
    static let absent = TimestampFieldReading(instant: nil, isPresent: false, mismatch: false, ambiguousPST: false, invalidPST: false)
}
