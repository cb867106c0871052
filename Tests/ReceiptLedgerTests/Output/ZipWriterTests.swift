import Foundation
import Testing
@testable import ReceiptLedger

@Suite struct ZipWriterTests {
    static func archive(zip64Threshold: UInt64 = 0xFFFF_FFFF, drainEvery: Int? = nil) throws -> [UInt8] {
        var zip = ZipWriter(zip64Threshold: zip64Threshold)
        var out: [UInt8] = []
        try zip.addEntry("a.txt", contents: Array("hi".utf8))
        try zip.beginEntry("dir/b.xml")
        for piece in ["<b>", "streamed", "</b>"] {
            zip.append(Array(piece.utf8))
            if drainEvery != nil { zip.drain { out += $0 } }
        }
        #expect(zip.openEntrySize == 15)
        try zip.endEntry()
        try zip.addEntry("empty", contents: [])
        zip.finish()
        zip.drain { out += $0 }
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func aWholeEntryHasItsCRCAndSizeInItsLocalHeader() throws {
        var zip = ZipWriter()
        try zip.addEntry("a.txt", contents: Array("hi".utf8))
        zip.finish()
        // local header, "hi", central header, end record; CRC-32("hi") = 0xD8932AAC; 1980-01-01 = 0x0021.
        let local = "504b0304" + "1400" + "0000" + "0000" + "0000" + "2100" + "ac2a93d8" + "02000000" + "02000000" + "0500" + "0000"
            + "612e747874" + "6869"
        let central = "504b0102" + "1400" + "1400" + "0000" + "0000" + "0000" + "2100" + "ac2a93d8" + "02000000" + "02000000"
            + "0500" + "0000" + "0000" + "0000" + "0000" + "00000000" + "00000000" + "612e747874"
        let end = "504b0506" + "0000" + "0000" + "0100" + "0100" + "33000000" + "25000000" + "0000"
        #expect(Self.hex(zip.bytes) == local + central + end)
    }

    @Test func aStreamedEntryEndsWithADataDescriptorAndReadsBack() throws {
        let bytes = try Self.archive()
        let zip = try StoredZip(bytes)
        #expect(zip.entries.map(\.name) == ["a.txt", "dir/b.xml", "empty"])
        #expect(zip.entries.map(\.usesDataDescriptor) == [false, true, false])
        #expect(zip.text("dir/b.xml") == "<b>streamed</b>")
        #expect(zip.text("a.txt") == "hi" && zip.text("empty") == "")
        #expect(!zip.hasZip64EndRecord && zip.entries.allSatisfy { !$0.hasZip64Extra })
        let path = try Self.write(bytes, "plain.zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try StoredZip.pythonProblem(path: path) == nil)
        #expect(try StoredZip.unzipProblem(path: path) == nil)
    }

    @Test func offsetsPastTheThresholdAreWrittenInZip64Form() throws {
        // A threshold of 30 bytes stands for 4 GiB: the second (at 37) and third local headers
        // and the central directory lie past it.
        let bytes = try Self.archive(zip64Threshold: 30)
        let zip = try StoredZip(bytes)
        #expect(zip.hasZip64EndRecord)
        #expect(zip.entries.map(\.hasZip64Extra) == [false, true, true])
        #expect(zip.text("dir/b.xml") == "<b>streamed</b>")
        let path = try Self.write(bytes, "zip64.zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try StoredZip.pythonProblem(path: path) == nil)
        #expect(try StoredZip.unzipProblem(path: path) == nil)
        // The end record points to the ZIP64 record for the directory's offset.
        let end = Array(bytes.suffix(22))
        #expect(Self.hex(Array(end[16..<20])) == "ffffffff")
    }

    @Test func theSameEntriesGiveTheSameBytesHoweverTheyAreDrained() throws {
        let whole = try Self.archive(), pieces = try Self.archive(drainEvery: 1)
        #expect(whole == pieces)
        #expect(whole == (try Self.archive()))
    }

    @Test func aRepeatedOrEmptyNameIsRefused() throws {
        var zip = ZipWriter()
        try zip.addEntry("a", contents: [1])
        #expect(throws: ZipError.badName("a")) { try zip.addEntry("a", contents: [2]) }
        #expect(throws: ZipError.badName("a")) { try zip.beginEntry("a") }
        #expect(throws: ZipError.badName("")) { try zip.addEntry("", contents: []) }
    }

    static func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "receipt-ledger-zip-\(UUID().uuidString)-\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
