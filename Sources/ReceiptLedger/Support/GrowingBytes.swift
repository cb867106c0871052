#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Something bytes are appended to one at a time (`Varint` writes into either kind).
protocol ByteAppending {
    mutating func append(_ byte: UInt8)
}

extension Array: ByteAppending where Element == UInt8 {}

/// Bytes appended into one block that `realloc` grows, handed over whole by `takeBlock`.
///
/// Why not an array: growing an array copies its bytes into a block twice the size, and
/// handing them to an owner of their exact size copies them again, so that a run briefly held
/// its packed journal three times over (issue 26). A block of a megabyte or more is a mapping
/// of its own (`FreedMemory.mapLargeBlocks`), which `realloc` grows and trims by remapping its
/// pages, without copying them or holding them twice.
///
/// A class, so that appending never copies it; one owner appends.
final class GrowingBytes: ByteAppending {
    private var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit { free(base) }

    func append(_ byte: UInt8) {
        if count == capacity { grow(minimum: count + 1) }
        base.unsafelyUnwrapped[count] = byte
        count += 1
    }

    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(minimum: count + bytes.count) }
        (base.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The bytes appended so far, until the next append.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Hands the bytes over in a block of their size, to be freed with `ByteBlock`; leaves this
    /// empty.
    func takeBlock() -> ByteBlock {
        let taken = ByteBlock(base: count == 0 ? nil : realloc(base, count)?.assumingMemoryBound(to: UInt8.self) ?? base, count: count)
        (base, count, capacity) = (nil, 0, 0)
        return taken
    }

    private func grow(minimum: Int) {
        let wanted = max(minimum, capacity * 2, 4096)
        guard let grown = realloc(base, wanted) else { fatalError("out of memory growing a buffer to \(wanted) bytes") }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = wanted
    }
}

/// A block of bytes from `GrowingBytes`, freed with this object.
final class ByteBlock: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>?
    let count: Int

    fileprivate init(base: UnsafeMutablePointer<UInt8>?, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { free(base) }

    /// The block's bytes, valid while this object lives.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
