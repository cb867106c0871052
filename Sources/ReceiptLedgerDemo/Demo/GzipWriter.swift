import ReceiptLedger

/// One gzip member (RFC 1952) holding `bytes` in stored deflate blocks (RFC 1951 §3.2.4, type 0,
/// at most 65,535 bytes each): valid for every gzip reader, and small enough to need no
/// compressor (the demo writes Apple's report files with it).
enum GzipWriter {
    static func member(_ bytes: [UInt8]) -> [UInt8] {
        // ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0, XFL = 0, OS = 255 (unknown).
        var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            out.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE = 00, padded to the byte
            out += [UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)]
            out += bytes[start..<end]
            start = end
        } while start < bytes.count
        let crc = CRC32.checksum(bytes)
        let size = UInt32(truncatingIfNeeded: bytes.count)
        for value in [crc, size] { out += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return out
    }
}
