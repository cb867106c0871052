import Foundation
import FoundationXML
@testable import ReceiptLedger

/// Reading back the archives `ZipWriter` writes (stored entries only), for the tests: the end
/// records (ZIP64 too), the central directory, each local header, the data and its CRC-32, the
/// data descriptor. Independent of the writer: it follows PKWARE APPNOTE.TXT, not the code.
struct StoredZip {
    struct Entry: Equatable {
        var name: String
        var contents: [UInt8]
        var usesDataDescriptor: Bool
        var hasZip64Extra: Bool
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    var entries: [Entry] = []
    var hasZip64EndRecord = false

    /// The entry's contents as UTF-8 text.
    func text(_ name: String) -> String? {
        entries.first { $0.name == name }.map { String(decoding: $0.contents, as: UTF8.self) }
    }

    init(_ bytes: [UInt8]) throws {
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Failure(description: "read past the end at \(at)") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int { try u16(at) | (try u16(at + 2)) << 16 }
        func u64(_ at: Int) throws -> Int { try u32(at) | (try u32(at + 4)) << 32 }
        let end = bytes.count - 22  // no archive comment
        guard try u32(end) == 0x0605_4B50 else { throw Failure(description: "no end of central directory record") }
        var count = try u16(end + 10), directorySize = try u32(end + 12), directoryOffset = try u32(end + 16)
        if end >= 20, try u32(end - 20) == 0x0706_4B50 {
            hasZip64EndRecord = true
            let record = try u64(end - 12)
            guard try u32(record) == 0x0606_4B50 else { throw Failure(description: "ZIP64 locator points to no ZIP64 record") }
            count = try u64(record + 32)
            directorySize = try u64(record + 40)
            directoryOffset = try u64(record + 48)
        }
        var at = directoryOffset
        for _ in 0..<count {
            guard try u32(at) == 0x0201_4B50 else { throw Failure(description: "no central header at \(at)") }
            let flags = try u16(at + 8), method = try u16(at + 10), crc = try u32(at + 16)
            let size = try u32(at + 24), nameLength = try u16(at + 28), extraLength = try u16(at + 30)
            var headerOffset = try u32(at + 42)
            guard method == 0, size == (try u32(at + 20)) else { throw Failure(description: "entry at \(at) is not stored") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            var zip64 = false
            var extra = at + 46 + nameLength
            while extra < at + 46 + nameLength + extraLength {
                if try u16(extra) == 1, headerOffset == 0xFFFF_FFFF {
                    headerOffset = try u64(extra + 4)
                    zip64 = true
                }
                extra += 4 + (try u16(extra + 2))
            }
            guard try u32(headerOffset) == 0x0403_4B50, try u16(headerOffset + 8) == 0 else {
                throw Failure(description: "\(name): no stored local header at \(headerOffset)")
            }
            guard try u16(headerOffset + 6) == flags else { throw Failure(description: "\(name): flags differ") }
            let dataStart = headerOffset + 30 + (try u16(headerOffset + 26)) + (try u16(headerOffset + 28))
            guard dataStart + size <= bytes.count else { throw Failure(description: "\(name): data past the end") }
            let contents = Array(bytes[dataStart..<(dataStart + size)])
            guard CRC32Tests.bitwiseCRC(contents) == UInt32(crc) else { throw Failure(description: "\(name): CRC differs") }
            let descriptor = flags & 8 != 0
            if descriptor {
                let after = dataStart + size
                guard try u32(after) == 0x0807_4B50, try u32(after + 4) == crc, try u32(after + 8) == size, try u32(after + 12) == size
                else { throw Failure(description: "\(name): data descriptor differs") }
            } else {
                guard try u32(headerOffset + 14) == crc, try u32(headerOffset + 22) == size else {
                    throw Failure(description: "\(name): local header differs")
                }
            }
            entries.append(Entry(name: name, contents: contents, usesDataDescriptor: descriptor, hasZip64Extra: zip64))
            at += 46 + nameLength + extraLength + (try u16(at + 32))
        }
        guard at == directoryOffset + directorySize else { throw Failure(description: "central directory size differs") }
    }

    /// `python3 -m zipfile -t` on the archive at `path`, then every entry read back by Python's
    /// `zipfile` (which checks each CRC): nil when both pass, else what they said.
    static func pythonProblem(path: String) throws -> String? {
        let check = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nbad = z.testzip()\n"
            + "print('bad ' + bad if bad else 'ok ' + ','.join(i.filename for i in z.infolist()))"
        for arguments in [["-m", "zipfile", "-t", path], ["-c", check, path]] {
            let (status, output) = try ChildProcess.run("/usr/bin/env", ["python3"] + arguments)
            if status != 0 || output.contains("bad ") { return "python3 \(arguments.first ?? ""): \(status) \(output)" }
        }
        return nil
    }

    /// `unzip -t` on the archive, when `unzip` is installed: nil when it passes (or is absent).
    static func unzipProblem(path: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") else { return nil }
        let (status, output) = try ChildProcess.run("/usr/bin/unzip", ["-t", path])
        return status == 0 && output.contains("No errors detected") ? nil : "unzip -t: \(status) \(output)"
    }

    /// Whether `xml` is well-formed XML 1.0 (Foundation's parser, libxml2): nil, or the error.
    static func xmlProblem(_ xml: [UInt8]) -> String? {
        let parser = XMLParser(stream: InputStream(data: Data(xml)))  // `data:` fails past 10 MB
        return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "unknown error") at line \(parser.lineNumber)"
    }
}
