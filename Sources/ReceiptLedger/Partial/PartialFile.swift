import Foundation

/// The binary frame of every partial-state file of a sharded run (docs/PARTIAL-STATE.md): the
/// magic `RLPART`, a format version and the file's kind, then the body in little-endian
/// base-128 varints, zigzag for signed numbers, and length-prefixed UTF-8. One documented,
/// versioned format, so that a driver on other machines (Spark) can move the files around.
enum PartialFile {
    static let magic: [UInt8] = Array("RLPART".utf8)
    /// Raised whenever a field is added, removed or changed: a reader refuses any other.
    static let version: UInt8 = 1

    /// What a file holds; written after the version.
    enum Kind: UInt8, CaseIterable {
        /// `records.part`: every record of one shard, its keys and its per-record merge inputs.
        case records = 1
        /// `bucket-NNNNN.part`: one shard's transaction copies of one bucket.
        case bucket = 2
        /// The index: duplicates, users, visits, the latest `verified_at` of all shards.
        case index = 3
        /// One bucket's booked transactions and anomalies.
        case booked = 4
        /// Every booked transaction in key order: a run's own, read back by its report
        /// (`TransactionFile`), never exchanged between stages.
        case transactions = 5

        var name: String {
            switch self {
            case .records: "records part"
            case .bucket: "bucket part"
            case .index: "record index"
            case .booked: "booked bucket"
            case .transactions: "transaction file"
            }
        }
    }

    /// The bucket of a transaction id: FNV-1a 64 of its UTF-8 bytes, modulo `buckets`. Of the id
    /// alone, not the environment, so that both environments of an id meet in one bucket
    /// (`transaction_in_both_environments`). Stable across machines and releases.
    static func bucket(of transactionID: IDText, buckets: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        transactionID.withUTF8 { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return Int(hash % UInt64(buckets))
    }

    /// The file name of a bucket's part: `bucket-` and the number in five digits at least.
    static func bucketFileName(_ bucket: Int) -> String {
        let digits = String(bucket)
        return "bucket-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".part"
    }

    static let recordsFileName = "records.part"
}

/// Writes one partial-state file (see `PartialFile`): in memory, or (`streamingTo`) to a file
/// in pieces, so that a shard's parts never need to fit in memory.
struct PartialWriter {
    /// What is written and not yet on disk.
    private(set) var bytes: [UInt8] = []
    /// What is on disk already.
    private var flushedCount = 0
    /// Where the next byte goes in the file (the header included).
    var position: Int { flushedCount + bytes.count }
    /// The file `flushIfFull` and `finish` append to; nil: in memory only.
    private let path: String?
    private var started = false
    /// Bytes held before `flushIfFull` writes them out.
    private let pieceSize: Int

    init(kind: PartialFile.Kind) {
        bytes = PartialFile.magic + [PartialFile.version, kind.rawValue]
        path = nil
        pieceSize = Int.max
    }

    /// A writer that writes to `path` (replaced) whenever `pieceSize` bytes are held.
    init(kind: PartialFile.Kind, streamingTo path: String, pieceSize: Int = 1 << 16) {
        bytes = PartialFile.magic + [PartialFile.version, kind.rawValue]
        self.path = path
        self.pieceSize = pieceSize
    }

    /// Writes what is held to the file once a piece is full (a writer `streamingTo` a file).
    mutating func flushIfFull() throws {
        guard bytes.count >= pieceSize, let path else { return }
        try append(to: path)
    }

    /// Writes the rest to the file of a writer `streamingTo` one.
    mutating func finish() throws {
        guard let path else { throw FatalError("internal error: a partial-state writer without a file") }
        try append(to: path)
    }

    private mutating func append(to path: String) throws {
        try Self.write(bytes, to: path, mode: started ? "ab" : "wb")
        started = true
        flushedCount += bytes.count
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` to `path`, opened with `mode` (`wb` replaces, `ab` appends): a failure is
    /// fatal (exit 1).
    private static func write(_ bytes: [UInt8], to path: String, mode: String) throws {
        guard let file = fopen(path, mode) else { throw FatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else { throw FatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    mutating func unsigned(_ value: UInt64) { Varint.append(value, to: &bytes) }

    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    /// Zigzag: small negative numbers take few bytes too.
    mutating func signed(_ value: Int64) { unsigned(Varint.zigzag(value)) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// Bytes already encoded (a transaction copied from one file to another as it is).
    mutating func encoded(_ value: UnsafeRawBufferPointer) { bytes.append(contentsOf: value) }

    mutating func bool(_ value: Bool) { byte(value ? 1 : 0) }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func instant(_ value: UnixMillis) { signed(value.rawValue) }

    /// A presence byte (0 or 1), then the value when present.
    mutating func optional<Value>(_ value: Value?, _ write: (inout PartialWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func optionalText(_ value: String?) { optional(value) { $0.text($1) } }
    mutating func optionalSigned(_ value: Int64?) { optional(value) { $0.signed($1) } }
    mutating func optionalInstant(_ value: UnixMillis?) { optional(value) { $0.instant($1) } }

    /// Writes the bytes to `path` (replacing a file there): a failure is fatal (exit 1).
    func write(to path: String) throws {
        try Self.write(bytes, to: path, mode: "wb")
    }
}

/// Reads one partial-state file (see `PartialFile`), from memory or a file read in pieces. A
/// file that is not one of the kind expected, or of another format version, is a usage error
/// (exit 64); one that ends early or holds an impossible value is damaged, a fatal error (exit
/// 1). Either is one line naming the file.
struct PartialReader {
    let path: String
    /// The bytes read and not yet taken, from `offset`.
    private var bytes: [UInt8]
    private var offset = 0
    /// Where `bytes` begins in the file.
    private var start = 0
    /// The file's size: no text or count can be longer than what is left of it.
    private let size: Int
    private let file: ReadFile?

    /// The file a reader reads in pieces: a stream, closed with the last copy of the reader,
    /// or a range of an open descriptor read with `pread`, which several readers on several
    /// threads may share (`TransactionFile`).
    private final class ReadFile {
        let handle: UnsafeMutablePointer<FILE>?
        let descriptor: Int32
        /// Where the range begins in the descriptor's file.
        let base: Int
        init(_ handle: UnsafeMutablePointer<FILE>) { (self.handle, descriptor, base) = (handle, -1, 0) }
        init(descriptor: Int32, base: Int) { (handle, self.descriptor, self.base) = (nil, descriptor, base) }
        deinit { if let handle { fclose(handle) } }

        /// Reads up to `count` bytes at `offset` of the range into `buffer`: 0 at its end.
        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
            if let handle { return fread(buffer.baseAddress, 1, buffer.count, handle) }
            while true {
                let read = pread(descriptor, buffer.baseAddress, buffer.count, off_t(base + offset))
                if read >= 0 || errno != EINTR { return read }
            }
        }
    }

    init(path: String, expecting kind: PartialFile.Kind) throws {
        guard let handle = fopen(path, "rb") else {
            throw UsageError("cannot read \(kind.name) \(path): \(String(cString: strerror(errno)))")
        }
        let file = ReadFile(handle)
        var status = stat()
        guard fstat(fileno(handle), &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw UsageError("\(kind.name) \(path) is not a regular file")
        }
        try self.init(path: path, bytes: [], size: Int(status.st_size), file: file, expecting: kind)
    }

    init(bytes: [UInt8], path: String, expecting kind: PartialFile.Kind) throws {
        try self.init(path: path, bytes: bytes, size: bytes.count, file: nil, expecting: kind)
    }

    /// A reader of `count` bytes of an open file from `offset`, read with `pread` in pieces,
    /// with no header of its own (it lies inside a checked file: `TransactionFile`).
    init(range offset: Int, count: Int, of descriptor: Int32, path: String) {
        self.path = path
        bytes = []
        size = count
        file = ReadFile(descriptor: descriptor, base: offset)
    }

    private init(path: String, bytes: [UInt8], size: Int, file: ReadFile?, expecting kind: PartialFile.Kind) throws {
        self.path = path
        self.bytes = bytes
        self.size = size
        self.file = file
        let header = PartialFile.magic.count + 2
        guard try available(header), Array(self.bytes[..<PartialFile.magic.count]) == PartialFile.magic else {
            throw UsageError("\(path) is not a receipt-ledger partial-state file (no RLPART header)")
        }
        let version = self.bytes[PartialFile.magic.count], found = self.bytes[PartialFile.magic.count + 1]
        guard version == PartialFile.version else {
            throw UsageError("\(path) is partial state of format version \(version); this receipt-ledger reads version \(PartialFile.version)")
        }
        guard found == kind.rawValue else {
            let name = PartialFile.Kind(rawValue: found)?.name ?? "partial state of unknown kind \(found)"
            throw UsageError("\(path) is a \(name), not a \(kind.name)")
        }
        offset = header
    }

    /// Whether `count` bytes can be taken from `offset`, reading more of the file as needed.
    private mutating func available(_ count: Int) throws -> Bool {
        if bytes.count - offset >= count { return true }
        guard let file else { return false }
        if offset > 0 {
            bytes.removeFirst(offset)
            start += offset
            offset = 0
        }
        let wanted = max(1 << 16, count - bytes.count)
        var chunk = [UInt8](repeating: 0, count: file.handle == nil ? min(wanted, max(count - bytes.count, size - start - bytes.count)) : wanted)
        while bytes.count < count {
            let read = chunk.withUnsafeMutableBytes { file.read(into: $0, at: start + bytes.count) }
            if read <= 0 {
                if let handle = file.handle, ferror(handle) == 0 { return false }
                if read == 0, file.handle == nil { return false }
                throw FatalError("cannot read \(path): an I/O error")
            }
            bytes.append(contentsOf: chunk[..<read])
        }
        return true
    }

    /// Goes to `offset` of a reader of bytes in memory (a file is read once, in order).
    mutating func seek(to offset: Int) {
        precondition(file == nil && offset <= bytes.count, "seeking in a file, or beyond the bytes")
        self.offset = offset
    }

    /// Where the next byte lies in the file (in the range, for a reader of a range).
    var position: Int { start + offset }

    var isAtEnd: Bool {
        mutating get { (try? available(1)) != true }
    }

    /// The error of a damaged file: one line, fatal.
    func damaged(_ what: String) -> FatalError {
        FatalError("\(path) is damaged: \(what) at byte \(position)")
    }

    mutating func byte() throws -> UInt8 {
        guard try available(1) else { throw damaged("it ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }
    mutating func unsigned() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64, shift < 63 || next <= 1 else { throw damaged("a number too large") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A count or position: at most what the file could hold, so a damaged count cannot ask
    /// for more memory than the file's size.
    mutating func count() throws -> Int {
        let value = try unsigned()
        guard value <= UInt64(Int32.max) else { throw damaged("a count too large") }
        return Int(value)
    }

    mutating func signed() throws -> Int64 {
        Varint.unzigzag(try unsigned())
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw damaged("a flag that is neither 0 nor 1")
        }
    }

    mutating func text() throws -> String {
        let length = try count()
        guard length <= size - position, try available(length) else { throw damaged("it ends early") }
        defer { offset += length }
        let start = offset
        guard let text = bytes.withUnsafeBufferPointer({ String(validatingUTF8: UnsafeBufferPointer(rebasing: $0[start..<start + length])) })
        else { throw damaged("text that is not UTF-8") }
        return text
    }

    mutating func instant() throws -> UnixMillis { UnixMillis(try signed()) }

    mutating func optional<Value>(_ read: (inout PartialReader) throws -> Value) throws -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func optionalText() throws -> String? { try optional { try $0.text() } }
    mutating func optionalSigned() throws -> Int64? { try optional { try $0.signed() } }
    mutating func optionalInstant() throws -> UnixMillis? { try optional { try $0.instant() } }

    /// A code written as text, read back through `decode` (nil: not a known code).
    mutating func code<Value>(_ what: String, _ decode: (String) -> Value?) throws -> Value {
        let text = try text()
        guard let value = decode(text) else { throw damaged("an unknown \(what) \"\(text)\"") }
        return value
    }

    mutating func environment() throws -> Environment { try code("environment") { Environment(rawValue: $0) } }

    /// Throws unless every byte was read.
    mutating func requireEnd() throws {
        guard isAtEnd else { throw damaged("bytes after the end") }
    }
}
