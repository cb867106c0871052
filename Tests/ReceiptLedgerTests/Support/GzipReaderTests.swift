import Foundation
import Testing
@testable import ReceiptLedger

/// `GzipReader` on files the real `gzip` command wrote, byte for byte against the original.
@Suite struct GzipReaderTests {
    static let text = GzipTestData.text(3 << 20, seed: 24)
    static let random = GzipTestData.randomBytes(1 << 20, seed: 1952)

    @Test(arguments: ["-1", "-9"])
    func threeMebibytesOfTextSpanSeveralDynamicBlocks(level: String) throws {
        let file = try GzipTestData.gzip(Self.text, [level, "-n"])
        let reader = GzipReader(bytes: file)
        var output: [UInt8] = []
        var largest = 0
        while let chunk = try reader.next() {
            output += chunk
            largest = max(largest, chunk.count)
        }
        #expect(output == Self.text)
        #expect(reader.blocksByType[2] > 1)
        #expect(reader.membersRead == 1)
        #expect(largest <= Inflater.handOutSize + 258)
    }

    @Test(arguments: ["-1", "-9"])
    func oneMebibyteOfRandomBytesInStoredBlocks(level: String) throws {
        let file = try GzipTestData.gzip(Self.random, [level, "-n"])
        let reader = GzipReader(bytes: file, chunkSize: 4_099)
        var output: [UInt8] = []
        while let chunk = try reader.next() { output += chunk }
        #expect(output == Self.random)
        #expect(reader.blocksByType[0] > 1)
    }

    @Test func anEmptyFileGivesNoBytes() throws {
        let file = try GzipTestData.gzip([], ["-9"])
        let reader = GzipReader(bytes: file)
        #expect(try reader.next() == nil)
        #expect(reader.membersRead == 1)
    }

    @Test func twoConcatenatedMembersReadAsOneStream() throws {
        let first = Array("Provider\tSKU\n".utf8)
        let second = Array(Self.text.prefix(200_000))
        let file = try GzipTestData.gzip(first, ["-9", "-n"]) + GzipTestData.gzip(second, ["-1"])
        let reader = GzipReader(bytes: file, chunkSize: 333)
        var output: [UInt8] = []
        while let chunk = try reader.next() { output += chunk }
        #expect(output == first + second)
        #expect(reader.membersRead == 2)
    }

    @Test func aHeaderWithTheFileNameIsSkipped() throws {
        let content = Array(Self.text.prefix(50_000))
        let named = try GzipTestData.gzip(content, ["-6"], name: "S_D_85000000_20240305.txt")
        #expect(named[3] & 8 == 8)
        #expect(Array(named[10..<35]) == Array("S_D_85000000_20240305.txt".utf8))
        #expect(try GzipReader.decompress(named) == content)
        let anonymous = try GzipTestData.gzip(content, ["-6", "-n"])
        #expect(anonymous[3] & 8 == 0)
        #expect(try GzipReader.decompress(anonymous) == content)
    }

    @Test func chunksOfOneByteGiveTheSameBytes() throws {
        let content = Array(Self.text.prefix(20_000))
        let file = try GzipTestData.gzip(content, ["-9", "-n"])
        #expect(try GzipReader.decompress(file, chunkSize: 1) == content)
        #expect(try GzipReader.decompress(file, chunkSize: 7) == content)
    }

    @Test func readsAFileFromDiskInChunks() throws {
        let folder = try GzipTestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sales.txt.gz").path
        try Data(try GzipTestData.gzip(Self.text, ["-9", "-n"])).write(to: URL(fileURLWithPath: path))
        let reader = try GzipReader(path: path)
        var output: [UInt8] = []
        var chunks = 0
        while let chunk = try reader.next() {
            output += chunk
            chunks += 1
        }
        #expect(output == Self.text)
        #expect(chunks >= Self.text.count / (Inflater.handOutSize + 258))
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: GzipError(.unreadable("cannot read /nonexistent/sales.gz: No such file or directory"), at: 0)) {
            try GzipReader(path: "/nonexistent/sales.gz")
        }
    }

    @Test func everyOptionalHeaderFieldIsReadAndTheHeaderChecksumChecked() throws {
        let content = Array("Start Date\tEnd Date\n".utf8)
        let data = GzipTestData.deflateData(ofGzipWithoutName: try GzipTestData.gzip(content, ["-9", "-n"]))
        let full = GzipTestData.member(deflate: data, content: content, flags: 2 | 4 | 8 | 16, extra: [0x41, 0x70, 2, 0, 9, 9],
                                       name: "financial.txt", comment: "fiscal 2014-09")
        #expect(try GzipReader.decompress(full) == content)
        #expect(try GzipReader.decompress(full, chunkSize: 1) == content)

        let wrong = GzipTestData.member(deflate: data, content: content, flags: 2 | 8, name: "a.txt", headerCRC: 0x1234)
        #expect(throws: GzipError(.headerChecksum, at: 16)) { try GzipReader.decompress(wrong) }
    }
}
