/// Why a gzip stream cannot be read, and where: `offset` is the byte of the compressed file at
/// which the damage was found (counted from 0), so that a damaged download can be located.
struct GzipError: Error, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        /// The file could not be read at all (open or read failed): the system's message.
        case unreadable(String)
        /// The first two bytes are not 1F 8B (RFC 1952 §2.3.1): not gzip.
        case notGzip
        /// Bytes after a complete member that do not start another member.
        case trailingData
        /// Compression method other than 8 (deflate).
        case unsupportedMethod(UInt8)
        /// FLG has one of its reserved bits 5–7 set (RFC 1952: a reader must refuse it).
        case reservedFlags(UInt8)
        /// The header's CRC16 (FHCRC) does not match the header.
        case headerChecksum
        /// The input ends inside a header, a block or a trailer.
        case truncated(String)
        /// BTYPE 11, reserved (RFC 1951 §3.2.3).
        case badBlockType
        /// A stored block whose NLEN is not the complement of LEN.
        case badStoredLength
        /// A dynamic block's code lengths do not make a usable prefix code.
        case badCodeLengths(String)
        /// A code that the block's Huffman tables do not define, or a length or distance symbol
        /// that RFC 1951 reserves (286, 287; 30, 31).
        case badCode(String)
        /// A distance reaching back before the start of the member's output.
        case distanceTooFar(distance: Int, available: Int)
        /// The trailer's CRC-32 is not that of the decompressed member.
        case checksumMismatch(expected: UInt32, actual: UInt32)
        /// The trailer's ISIZE is not the member's length modulo 2^32.
        case sizeMismatch(expected: UInt32, actual: UInt32)
    }

    var kind: Kind
    /// Byte offset in the compressed input.
    var offset: Int64

    init(_ kind: Kind, at offset: Int64) {
        self.kind = kind
        self.offset = offset
    }

    var description: String {
        let place = "at byte \(offset)"
        switch kind {
        case .unreadable(let message): return message
        case .notGzip: return "not gzip (no 1F 8B signature) \(place)"
        case .trailingData: return "data that is not gzip after the last member \(place)"
        case .unsupportedMethod(let method): return "unsupported compression method \(method) \(place)"
        case .reservedFlags(let flags): return "reserved header flags set (\(flags)) \(place)"
        case .headerChecksum: return "header checksum mismatch \(place)"
        case .truncated(let inside): return "truncated: the input ends inside \(inside) \(place)"
        case .badBlockType: return "invalid block type 3 \(place)"
        case .badStoredLength: return "stored block length and its complement disagree \(place)"
        case .badCodeLengths(let why): return "invalid code lengths (\(why)) \(place)"
        case .badCode(let why): return "invalid Huffman code (\(why)) \(place)"
        case .distanceTooFar(let distance, let available):
            return "distance \(distance) reaches before the start of the output (\(available) bytes) \(place)"
        case .checksumMismatch(let expected, let actual):
            return "CRC-32 mismatch (trailer \(Self.hex(expected)), data \(Self.hex(actual))) \(place)"
        case .sizeMismatch(let expected, let actual):
            return "size mismatch (trailer \(expected), data \(actual)) \(place)"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
