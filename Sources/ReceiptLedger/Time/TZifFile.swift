/// The contents of a compiled tz database file (TZif, RFC 8536), as the zone's rules need them.
///
/// Only the version 2+ block (64-bit times) is read when present, as Python's `zoneinfo` does; leap
/// second tables are refused (the `right/` zones count TAI seconds, not POSIX time).
struct TZifFile: Equatable, Sendable {
    /// One local time type: its offset east of UTC in seconds and whether it is daylight time.
    struct LocalTimeType: Equatable, Sendable {
        var utcOffset: Int64
        var isDaylight: Bool
    }

    /// Seconds since the epoch, ascending.
    var transitionTimes: [Int64]
    /// For each transition, the index into `types` of the local time that starts there.
    var transitionTypes: [Int]
    var types: [LocalTimeType]
    /// The POSIX `TZ` rule for instants after the last transition; nil when the file has none.
    var footer: String?

    /// The local time type before the first transition: the first standard-time type in the file,
    /// else the first transition's type (Python `zoneinfo`'s `_tti_before`, RFC 8536 §3.2).
    var typeBeforeFirstTransition: LocalTimeType? {
        types.first { !$0.isDaylight } ?? transitionTypes.first.map { types[$0] } ?? types.first
    }

    enum Malformed: Error, Equatable {
        case notTZif
        case truncated
        case badTypeIndex
        case leapSeconds
        case noTypes
        case badFooter
        case unsortedTransitions
    }

    init(bytes: [UInt8]) throws(Malformed) {
        var reader = ByteReader(bytes: bytes)
        let first = try Header(reading: &reader)
        guard first.version >= 2 else {
            self = try Self(block: &reader, header: first, timeSize: 4)
            footer = nil
            return
        }
        try reader.skip(first.blockSize(timeSize: 4))
        let second = try Header(reading: &reader)
        self = try Self(block: &reader, header: second, timeSize: 8)
        // Footer: "\n" TZ-string "\n".
        footer = nil
        if reader.remaining >= 2, try reader.byte() == UInt8(ascii: "\n") {
            var text: [UInt8] = []
            while reader.remaining > 0 {
                let byte = try reader.byte()
                if byte == UInt8(ascii: "\n") { break }
                text.append(byte)
            }
            footer = text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
        }
    }

    private init(block reader: inout ByteReader, header: Header, timeSize: Int) throws(Malformed) {
        guard header.leapCount == 0 else { throw .leapSeconds }
        guard header.typeCount > 0 else { throw .noTypes }
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let time = timeSize == 8 ? try reader.int64() : Int64(try reader.int32())
            guard times.last.map({ $0 < time }) ?? true else { throw .unsortedTransitions }
            times.append(time)
        }
        var indices: [Int] = []
        indices.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let index = Int(try reader.byte())
            guard index < header.typeCount else { throw .badTypeIndex }
            indices.append(index)
        }
        var types: [LocalTimeType] = []
        for _ in 0..<header.typeCount {
            let offset = Int64(try reader.int32())
            let isDaylight = try reader.byte() != 0
            _ = try reader.byte()   // abbreviation index: names are not needed
            types.append(LocalTimeType(utcOffset: offset, isDaylight: isDaylight))
        }
        try reader.skip(header.charCount + header.standardCount + header.universalCount)
        transitionTimes = times
        transitionTypes = indices
        self.types = types
        footer = nil
    }

    /// The 44-byte header before each data block (RFC 8536 §3.1).
    private struct Header {
        var version: Int
        var universalCount: Int
        var standardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var charCount: Int

        init(reading reader: inout ByteReader) throws(Malformed) {
            guard reader.remaining >= 44 else { throw .truncated }
            guard try reader.byte() == UInt8(ascii: "T"), try reader.byte() == UInt8(ascii: "Z"),
                  try reader.byte() == UInt8(ascii: "i"), try reader.byte() == UInt8(ascii: "f")
            else { throw .notTZif }
            let versionByte = try reader.byte()
            version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
            try reader.skip(15)
            universalCount = Int(try reader.int32())
            standardCount = Int(try reader.int32())
            leapCount = Int(try reader.int32())
            timeCount = Int(try reader.int32())
            typeCount = Int(try reader.int32())
            charCount = Int(try reader.int32())
            let counts = [universalCount, standardCount, leapCount, timeCount, typeCount, charCount]
            guard counts.allSatisfy({ (0...1_000_000).contains($0) }) else { throw .truncated }
        }

        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount
                + leapCount * (timeSize + 4) + standardCount + universalCount
        }
    }
}

/// A bounds-checked big-endian cursor.
private struct ByteReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - index }

    mutating func skip(_ count: Int) throws(TZifFile.Malformed) {
        guard count >= 0, count <= remaining else { throw .truncated }
        index += count
    }

    mutating func byte() throws(TZifFile.Malformed) -> UInt8 {
        guard remaining >= 1 else { throw .truncated }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func int32() throws(TZifFile.Malformed) -> Int32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return Int32(bitPattern: value)
    }

    mutating func int64() throws(TZifFile.Malformed) -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return Int64(bitPattern: value)
    }
}
