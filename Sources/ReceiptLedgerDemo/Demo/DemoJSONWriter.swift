/// A reusable byte buffer that builds compact JSON text the way verifyReceipt writes it.
///
/// Commas are placed by looking at the last byte (none after `{`, `[` or `:`), so callers
/// write keys and elements in order without tracking state. Strings are escaped per RFC 8259;
/// the demo's identifiers are ASCII, so the fast path copies them unchanged.
struct DemoJSONWriter {
    var bytes: [UInt8]

    init(capacity: Int = 4_096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Writes a comma unless this is the first member of an object or array.
    mutating func separate() {
        guard let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "["),
            last != UInt8(ascii: ":")
        else { return }
        bytes.append(UInt8(ascii: ","))
    }

    /// `"name":` (with a leading comma when needed); `suffix` builds `purchase_date_ms` and the like.
    mutating func key(_ name: StaticString, suffix: StaticString = "") {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(name)
        append(suffix)
        append("\":")
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(DemoJSONWriter.hexDigit(byte >> 4))
                bytes.append(DemoJSONWriter.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes `bytes` (any UTF-8 text, e.g. a whole answer) as one JSON string.
    mutating func string(bytes source: [UInt8]) {
        string(String(decoding: source, as: UTF8.self))
    }

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func integer(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// An integer as verifyReceipt usually sends it: inside quotes.
    mutating func quotedInteger(_ value: Int64) {
        bytes.append(UInt8(ascii: "\""))
        integer(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A flag as `"true"`/`"false"`, or as a JSON boolean when `typed`.
    mutating func flag(_ value: Bool, typed: Bool) {
        switch (value, typed) {
        case (true, false): append("\"true\"")
        case (false, false): append("\"false\"")
        case (true, true): append("true")
        case (false, true): append("false")
        }
    }

    /// Two ASCII digits, zero-padded.
    mutating func twoDigits(_ value: Int64) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
