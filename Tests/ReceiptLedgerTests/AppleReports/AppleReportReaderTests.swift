import Foundation
import Testing
@testable import ReceiptLedger

/// Report files on disk: folders, gzip, repeated files, and the files that are refused.
@Suite struct AppleReportReaderTests {
    typealias F = AppleReportFixtures

    /// A temporary folder holding `files` (name → bytes); removed by the caller.
    static func folder(_ files: [String: [UInt8]]) throws -> URL {
        let folder = try GzipTestData.temporaryFolder()
        for (name, bytes) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return folder
    }

    static func error(_ sources: [AppleReportReader.Source]) -> AppleReportError? {
        do {
            _ = try AppleReportReader.read(sources)
            return nil
        } catch {
            return error
        }
    }

    @Test func aGzipReportReadsAsItsText() throws {
        let plain = try F.bytes(F.sales)
        let folder = try Self.folder(["S_D_85000000_20201005.txt.gz": try GzipTestData.gzip(plain, ["-9"], name: "S_D_85000000_20201005.txt")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try AppleReportReader.read([.init(kind: .sales, path: folder.path)])
        let expected = try F.read(F.sales, .sales)
        #expect(set.rows.map(\.units) == expected.rows.map(\.units))
        #expect(set.rows.map(\.proceeds) == expected.rows.map(\.proceeds))
        #expect(set.files.count == 1)
        #expect(set.files[0].isGzip)
        #expect(set.files[0].rowsRead == 46 && set.files[0].ignored == expected.files[0].ignored)
        #expect(set.files[0].sha256 == SHA256.hexDigest(of: try GzipTestData.gzip(plain, ["-9"], name: "S_D_85000000_20201005.txt")))
        #expect(set.files[0].sha256 != expected.files[0].sha256)
    }

    @Test func gzipIsRecognisedBySignatureWithoutTheName() throws {
        let folder = try Self.folder(["sales.txt": try GzipTestData.gzip(try F.bytes(F.sales), ["-1", "-n"])])
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try AppleReportReader.read([.init(kind: .sales, path: folder.appendingPathComponent("sales.txt").path)])
        #expect(set.files[0].isGzip && set.files[0].rowsUsed == 16)
    }

    @Test func aFolderIsReadInPathOrderSkippingOtherFilesAndTheSameFileTwiceIsReadOnce() throws {
        let eu = try F.bytes(F.financialEU)
        let folder = try Self.folder(["b_EU.txt": eu, "a_JP.tsv": try F.bytes(F.financialJP), "notes.md": Array("not a report".utf8),
                                      ".hidden.txt": Array("x".utf8), "2014/copy_of_EU.TXT": eu])
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try AppleReportReader.read([.init(kind: .financial, path: folder.path),
                                              .init(kind: .financial, path: folder.appendingPathComponent("b_EU.txt").path)])
        #expect(set.files.map { ($0.path as NSString).lastPathComponent } == ["copy_of_EU.TXT", "a_JP.tsv", "b_EU.txt", "b_EU.txt"])
        #expect(set.files.map(\.sameAs) == [nil, nil, folder.appendingPathComponent("2014/copy_of_EU.TXT").path,
                                            folder.appendingPathComponent("2014/copy_of_EU.TXT").path])
        #expect(set.files.map(\.rowsRead) == [6, 2, 0, 0])
        #expect(set.ignored == ["product_type_F1": 6, "product_type_1F": 1, "product_type_1": 1])
        #expect(set.files[0].sha256 == SHA256.hexDigest(of: eu))
    }

    @Test func repeatedRowsOfOneFileAreNotDeduplicatedButTheFileIs() throws {
        let text = F.salesFile([F.purchase("coins"), F.purchase("coins")])
        let folder = try Self.folder(["one.txt": Array(text.utf8), "two.txt": Array(text.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try AppleReportReader.read([.init(kind: .sales, path: folder.path)])
        #expect(set.rows.count == 2)
        #expect(set.rows.map(\.file) == [0, 0])
    }

    @Test func aMissingPathAndAnEmptyFolderAreRefused() throws {
        #expect(Self.error([.init(kind: .sales, path: "/nonexistent/reports")])
            == AppleReportError(file: "/nonexistent/reports", line: 0, "no such file or folder"))
        let folder = try Self.folder(["readme.md": [0x41]])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.error([.init(kind: .sales, path: folder.path)])
            == AppleReportError(file: folder.path, line: 0, "the folder holds no .txt, .tsv or .gz report"))
    }

    @Test func aFileThatIsNotTabSeparatedIsRefusedAtItsLine() throws {
        let error = #expect(throws: AppleReportError.self) {
            try F.read(text: "\nProvider,SKU,Units\nAPPLE,coins,1\n", .sales, name: "sales.csv")
        }
        #expect(error == AppleReportError(file: "sales.csv", line: 2,
                                          "not tab-separated: a Summary Sales Report starts with a header line of tab-separated column names"))
        #expect(error?.description.hasPrefix("sales.csv: line 2: not tab-separated") == true)
    }

    @Test func aFileWithoutTheColumnsOfItsKindIsRefusedAndTheOtherKindSuggested() throws {
        #expect(throws: AppleReportError(file: "eu.txt", line: 1, "not a Summary Sales Report: no column 'SKU', 'Units', 'Begin Date' "
                                         + "(it looks like a Financial Report: give it with --apple-financial)")) {
            try AppleReportReader.read(bytes: try F.bytes(F.financialEU), name: "eu.txt", kind: .sales)
        }
        #expect(throws: AppleReportError(file: "sales.tsv", line: 1, "not a Financial Report: no column 'Start Date', "
                                         + "'Vendor Identifier', 'Quantity' (it looks like a Summary Sales Report: give it with --apple-sales)")) {
            try AppleReportReader.read(bytes: try F.bytes(F.sales), name: "sales.tsv", kind: .financial)
        }
        #expect(throws: AppleReportError(file: "x.txt", line: 1, "not a Summary Sales Report: no column 'SKU', 'Product Type Identifier', "
                                         + "'Units', 'Begin Date', 'End Date'")) {
            try F.read(text: "Event Date\tApp Name\n2020-10-05\tFoo\n", .sales, name: "x.txt")
        }
    }

    @Test func anEmptyFileIsRefused() {
        #expect(throws: AppleReportError(file: "empty.txt", line: 1, "empty: no Summary Sales Report header")) {
            try F.read(text: "\n\n", .sales, name: "empty.txt")
        }
    }

    @Test func aFileNamedGzThatIsNotGzipIsRefused() throws {
        #expect(throws: AppleReportError(file: "sales.txt.gz", line: 1, "gzip: not gzip (no 1F 8B signature) at byte 0")) {
            try AppleReportReader.read(bytes: try F.bytes(F.sales), name: "sales.txt.gz", kind: .sales)
        }
    }

    @Test func aDamagedGzipReportNamesTheLineBeingReadAndTheByte() throws {
        let text = F.salesFile((0..<3_000).map { F.purchase("coins.\($0)") })
        let file = try GzipTestData.gzip(Array(text.utf8), ["-9", "-n"])
        var damaged = file
        damaged[file.count - 8] ^= 1
        let error = #expect(throws: AppleReportError.self) {
            try AppleReportReader.read(bytes: damaged, name: "sales.gz", kind: .sales, chunkSize: 1_000)
        }
        let crc = CRC32.checksum(Array(text.utf8))
        // The trailer is checked before the member's last 32 KiB are handed out: the line named is
        // the one being read when the damage was found.
        #expect(error?.message == "gzip: \(GzipError(.checksumMismatch(expected: crc ^ 1, actual: crc), at: Int64(file.count - 8)))")
        #expect(error.map { (2...3_002).contains($0.line) } == true)
        let truncated = Array(file.prefix(file.count / 2))
        let cut = #expect(throws: AppleReportError.self) { try AppleReportReader.read(bytes: truncated, name: "sales.gz", kind: .sales) }
        #expect(cut?.message == "gzip: truncated: the input ends inside a block at byte \(truncated.count)")
        #expect((cut?.line ?? 0) > 1)
    }

    @Test func aLineOfAMebibyteIsRefused() throws {
        let header = F.salesHeader.joined(separator: "\t") + "\n"
        let bytes = Array(header.utf8) + [UInt8](repeating: 0x41, count: ChunkedLines.maximumLineLength + 10)
        #expect(throws: AppleReportError(file: "big.txt", line: 2, "a line longer than 1 MiB: not a text report")) {
            try AppleReportReader.read(bytes: bytes, name: "big.txt", kind: .sales)
        }
    }

    @Test func everyFixtureSurvivesTruncationAtEveryLineWithoutCrashing() throws {
        for (name, kind) in [(F.sales, AppleReportKind.sales), (F.financialEU, .financial), (F.financialAll, .financial)] {
            let bytes = try F.bytes(name)
            for length in stride(from: 1, to: bytes.count, by: 37) {
                let prefix = Array(bytes.prefix(length))
                do {
                    let set = try AppleReportReader.read(bytes: prefix, name: name, kind: kind)
                    #expect(set.files[0].rowsRead == set.files[0].rowsUsed + set.files[0].rowsIgnored)
                } catch {
                    #expect(error.line == 1, "\(name) cut at \(length): \(error)")
                }
            }
        }
    }
}
