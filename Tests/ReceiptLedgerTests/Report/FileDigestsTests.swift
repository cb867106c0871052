import Foundation
import Testing
@testable import ReceiptLedger

/// The input digests of the manifest: the same whether the background thread finished a file,
/// handed it over half hashed, or never started it.
@Suite struct FileDigestsTests {
    static func write(_ bytes: [UInt8], named name: String, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func digestsMatchHashingEachFileAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("digests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 9 MiB: nine chunks, so asking at once usually finds the first file half hashed.
        let large = [UInt8](unsafeUninitializedCapacity: 9 << 20) { buffer, count in
            for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ (index >> 9)) }
            count = buffer.count
        }
        let paths = [try Self.write(large, named: "large.sqlite", in: directory),
                     try Self.write(Array("product_id,price\n".utf8), named: "catalog.csv", in: directory),
                     try Self.write([], named: "empty.csv", in: directory)]
        let expected = try paths.map { path throws(OutputError) in try SHA256.hexDigest(ofFileAt: path) }
        #expect(expected[0] == SHA256.hexDigest(of: large))
        for delay in [0, 2_000, 200_000] {
            let digests = FileDigests(paths: paths)
            usleep(useconds_t(delay))
            #expect(try paths.map { path throws(OutputError) in try digests.hexDigest(ofFileAt: path) } == expected, "after \(delay) µs")
        }
        // Hurried (finished on another thread at normal priority), at once or later, twice.
        for delay in [0, 2_000, 200_000] {
            let digests = FileDigests(paths: paths)
            usleep(useconds_t(delay))
            digests.hurry()
            digests.hurry()
            #expect(try paths.map { path throws(OutputError) in try digests.hexDigest(ofFileAt: path) } == expected, "hurried after \(delay) µs")
        }
        // A path not given at the start is hashed when asked for.
        let other = try Self.write(Array("x".utf8), named: "other.csv", in: directory)
        #expect(try FileDigests(paths: [paths[1]]).hexDigest(ofFileAt: other) == SHA256.hexDigest(of: Array("x".utf8)))
    }

    @Test func anUnreadableFileIsAnErrorWhenItsDigestIsAsked() {
        let digests = FileDigests(paths: ["/nonexistent/receipts.sqlite"])
        #expect(throws: OutputError.self) { try digests.hexDigest(ofFileAt: "/nonexistent/receipts.sqlite") }
    }
}
