#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A streaming SHA-256 (FIPS 180-4 §6.2), in pure Swift because CryptoKit is not on Linux.
///
/// Feed bytes with `update` in pieces of any size, then call `finalize` once for the 32-byte
/// digest. Used for the SHA-256 of every input and output file in `manifest.json` (SPEC §7).
package struct SHA256: Sendable {
    /// The eight working hash words H0…H7 (FIPS 180-4 §5.3.3 initial values).
    private var state: State = State()
    /// Bytes of an incomplete 64-byte block, waiting for more input.
    private var pending: [UInt8] = []
    /// The message length so far, in bytes.
    private var length: UInt64 = 0
    private var finalized = false

    init() {
        pending.reserveCapacity(SHA256.blockSize)
    }

    static let blockSize = 64

    /// Adds bytes to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        precondition(!finalized, "SHA256 updated after finalize()")
        guard bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var rest = bytes
        if !pending.isEmpty {
            let taken = min(SHA256.blockSize - pending.count, rest.count)
            pending.append(contentsOf: rest[..<taken])
            rest = UnsafeRawBufferPointer(rebasing: rest[taken...])
            guard pending.count == SHA256.blockSize else { return }
            pending.withUnsafeBytes { SHA256.compress(&state, blocks: $0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = rest.count - rest.count % SHA256.blockSize
        if whole > 0 {
            SHA256.compress(&state, blocks: UnsafeRawBufferPointer(rebasing: rest[..<whole]))
        }
        pending.append(contentsOf: rest[whole...])
    }

    /// Adds bytes to the message.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the UTF-8 bytes of a text to the message.
    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Pads the message (FIPS 180-4 §5.1.1) and returns the 32-byte digest; the value must not be
    /// updated afterwards.
    mutating func finalize() -> [UInt8] {
        precondition(!finalized, "SHA256 finalized twice")
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % SHA256.blockSize != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { SHA256.compress(&state, blocks: $0) }
        finalized = true
        pending = []
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        let (h0, h1, h2, h3, h4, h5, h6, h7) = state.words
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            digest.append(contentsOf: [UInt8(truncatingIfNeeded: word >> 24),
                                       UInt8(truncatingIfNeeded: word >> 16),
                                       UInt8(truncatingIfNeeded: word >> 8),
                                       UInt8(truncatingIfNeeded: word)])
        }
        return digest
    }

    /// The digest of a whole byte array.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Lower-case hexadecimal of some bytes, two digits a byte.
    static func hex(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Lower-case hexadecimal SHA-256 of a byte array.
    static func hexDigest(of bytes: [UInt8]) -> String {
        hex(of: digest(bytes))
    }

    /// Lower-case hexadecimal SHA-256 of a file, read a chunk at a time (`FileHasher`), never whole.
    package static func hexDigest(ofFileAt path: String) throws(OutputError) -> String {
        let file = try FileHasher(path: path)
        while try file.hashNextChunk() {}
        return file.hexDigest()
    }
}
