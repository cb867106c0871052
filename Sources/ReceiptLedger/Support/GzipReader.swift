/// Reads a gzip file (RFC 1952) and hands out its decompressed bytes a chunk at a time, never
/// holding the whole file: the form App Store Connect delivers its reports in.
///
/// - Every member header is read: magic 1F 8B, method 8, FLG (reserved bits refused), MTIME,
///   XFL, OS, then FEXTRA, FNAME, FCOMMENT and FHCRC (checked) when flagged.
/// - The deflate data goes through `Inflater` (RFC 1951; stored, fixed and dynamic blocks).
/// - Each member's trailer is checked: CRC-32 (`CRC32`) and ISIZE, the length mod 2^32.
/// - Several members one after another (`cat a.gz b.gz`) read as one stream, as `gzip -d` does.
///
/// Damage of any kind throws a `GzipError` naming the byte offset. Used by one thread at a time.
final class GzipReader {
    private let inflater: Inflater
    private var stage = Stage.memberHeader
    /// Members whose trailer has been checked.
    private(set) var membersRead = 0

    /// Deflate blocks begun so far by type: stored, fixed, dynamic.
    var blocksByType: [Int] { inflater.blocksByType }

    private enum Stage { case memberHeader, data, finished }

    /// Reads the file at `path`.
    convenience init(path: String) throws(GzipError) {
        self.init(input: try ChunkedBytes(path: path))
    }

    /// Reads bytes in memory; `chunkSize` splits them as a file's reads would.
    convenience init(bytes: [UInt8], chunkSize: Int = 1 << 16) {
        self.init(input: ChunkedBytes(bytes: bytes, chunkSize: chunkSize))
    }

    init(input: ChunkedBytes) {
        inflater = Inflater(input: input)
    }

    /// The next decompressed bytes (about 32 KiB, never empty), or nil after the last member.
    func next() throws(GzipError) -> [UInt8]? {
        while true {
            switch stage {
            case .finished:
                return nil
            case .memberHeader:
                try readHeader()
                inflater.beginMember()
                stage = .data
            case .data:
                let memberEnded = try inflater.inflate()
                if memberEnded {
                    try readTrailer()
                    membersRead += 1
                    stage = try inflater.hasMoreInput() ? .memberHeader : .finished
                }
                if memberEnded || inflater.pendingCount >= Inflater.handOutSize {
                    let bytes = inflater.takePending()
                    if !bytes.isEmpty { return bytes }
                }
            }
        }
    }

    /// The whole decompressed content; for small inputs and tests.
    static func decompress(_ bytes: [UInt8], chunkSize: Int = 1 << 16) throws(GzipError) -> [UInt8] {
        let reader = GzipReader(bytes: bytes, chunkSize: chunkSize)
        var output: [UInt8] = []
        while let chunk = try reader.next() { output += chunk }
        return output
    }

    // MARK: Header and trailer

    private static let headerCRCFlag: UInt8 = 2, extraFlag: UInt8 = 4, nameFlag: UInt8 = 8, commentFlag: UInt8 = 16

    private func readHeader() throws(GzipError) {
        let start = inflater.position
        var crc = CRC32()
        func byte(_ inside: String) throws(GzipError) -> UInt8 {
            let value = try inflater.readByte(inside: inside)
            crc.update([value])
            return value
        }
        guard try inflater.hasMoreInput() else { throw GzipError(.notGzip, at: start) }
        let first = try byte("the header")
        guard try inflater.hasMoreInput() else {
            if first == 0x1F { throw GzipError(.truncated("the header"), at: inflater.position) }
            throw GzipError(membersRead == 0 ? .notGzip : .trailingData, at: start)
        }
        let second = try byte("the header")
        guard first == 0x1F, second == 0x8B else { throw GzipError(membersRead == 0 ? .notGzip : .trailingData, at: start) }
        let method = try byte("the header")
        guard method == 8 else { throw GzipError(.unsupportedMethod(method), at: start + 2) }
        let flags = try byte("the header")
        guard flags & 0xE0 == 0 else { throw GzipError(.reservedFlags(flags), at: start + 3) }
        for _ in 0..<6 { _ = try byte("the header") }  // MTIME, XFL, OS
        if flags & Self.extraFlag != 0 {
            let low = Int(try byte("the header's extra field"))
            let length = low | Int(try byte("the header's extra field")) << 8
            for _ in 0..<length { _ = try byte("the header's extra field") }
        }
        if flags & Self.nameFlag != 0 {
            while try byte("the header's file name") != 0 {}
        }
        if flags & Self.commentFlag != 0 {
            while try byte("the header's comment") != 0 {}
        }
        if flags & Self.headerCRCFlag != 0 {
            let expected = UInt16(truncatingIfNeeded: crc.value)
            let at = inflater.position
            let low = UInt16(try inflater.readByte(inside: "the header's checksum"))
            let stored = low | UInt16(try inflater.readByte(inside: "the header's checksum")) << 8
            guard stored == expected else { throw GzipError(.headerChecksum, at: at) }
        }
    }

    private func readTrailer() throws(GzipError) {
        let (actualCRC, actualSize) = inflater.finishMember()
        inflater.alignToByte()
        let crcAt = inflater.position
        let expectedCRC = try word("the trailer")
        let sizeAt = inflater.position
        let expectedSize = try word("the trailer")
        guard expectedCRC == actualCRC else { throw GzipError(.checksumMismatch(expected: expectedCRC, actual: actualCRC), at: crcAt) }
        guard expectedSize == actualSize else { throw GzipError(.sizeMismatch(expected: expectedSize, actual: actualSize), at: sizeAt) }
    }

    /// Four bytes, least significant first (RFC 1952 §2.1).
    private func word(_ inside: String) throws(GzipError) -> UInt32 {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            value |= UInt32(try inflater.readByte(inside: inside)) << UInt32(shift)
        }
        return value
    }
}
