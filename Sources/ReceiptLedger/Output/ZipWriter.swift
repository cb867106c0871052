/// Writes a zip archive as a stream of bytes (PKWARE APPNOTE.TXT 6.3.10), for `report.xlsx`.
///
/// Only what a workbook needs, all of it deterministic: every entry is stored (method 0, no
/// compression), dated 1980-01-01 00:00 (the earliest MS-DOS date), with no attributes, extra
/// fields or comments, in the order it was added. So the same entries give the same bytes.
///
/// An entry is either added whole (`addEntry`: its CRC-32 and size go in its local header) or
/// streamed (`beginEntry`, `append`, `endEntry`): then the local header has general-purpose
/// flag bit 3 and the CRC and size follow the data in a data descriptor (APPNOTE §4.3.9), so a
/// sheet is never held whole. An entry's sizes must fit the format's 32 bits (`ZipError`);
/// the archive may grow past it: offsets and counts that do not fit 32 and 16 bits are written
/// in ZIP64 form (APPNOTE §4.3.14, §4.3.15, §4.5.3), only where needed, so a small archive
/// has no ZIP64 record at all.
///
/// The archive's bytes collect in `bytes`; the caller hands them on with `drain(into:)`
/// whenever it likes (for example once `bytes` passes a MiB), and calls `finish()` once.
struct ZipWriter {
    /// Bytes of the archive written so far and not yet drained.
    private(set) var bytes: [UInt8] = []
    /// Offsets from this one on are written in ZIP64 form; 0xFFFFFFFF, the largest a 32-bit
    /// field holds, except in tests.
    private let zip64Threshold: UInt64
    /// Bytes of the archive produced so far, drained or not: the offset of the next byte.
    private var offset: UInt64 = 0
    private var entries: [Entry] = []
    private var names: Set<String> = []
    /// The entry being streamed, between `beginEntry` and `endEntry`.
    private var open: (index: Int, crc: CRC32, size: UInt64)?
    private var finished = false

    /// The most bytes one entry may hold: its size is written in 32 bits.
    static let maximumEntrySize: UInt64 = 0xFFFF_FFFF

    private struct Entry {
        var name: [UInt8]
        var headerOffset: UInt64
        var crc: UInt32 = 0
        var size: UInt64 = 0
        var streamed: Bool
    }

    init(zip64Threshold: UInt64 = 0xFFFF_FFFF) {
        self.zip64Threshold = zip64Threshold
    }

    /// Adds an entry whose contents are known whole.
    mutating func addEntry(_ name: String, contents: [UInt8]) throws(ZipError) {
        guard UInt64(contents.count) <= Self.maximumEntrySize else { throw ZipError.entryTooLarge(name) }
        let index = try startEntry(name, streamed: false)
        entries[index].crc = CRC32.checksum(contents)
        entries[index].size = UInt64(contents.count)
        writeLocalHeader(entries[index])
        emit(contents)
    }

    /// Starts an entry whose contents follow in `append` calls, up to `endEntry`.
    mutating func beginEntry(_ name: String) throws(ZipError) {
        precondition(open == nil, "an entry is still open")
        let index = try startEntry(name, streamed: true)
        writeLocalHeader(entries[index])
        open = (index, CRC32(), 0)
    }

    /// Appends bytes to the open entry.
    mutating func append(_ data: [UInt8]) {
        data.withUnsafeBytes { append($0) }
    }

    /// Appends bytes to the open entry.
    mutating func append(_ data: UnsafeRawBufferPointer) {
        guard var entry = open else { preconditionFailure("no entry is open") }
        entry.crc.update(data)
        entry.size += UInt64(data.count)
        open = entry
        bytes.append(contentsOf: data)
        offset += UInt64(data.count)
    }

    /// The bytes appended to the open entry so far.
    var openEntrySize: UInt64 { open?.size ?? 0 }

    /// Ends the open entry with its data descriptor; fails when it passed `maximumEntrySize`.
    mutating func endEntry() throws(ZipError) {
        guard let entry = open else { preconditionFailure("no entry is open") }
        open = nil
        let name = String(decoding: entries[entry.index].name, as: UTF8.self)
        guard entry.size <= Self.maximumEntrySize else { throw ZipError.entryTooLarge(name) }
        entries[entry.index].crc = entry.crc.value
        entries[entry.index].size = entry.size
        var descriptor: [UInt8] = []
        descriptor.le32(0x0807_4B50)
        descriptor.le32(entry.crc.value)
        descriptor.le32(UInt32(entry.size))  // compressed size: stored, the same
        descriptor.le32(UInt32(entry.size))
        emit(descriptor)
    }

    /// Writes the central directory and the end records. No entry may be added afterwards.
    mutating func finish() {
        precondition(open == nil, "an entry is still open")
        precondition(!finished, "finish() called twice")
        finished = true
        let directoryOffset = offset
        for entry in entries { writeCentralHeader(entry) }
        let directorySize = offset - directoryOffset
        let count = UInt64(entries.count)
        let needsZip64 = directoryOffset >= zip64Threshold || directorySize >= zip64Threshold || count >= 0xFFFF
        var end: [UInt8] = []
        if needsZip64 {
            let recordOffset = offset
            end.le32(0x0606_4B50)  // ZIP64 end of central directory record (§4.3.14)
            end.le64(44)  // the size of the rest of the record
            end.le16(45)  // made by: version 4.5, the first with ZIP64
            end.le16(45)  // needed to extract
            end.le32(0)  // this disk
            end.le32(0)  // the disk where the central directory starts
            end.le64(count)  // entries on this disk
            end.le64(count)  // entries in all
            end.le64(directorySize)
            end.le64(directoryOffset)
            end.le32(0x0706_4B50)  // ZIP64 end of central directory locator (§4.3.15)
            end.le32(0)  // the disk holding the ZIP64 record
            end.le64(recordOffset)
            end.le32(1)  // disks in all
        }
        end.le32(0x0605_4B50)  // end of central directory record (§4.3.16)
        end.le16(0)  // this disk
        end.le16(0)  // the disk where the central directory starts
        end.le16(count >= 0xFFFF ? 0xFFFF : UInt16(count))
        end.le16(count >= 0xFFFF ? 0xFFFF : UInt16(count))
        end.le32(directorySize >= zip64Threshold ? 0xFFFF_FFFF : UInt32(directorySize))
        end.le32(directoryOffset >= zip64Threshold ? 0xFFFF_FFFF : UInt32(directoryOffset))
        end.le16(0)  // comment length
        emit(end)
    }

    /// Hands the bytes written so far to `sink` and forgets them.
    mutating func drain(into sink: ([UInt8]) throws -> Void) rethrows {
        guard !bytes.isEmpty else { return }
        try sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func startEntry(_ name: String, streamed: Bool) throws(ZipError) -> Int {
        precondition(!finished, "entry added after finish()")
        precondition(open == nil, "an entry is still open")
        let encoded = Array(name.utf8)
        guard !encoded.isEmpty, encoded.count <= 0xFFFF, names.insert(name).inserted else { throw ZipError.badName(name) }
        entries.append(Entry(name: encoded, headerOffset: offset, streamed: streamed))
        return entries.count - 1
    }

    /// The local file header (§4.3.7); a streamed entry's CRC and sizes are zero, in its
    /// data descriptor instead.
    private mutating func writeLocalHeader(_ entry: Entry) {
        var header: [UInt8] = []
        header.le32(0x0403_4B50)
        header.le16(20)  // needed to extract: 2.0 (data descriptors)
        header.le16(entry.streamed ? Self.dataDescriptorFlag : 0)
        header.le16(0)  // method: stored
        header.le16(Self.dosTime)
        header.le16(Self.dosDate)
        header.le32(entry.streamed ? 0 : entry.crc)
        header.le32(entry.streamed ? 0 : UInt32(entry.size))
        header.le32(entry.streamed ? 0 : UInt32(entry.size))
        header.le16(UInt16(entry.name.count))
        header.le16(0)  // extra field length
        header += entry.name
        emit(header)
    }

    /// The central directory file header (§4.3.12); an offset past `zip64Threshold` goes in a
    /// ZIP64 extended information extra field (§4.5.3), the 32-bit field holding 0xFFFFFFFF.
    private mutating func writeCentralHeader(_ entry: Entry) {
        let zip64 = entry.headerOffset >= zip64Threshold
        var header: [UInt8] = []
        header.le32(0x0201_4B50)
        header.le16(zip64 ? 45 : 20)  // made by: MS-DOS attributes (none), version 2.0 or 4.5
        header.le16(zip64 ? 45 : 20)  // needed to extract
        header.le16(entry.streamed ? Self.dataDescriptorFlag : 0)
        header.le16(0)  // method: stored
        header.le16(Self.dosTime)
        header.le16(Self.dosDate)
        header.le32(entry.crc)
        header.le32(UInt32(entry.size))
        header.le32(UInt32(entry.size))
        header.le16(UInt16(entry.name.count))
        header.le16(zip64 ? 12 : 0)  // extra field length
        header.le16(0)  // comment length
        header.le16(0)  // disk number start
        header.le16(0)  // internal attributes
        header.le32(0)  // external attributes
        header.le32(zip64 ? 0xFFFF_FFFF : UInt32(entry.headerOffset))
        header += entry.name
        if zip64 {
            header.le16(0x0001)  // ZIP64 extended information
            header.le16(8)
            header.le64(entry.headerOffset)
        }
        emit(header)
    }

    private mutating func emit(_ data: [UInt8]) {
        bytes += data
        offset += UInt64(data.count)
    }

    /// General-purpose flag bit 3: CRC and sizes follow the data (§4.4.4).
    private static let dataDescriptorFlag: UInt16 = 0x0008
    /// 00:00:00 in MS-DOS time (§4.4.6).
    private static let dosTime: UInt16 = 0
    /// 1980-01-01 in MS-DOS date: (year - 1980) << 9 | month << 5 | day.
    private static let dosDate: UInt16 = 1 << 5 | 1
}

/// Why an entry could not go into a zip archive.
enum ZipError: Error, Equatable, CustomStringConvertible {
    /// Empty, longer than 65,535 bytes, or already in the archive.
    case badName(String)
    /// More than `ZipWriter.maximumEntrySize` bytes.
    case entryTooLarge(String)

    var description: String {
        switch self {
        case .badName(let name): "zip entry name \(name.debugDescription) is empty, too long or repeated"
        case .entryTooLarge(let name): "zip entry \(name) is larger than 4 GiB"
        }
    }
}

extension [UInt8] {
    /// Appends a 16-bit value, least significant byte first (zip fields are little-endian).
    fileprivate mutating func le16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    fileprivate mutating func le32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    fileprivate mutating func le64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
