import ReceiptLedger

/// Writing Base64URL, which only the demo does (its signed answers, `DemoSignedRenderer`); the
/// library reads it.
extension Base64URL {
    /// Appends the Base64URL text of `bytes` to `output`, without padding (as RFC 7515 writes
    /// a JWS's parts).
    static func encode(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                output.append(encodingAlphabet[Int((accumulator >> UInt32(bits)) & 63)])
            }
            accumulator &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 {
            output.append(encodingAlphabet[Int((accumulator << UInt32(6 - bits)) & 63)])
        }
    }

    /// `encode` as a `String`.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        encode(bytes, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The 64 characters of the URL and file name safe alphabet, in value order.
    private static let encodingAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}
