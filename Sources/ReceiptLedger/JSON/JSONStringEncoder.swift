/// Writes a text as a JSON string (RFC 8259 §7), the shortest way: in quotes, with `"`, `\` and
/// the control characters escaped (`\n`, `\r`, `\t`, else `\u00XX`) and every other byte as it
/// is. The spelling `JSONTreeWriter` gives strings, and a detail's spelling of a text value,
/// which must not depend on how the answer escaped it.
enum JSONStringEncoder {
    /// Appends `utf8` as a JSON string to `bytes`; returns whether it wrote any escape.
    @discardableResult
    static func append(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "\""))
        let needsEscapes = utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        if needsEscapes {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x00..<0x20: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
                default: bytes.append(byte)
                }
            }
        } else {
            bytes += utf8
        }
        bytes.append(UInt8(ascii: "\""))
        return needsEscapes
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
