import Testing
@testable import ReceiptLedger

/// Damaged gzip input: each kind of damage gives its own error at the right byte, never a crash.
@Suite struct GzipDamageTests {
    static let content = GzipTestData.text(40_000, seed: 5)
    static let file: [UInt8] = (try? GzipTestData.gzip(content, ["-9", "-n"])) ?? []

    static func error(_ bytes: [UInt8], chunkSize: Int = 1 << 16) -> GzipError? {
        do {
            _ = try GzipReader.decompress(bytes, chunkSize: chunkSize)
            return nil
        } catch {
            return error
        }
    }

    static func flipped(_ bytes: [UInt8], at index: Int, mask: UInt8 = 0x10) -> [UInt8] {
        var copy = bytes
        copy[index] ^= mask
        return copy
    }

    @Test func truncationAtAnyPointNamesTheEndOfTheInput() throws {
        let file = Self.file
        #expect(file.count > 1_000)
        let cases: [(Int, String)] = [(1, "the header"), (5, "the header"), (10, "a block header"), (11, "a dynamic block header"),
                                      (file.count / 2, "a block"), (file.count - 8, "the trailer"), (file.count - 1, "the trailer")]
        for (length, inside) in cases {
            let expected = GzipError(.truncated(inside), at: Int64(length))
            #expect(Self.error(Array(file.prefix(length))) == expected, "truncated to \(length)")
            #expect(Self.error(Array(file.prefix(length)), chunkSize: 3) == expected, "truncated to \(length), small chunks")
        }
    }

    @Test func anEmptyInputIsNotGzip() throws {
        #expect(Self.error([]) == GzipError(.notGzip, at: 0))
    }

    @Test func headerFlipsAreNamed() throws {
        let file = Self.file
        #expect(Self.error(Self.flipped(file, at: 0)) == GzipError(.notGzip, at: 0))
        #expect(Self.error(Self.flipped(file, at: 1)) == GzipError(.notGzip, at: 0))
        #expect(Self.error(Self.flipped(file, at: 2, mask: 1)) == GzipError(.unsupportedMethod(9), at: 2))
        #expect(Self.error(Self.flipped(file, at: 3, mask: 0x20)) == GzipError(.reservedFlags(0x20), at: 3))
        // MTIME, XFL and OS are information only.
        #expect(Self.error(Self.flipped(file, at: 4)) == nil)
        #expect(Self.error(Self.flipped(file, at: 9)) == nil)
    }

    @Test func trailerFlipsAreNamed() throws {
        let file = Self.file
        let crc = CRC32.checksum(Self.content)
        #expect(Self.error(Self.flipped(file, at: file.count - 8, mask: 1))
            == GzipError(.checksumMismatch(expected: crc ^ 1, actual: crc), at: Int64(file.count - 8)))
        #expect(Self.error(Self.flipped(file, at: file.count - 1, mask: 0x80))
            == GzipError(.sizeMismatch(expected: 40_000 | 0x8000_0000, actual: 40_000), at: Int64(file.count - 4)))
    }

    @Test func dataFlipsAreFoundInsideTheData() throws {
        let file = try GzipTestData.gzip(Array(Self.content.prefix(12_000)), ["-9", "-n"])
        var found = 0
        for index in stride(from: 10, to: file.count - 9, by: 13) {
            for mask: UInt8 in [0x01, 0x40] {
                guard let error = Self.error(Self.flipped(file, at: index, mask: mask)) else {
                    Issue.record("flip at \(index) went unnoticed")
                    continue
                }
                #expect(error.offset >= 10 && error.offset <= Int64(file.count), "flip at \(index): \(error)")
                found += 1
            }
        }
        #expect(found > 100)
    }

    @Test func dataAfterTheLastMemberIsRefused() throws {
        let file = Self.file
        #expect(Self.error(file + Array("xyz".utf8)) == GzipError(.trailingData, at: Int64(file.count)))
        #expect(Self.error(file + [0x1F]) == GzipError(.truncated("the header"), at: Int64(file.count + 1)))
    }

    // MARK: Hand-made deflate streams

    static func gzip(_ bits: DeflateBits, content: [UInt8] = []) -> [UInt8] {
        GzipTestData.member(deflate: bits.bytes, content: content)
    }

    @Test func blockTypeThreeIsRefused() throws {
        var bits = DeflateBits()
        bits.bits(1, 1)
        bits.bits(3, 2)
        #expect(Self.error(Self.gzip(bits)) == GzipError(.badBlockType, at: 10))
    }

    @Test func aStoredBlockNeedsItsLengthComplement() throws {
        let good = GzipTestData.member(deflate: [0x01, 0x03, 0x00, 0xFC, 0xFF] + Array("abc".utf8), content: Array("abc".utf8))
        #expect(try GzipReader.decompress(good) == Array("abc".utf8))
        let bad = GzipTestData.member(deflate: [0x01, 0x03, 0x00, 0xFC, 0xFE] + Array("abc".utf8), content: Array("abc".utf8))
        #expect(Self.error(bad) == GzipError(.badStoredLength, at: 11))
    }

    @Test func aFixedBlockDecodesLiteralsAndMatches() throws {
        var bits = DeflateBits()
        bits.bits(1, 1)
        bits.bits(1, 2)
        for byte in "ab".utf8 { bits.fixedLiteral(Int(byte)) }
        bits.fixedLiteral(258)  // length 4
        bits.fixedDistance(1)   // distance 2
        bits.fixedLiteral(256)
        let content = Array("ababab".utf8)
        #expect(try GzipReader.decompress(Self.gzip(bits, content: content)) == content)
    }

    @Test func aDistanceBeforeTheStartIsRefused() throws {
        var bits = DeflateBits()
        bits.bits(1, 1)
        bits.bits(1, 2)
        bits.fixedLiteral(Int(UInt8(ascii: "a")))
        bits.fixedLiteral(257)  // length 3
        bits.fixedDistance(1)   // distance 2, one byte written
        bits.fixedLiteral(256)
        #expect(Self.error(Self.gzip(bits)) == GzipError(.distanceTooFar(distance: 2, available: 1), at: 12))
    }

    @Test func reservedSymbolsAreBadCodes() throws {
        var length = DeflateBits()
        length.bits(1, 1)
        length.bits(1, 2)
        length.fixedLiteral(286)
        #expect(Self.error(Self.gzip(length)) == GzipError(.badCode("reserved length symbol 286"), at: 10))

        var distance = DeflateBits()
        distance.bits(1, 1)
        distance.bits(1, 2)
        distance.fixedLiteral(Int(UInt8(ascii: "a")))
        distance.fixedLiteral(257)
        distance.fixedDistance(30)
        #expect(Self.error(Self.gzip(distance)) == GzipError(.badCode("reserved distance symbol 30"), at: 12))
    }

    /// A dynamic block header: HLIT, HDIST, HCLEN and the code-length code's lengths.
    static func dynamicHeader(literals: Int, distances: Int, codeLengthLengths: [Int]) -> DeflateBits {
        var bits = DeflateBits()
        bits.bits(1, 1)
        bits.bits(2, 2)
        bits.bits(literals - 257, 5)
        bits.bits(distances - 1, 5)
        bits.bits(codeLengthLengths.count - 4, 4)
        for length in codeLengthLengths { bits.bits(length, 3) }
        return bits
    }

    @Test func badDynamicCodeLengthsAreNamed() throws {
        // The code-length code in order 16, 17, 18, 0, 8, …: four codes of one bit oversubscribe it.
        let over = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [1, 1, 1, 1])
        #expect(Self.error(Self.gzip(over)) == GzipError(.badCodeLengths("code-length code oversubscribed"), at: 10))

        // Only symbol 16 (repeat) and 0 have codes (one bit each: complete); a repeat comes first.
        var repeatFirst = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [1, 0, 0, 1])
        repeatFirst.code(1, 1)  // symbol 16 (canonical order: 0 gets code 0, 16 gets code 1)
        #expect(Self.error(Self.gzip(repeatFirst)) == GzipError(.badCodeLengths("a repeat with no length before it"), at: 13))

        // Symbols 0 and 18 (zeros, 11–138): every length zero, so no end-of-block code.
        var noEnd = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [0, 0, 1, 1])
        noEnd.code(1, 1)        // 18
        noEnd.bits(127, 7)      // 138 zeros
        noEnd.code(1, 1)
        noEnd.bits(109, 7)      // 120 zeros: 258 in all
        #expect(Self.error(Self.gzip(noEnd)) == GzipError(.badCodeLengths("no end-of-block code"), at: 10))

        var tooFar = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [0, 0, 1, 1])
        tooFar.code(1, 1)
        tooFar.bits(127, 7)
        tooFar.code(1, 1)
        tooFar.bits(127, 7)     // 276 > 258
        #expect(Self.error(Self.gzip(tooFar)) == GzipError(.badCodeLengths("repeat past the last code"), at: 14))
    }

    @Test func aSecondMemberIsCheckedOnItsOwn() throws {
        let file = Self.file
        let damaged = file + Self.flipped(file, at: file.count - 8, mask: 1)
        let crc = CRC32.checksum(Self.content)
        #expect(Self.error(damaged) == GzipError(.checksumMismatch(expected: crc ^ 1, actual: crc), at: Int64(2 * file.count - 8)))
    }
}
