/// The order of CSV values, shared by the sort keys and the tie-break on remaining columns.
///
/// SPEC §8 "CSV": text sorts by Unicode code point of the unescaped value. Comparing UTF-8 bytes
/// lexicographically gives exactly code point order (RFC 3629 §1: "byte-oriented sorting preserves
/// code point order"), unlike Swift's `String <`, which compares canonically equivalent forms
/// (`"e\u{301}"` and `"é"`) as equal.
///
/// A numeric column (`record_id`, `order_id`) sorts integers first, by value, then every other
/// value (empty included) as text by code point; SPEC §8 "Reconciliation rows": "integers first".
/// An integer is an optional `-` and one or more ASCII digits, of any length; leading zeros do not
/// change its value, and two spellings of one value (`7`, `007`) are ordered by their text.
enum CSVOrdering {
    /// An integer's sign and its digits without leading zeros (empty for zero).
    struct IntegerText {
        var negative: Bool
        var digits: Substring.UTF8View
    }

    /// The value as an integer, or `nil` when it is not `-?[0-9]+`.
    static func integerText(_ value: String) -> IntegerText? {
        let utf8 = value.utf8
        var start = utf8.startIndex
        var negative = false
        if start < utf8.endIndex, utf8[start] == UInt8(ascii: "-") {
            negative = true
            start = utf8.index(after: start)
        }
        guard start < utf8.endIndex else { return nil }
        var firstSignificant: String.UTF8View.Index?
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            if firstSignificant == nil, byte != UInt8(ascii: "0") { firstSignificant = index }
            index = utf8.index(after: index)
        }
        guard let first = firstSignificant else {
            return IntegerText(negative: false, digits: value[utf8.endIndex...].utf8)
        }
        return IntegerText(negative: negative, digits: value[first...].utf8)
    }

    /// Code point order of two values: negative, zero or positive like `memcmp`.
    static func compareText(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (l?, r?) where l != r: return l < r ? -1 : 1
            default: continue
            }
        }
    }

    /// Order of two values of a numeric column: integers by value first, then text.
    static func compareNumeric(_ lhs: String, _ rhs: String) -> Int {
        switch (integerText(lhs), integerText(rhs)) {
        case let (l?, r?):
            let byValue = compareIntegers(l, r)
            return byValue != 0 ? byValue : compareText(lhs, rhs)
        case (.some, nil): return -1
        case (nil, .some): return 1
        case (nil, nil): return compareText(lhs, rhs)
        }
    }

    /// Order of two integers by value.
    static func compareIntegers(_ lhs: IntegerText, _ rhs: IntegerText) -> Int {
        if lhs.negative != rhs.negative { return lhs.negative ? -1 : 1 }
        var magnitude = lhs.digits.count - rhs.digits.count
        if magnitude == 0 {
            for (l, r) in zip(lhs.digits, rhs.digits) where l != r {
                magnitude = l < r ? -1 : 1
                break
            }
        }
        return lhs.negative ? -magnitude : magnitude
    }

    /// The tie-break between cells of equal raw value: `.empty`, `.number`, `.text`.
    static func kindRank(_ cell: CSVCell) -> UInt8 {
        switch cell {
        case .empty: 0
        case .number: 1
        case .text: 2
        }
    }

    /// Appends a byte string whose `memcmp` order is this column's order (text as code points,
    /// or numeric as above), ending so that a shorter value sorts before its extensions.
    ///
    /// Text bytes are stored plus one and ended by `0x00`: valid UTF-8 never holds `0xFF`
    /// (RFC 3629 §1), so no byte overflows and the terminator sorts below every byte.
    static func appendKey(_ value: String, numeric: Bool, to key: inout [UInt8]) {
        guard numeric else { return appendTextKey(value, to: &key) }
        guard let integer = integerText(value), integer.digits.count <= Int(UInt16.max) else {
            key.append(0x03)
            return appendTextKey(value, to: &key)
        }
        let count = UInt16(integer.digits.count)
        if integer.negative {
            key.append(0x01)
            appendBigEndian(UInt16.max - count, to: &key)
            for digit in integer.digits { key.append(0xFF - digit) }
        } else {
            key.append(0x02)
            appendBigEndian(count, to: &key)
            key.append(contentsOf: integer.digits)
        }
        appendTextKey(value, to: &key)
    }

    private static func appendTextKey(_ value: String, to key: inout [UInt8]) {
        let start = key.count
        let copied: Void? = value.utf8.withContiguousStorageIfAvailable { key.append(contentsOf: $0) }
        if copied == nil { key.append(contentsOf: value.utf8) }
        key.withUnsafeMutableBufferPointer { bytes in
            for index in start..<bytes.count { bytes[index] &+= 1 }
        }
        key.append(0x00)
    }

    private static func appendBigEndian(_ value: UInt16, to key: inout [UInt8]) {
        key.append(UInt8(truncatingIfNeeded: value >> 8))
        key.append(UInt8(truncatingIfNeeded: value))
    }
}
