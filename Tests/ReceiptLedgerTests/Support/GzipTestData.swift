import Foundation
@testable import ReceiptLedger

/// Inputs for the gzip tests: files compressed by the real `gzip` command, deterministic
/// random and text bytes, and deflate streams written bit by bit.
enum GzipTestData {
    /// A fresh folder of its own under the temporary directory (other test runs share /tmp).
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `bytes` compressed by `gzip` with `arguments` (e.g. `["-9", "-n"]`) from a file called
    /// `name`, so that without `-n` the header carries that name.
    static func gzip(_ bytes: [UInt8], _ arguments: [String], name: String = "report.txt") throws -> [UInt8] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-k", "-f"] + arguments + [file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return Array(try Data(contentsOf: folder.appendingPathComponent(name + ".gz")))
    }

    /// SplitMix64 bytes: the same for every run.
    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count { bytes.append(UInt8(truncatingIfNeeded: z >> UInt64(shift))) }
        }
        return bytes
    }

    /// Tab-separated lines of words and numbers, like a sales report, `count` bytes long.
    static func text(_ count: Int, seed: UInt64) -> [UInt8] {
        let words = ["APPLE", "US", "com.example.coins", "IAY", "IA1", "1 Month", "Renewal", "New", "EUR", "USD", "JPY", "iPhone", "iPad"]
        let noise = randomBytes(count / 2 + 64, seed: seed)
        var text = [UInt8]()
        text.reserveCapacity(count + 64)
        var index = 0
        while text.count < count {
            let word = words[Int(noise[index % noise.count]) % words.count]
            text += Array(word.utf8)
            text.append(noise[(index + 1) % noise.count] % 7 == 0 ? 0x0A : 0x09)
            text += Array(String(Int(noise[(index + 2) % noise.count]) * 37).utf8)
            text.append(0x09)
            index += 3
        }
        return Array(text.prefix(count))
    }

    /// A gzip member around raw deflate `data` whose decompressed content is `content`.
    static func member(deflate data: [UInt8], content: [UInt8], flags: UInt8 = 0, extra: [UInt8] = [], name: String? = nil,
                       comment: String? = nil, headerCRC: UInt16? = nil) -> [UInt8] {
        var header: [UInt8] = [0x1F, 0x8B, 8, flags, 0, 0, 0, 0, 0, 3]
        if flags & 4 != 0 { header += [UInt8(extra.count & 0xFF), UInt8(extra.count >> 8)] + extra }
        if flags & 8 != 0 { header += Array((name ?? "").utf8) + [0] }
        if flags & 16 != 0 { header += Array((comment ?? "").utf8) + [0] }
        if flags & 2 != 0 {
            let crc = headerCRC ?? UInt16(truncatingIfNeeded: CRC32.checksum(header))
            header += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        }
        return header + data + word(CRC32.checksum(content)) + word(UInt32(truncatingIfNeeded: content.count))
    }

    static func word(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    /// The raw deflate data of a `gzip -n` file: after its 10-byte header, before its 8-byte trailer.
    static func deflateData(ofGzipWithoutName file: [UInt8]) -> [UInt8] {
        Array(file[10..<(file.count - 8)])
    }
}

/// Writes a deflate stream bit by bit (RFC 1951 §3.1.1): numbers least significant bit first,
/// Huffman codes most significant bit first.
struct DeflateBits {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func bits(_ value: Int, _ count: Int) {
        for bit in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            if value & (1 << bit) != 0 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
            bitCount += 1
        }
    }

    mutating func code(_ value: Int, _ count: Int) {
        for bit in stride(from: count - 1, through: 0, by: -1) { bits((value >> bit) & 1, 1) }
    }

    /// A literal/length symbol in the fixed code (RFC 1951 §3.2.6).
    mutating func fixedLiteral(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, 8)
        case 144..<256: code(0x190 + symbol - 144, 9)
        case 256..<280: code(symbol - 256, 7)
        default: code(0xC0 + symbol - 280, 8)
        }
    }

    /// A distance symbol in the fixed code.
    mutating func fixedDistance(_ symbol: Int) { code(symbol, 5) }
}
