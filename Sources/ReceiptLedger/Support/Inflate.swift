/// A deflate decoder (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks, read from a
/// `ChunkedBytes` a chunk at a time into a 64 KiB ring that keeps the 32 KiB window matches
/// reach into; the decoded bytes are handed out whenever 32 KiB are waiting, so a file of any
/// size is decoded in constant memory.
///
/// `GzipReader` reads the member header and trailer around it through `readByte`. Every loop
/// consumes input or produces output, and every length and distance is checked, so damaged input
/// ends in a `GzipError` naming its byte offset, never a crash or a loop without end.
final class Inflater {
    private let input: ChunkedBytes
    private var chunk: [UInt8] = []
    private var chunkIndex = 0
    /// Offset in the input of `chunk[0]`.
    private var chunkStart: Int64 = 0
    /// Input bits not yet used, least significant first; `bitCount` of them are real.
    private var bits: UInt64 = 0
    private var bitCount = 0

    /// The ring of output: the last 64 KiB written. `written` counts every byte ever written.
    private var window = [UInt8](repeating: 0, count: Inflater.ringSize)
    private static let ringSize = 1 << 16
    private static let ringMask = ringSize - 1
    /// Bytes handed out once this many wait (a match adds at most 258 more).
    static let handOutSize = 1 << 15
    private var written = 0
    private var handedOut = 0
    private var checked = 0
    private var memberStart = 0
    private var crc = CRC32()

    private enum Stage { case blockHeader, stored(remaining: Int), huffman, memberEnd }
    private var stage = Stage.memberEnd
    private var isLastBlock = false
    /// Blocks begun so far by type: stored, fixed, dynamic (what a test checks a member spans).
    private(set) var blocksByType = [0, 0, 0]
    private var literals = HuffmanTable.fixedLiterals
    private var distances = HuffmanTable.fixedDistances

    init(input: ChunkedBytes) {
        self.input = input
    }

    /// Offset in the input of the byte holding the next unused bit.
    var position: Int64 { chunkStart + Int64(chunkIndex) - Int64((bitCount + 7) / 8) }

    /// Decoded bytes waiting to be handed out.
    var pendingCount: Int { written - handedOut }

    // MARK: Members

    /// Starts the deflate data of a new member: output and CRC-32 count from here.
    func beginMember() {
        memberStart = written
        checked = written
        crc = CRC32()
        stage = .blockHeader
        isLastBlock = false
    }

    /// The CRC-32 and length (mod 2^32) of the member's output, once `inflate` returned true.
    func finishMember() -> (crc: UInt32, size: UInt32) {
        checkPending()
        return (crc.value, UInt32(truncatingIfNeeded: written - memberStart))
    }

    /// The bytes decoded since the last call.
    func takePending() -> [UInt8] {
        checkPending()
        let bytes = ring(from: handedOut, to: written)
        handedOut = written
        return bytes
    }

    private func checkPending() {
        guard checked < written else { return }
        let start = checked & Self.ringMask
        let end = written & Self.ringMask
        window.withUnsafeBufferPointer { ring in
            if start < end || end == 0 {
                crc.update(UnsafeBufferPointer(rebasing: ring[start..<(end == 0 ? Self.ringSize : end)]))
            } else {
                crc.update(UnsafeBufferPointer(rebasing: ring[start...]))
                crc.update(UnsafeBufferPointer(rebasing: ring[..<end]))
            }
        }
        checked = written
    }

    private func ring(from start: Int, to end: Int) -> [UInt8] {
        guard start < end else { return [] }
        let first = start & Self.ringMask
        let last = end & Self.ringMask
        if first < last { return Array(window[first..<last]) }
        return Array(window[first...]) + Array(window[..<last])
    }

    // MARK: Bytes and bits

    /// Fetches the next input chunk; false at the end of the input.
    private func fetch() throws(GzipError) -> Bool {
        chunkStart += Int64(chunk.count)
        chunkIndex = 0
        guard let next = try input.next() else {
            chunk = []
            return false
        }
        chunk = next
        return true
    }

    /// Fills the bit buffer to at least 57 bits, or with all that is left of the input.
    @inline(__always)
    private func refill() throws(GzipError) {
        while bitCount <= 56 {
            if chunkIndex == chunk.count, !(try fetch()) { return }
            bits |= UInt64(chunk[chunkIndex]) << UInt64(bitCount)
            chunkIndex += 1
            bitCount += 8
        }
    }

    /// The next `count` (0 ... 32) bits as a number, first bit lowest.
    @inline(__always)
    private func take(_ count: Int, inside: @autoclosure () -> String) throws(GzipError) -> Int {
        if bitCount < count {
            try refill()
            guard bitCount >= count else { throw GzipError(.truncated(inside()), at: chunkStart + Int64(chunk.count)) }
        }
        let value = Int(bits & ((1 << UInt64(count)) - 1))
        bits >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Drops the bits left of the current byte (stored blocks and trailers start on a byte).
    func alignToByte() {
        let drop = bitCount % 8
        bits >>= UInt64(drop)
        bitCount -= drop
    }

    /// The next whole byte; the reader must be on a byte boundary.
    func readByte(inside: @autoclosure () -> String) throws(GzipError) -> UInt8 {
        if bitCount >= 8 { return UInt8(try take(8, inside: inside())) }
        if chunkIndex == chunk.count, !(try fetch()) {
            throw GzipError(.truncated(inside()), at: chunkStart)
        }
        let byte = chunk[chunkIndex]
        chunkIndex += 1
        return byte
    }

    /// True when input is left (a byte in the bit buffer or in the file).
    func hasMoreInput() throws(GzipError) -> Bool {
        if bitCount >= 8 || chunkIndex < chunk.count { return true }
        return try fetch()
    }

    // MARK: Blocks

    /// Decodes until `handOutSize` bytes wait or the member's last block ends (then true).
    func inflate() throws(GzipError) -> Bool {
        while pendingCount < Self.handOutSize {
            switch stage {
            case .memberEnd:
                return true
            case .blockHeader:
                try readBlockHeader()
            case .stored(let remaining):
                try copyStored(remaining)
            case .huffman:
                try decodeSymbols()
            }
        }
        if case .memberEnd = stage { return true }
        return false
    }

    private func endBlock() {
        stage = isLastBlock ? .memberEnd : .blockHeader
    }

    private func readBlockHeader() throws(GzipError) {
        let start = position
        isLastBlock = try take(1, inside: "a block header") == 1
        let type = try take(2, inside: "a block header")
        if type < 3 { blocksByType[type] += 1 }
        switch type {
        case 0:
            alignToByte()
            let lengthAt = position
            let length = try take(16, inside: "a stored block's length")
            let complement = try take(16, inside: "a stored block's length")
            guard length == complement ^ 0xFFFF else { throw GzipError(.badStoredLength, at: lengthAt) }
            stage = .stored(remaining: length)
        case 1:
            literals = .fixedLiterals
            distances = .fixedDistances
            stage = .huffman
        case 2:
            try readDynamicTables()
            stage = .huffman
        default:
            throw GzipError(.badBlockType, at: start)
        }
    }

    private func copyStored(_ remaining: Int) throws(GzipError) {
        let count = min(remaining, Self.handOutSize - pendingCount)
        for _ in 0..<count {
            window[written & Self.ringMask] = try readByte(inside: "a stored block")
            written += 1
        }
        if remaining - count == 0 { endBlock() } else { stage = .stored(remaining: remaining - count) }
    }

    /// RFC 1951 §3.2.7: the order in which the code-length code's lengths are sent.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private func readDynamicTables() throws(GzipError) {
        let start = position
        let literalCount = try take(5, inside: "a dynamic block header") + 257
        let distanceCount = try take(5, inside: "a dynamic block header") + 1
        let codeLengthCount = try take(4, inside: "a dynamic block header") + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw GzipError(.badCodeLengths("\(literalCount) literal/length and \(distanceCount) distance codes"), at: start)
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(try take(3, inside: "a dynamic block header"))
        }
        let codeLengths = try table(codeLengthLengths, allowIncomplete: false, name: "code-length code", at: start)
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            let at = position
            let symbol = try decode(codeLengths, name: "code-length code")
            if symbol < 16 {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            var repeated: UInt8 = 0
            let times: Int
            switch symbol {
            case 16:
                guard index > 0 else { throw GzipError(.badCodeLengths("a repeat with no length before it"), at: at) }
                repeated = lengths[index - 1]
                times = 3 + (try take(2, inside: "a dynamic block header"))
            case 17:
                times = 3 + (try take(3, inside: "a dynamic block header"))
            default:
                times = 11 + (try take(7, inside: "a dynamic block header"))
            }
            guard index + times <= lengths.count else { throw GzipError(.badCodeLengths("repeat past the last code"), at: at) }
            for _ in 0..<times {
                lengths[index] = repeated
                index += 1
            }
        }
        guard lengths[256] != 0 else { throw GzipError(.badCodeLengths("no end-of-block code"), at: start) }
        literals = try table(Array(lengths[..<literalCount]), allowIncomplete: true, name: "literal/length code", at: start)
        distances = try table(Array(lengths[literalCount...]), allowIncomplete: true, name: "distance code", at: start)
    }

    private func table(_ lengths: [UInt8], allowIncomplete: Bool, name: String, at offset: Int64) throws(GzipError) -> HuffmanTable {
        do {
            return try HuffmanTable(lengths: lengths, allowIncomplete: allowIncomplete)
        } catch .oversubscribed {
            throw GzipError(.badCodeLengths("\(name) oversubscribed"), at: offset)
        } catch {
            throw GzipError(.badCodeLengths("\(name) incomplete"), at: offset)
        }
    }

    @inline(__always)
    private func decode(_ table: HuffmanTable, name: @autoclosure () -> String) throws(GzipError) -> Int {
        if bitCount < HuffmanTable.maximumLength { try refill() }
        switch table.decode(bits, available: bitCount) {
        case .symbol(let symbol, let length):
            bits >>= UInt64(length)
            bitCount -= length
            return symbol
        case .needMoreInput:
            throw GzipError(.truncated("a block"), at: chunkStart + Int64(chunk.count))
        case .invalid:
            throw GzipError(.badCode("no \(name()) matches the input"), at: position)
        }
    }

    /// RFC 1951 §3.2.5: the base lengths and extra bits of length codes 257–285 and the base
    /// distances and extra bits of distance codes 0–29.
    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                       2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private func decodeSymbols() throws(GzipError) {
        while pendingCount < Self.handOutSize {
            let at = position
            let symbol = try decode(literals, name: "literal/length code")
            if symbol < 256 {
                window[written & Self.ringMask] = UInt8(truncatingIfNeeded: symbol)
                written += 1
                continue
            }
            if symbol == 256 {
                endBlock()
                return
            }
            guard symbol <= 285 else { throw GzipError(.badCode("reserved length symbol \(symbol)"), at: at) }
            let length = Self.lengthBase[symbol - 257] + (try take(Self.lengthExtra[symbol - 257], inside: "a block"))
            let distanceAt = position
            guard !distances.isEmpty else { throw GzipError(.badCode("a match in a block without distance codes"), at: distanceAt) }
            let code = try decode(distances, name: "distance code")
            guard code < 30 else { throw GzipError(.badCode("reserved distance symbol \(code)"), at: distanceAt) }
            let distance = Self.distanceBase[code] + (try take(Self.distanceExtra[code], inside: "a block"))
            guard distance <= written - memberStart else {
                throw GzipError(.distanceTooFar(distance: distance, available: written - memberStart), at: distanceAt)
            }
            for _ in 0..<length {
                window[written & Self.ringMask] = window[(written - distance) & Self.ringMask]
                written += 1
            }
        }
    }
}
