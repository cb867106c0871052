#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and the few folder operations the report folder needs, through POSIX
/// calls, failing with the path and `strerror` text.
enum LocalFile {
    /// What a path names, without following a symbolic link at its end (lstat(2)).
    enum Kind: Equatable {
        case missing, file, folder, link, other
    }

    /// The file's bytes.
    static func readAll(_ path: String) throws(OutputError) -> [UInt8] {
        try readAll(path, limit: Int.max)
    }

    /// The file's bytes, failing with `EFBIG` past `limit` bytes (a manifest is small; a file
    /// of a user's named like one may not be).
    static func readAll(_ path: String, limit: Int) throws(OutputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError.posix("cannot read", path, errno: errno) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError.posix("cannot read", path, errno: errno)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw OutputError.posix("cannot read", path, errno: EFBIG) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    static func kind(_ path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// Whether the path is a folder, following symbolic links.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The text of a symbolic link (readlink(2)), or nil when the path is not one.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { (bytes) -> Int in
            guard let base = bytes.baseAddress else { return -1 }
            return readlink(path, base, bytes.count)
        }
        guard count >= 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in a folder other than `.` and `..`, sorted.
    static func entries(_ folder: String) throws(OutputError) -> [String] {
        guard let stream = opendir(folder) else { throw OutputError.posix("cannot read", folder, errno: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether two paths (following links) hold the same bytes: the same file, or equal content.
    static func sameBytes(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0,
              a.st_mode & S_IFMT == S_IFREG, b.st_mode & S_IFMT == S_IFREG else { return false }
        if a.st_dev == b.st_dev, a.st_ino == b.st_ino { return true }
        guard a.st_size == b.st_size else { return false }
        let left = open(first, O_RDONLY | O_CLOEXEC), right = open(second, O_RDONLY | O_CLOEXEC)
        defer { if left >= 0 { close(left) }; if right >= 0 { close(right) } }
        guard left >= 0, right >= 0 else { return false }
        var one = [UInt8](repeating: 0, count: 1 << 16), two = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fullRead(left, &one)
            guard count >= 0, fullRead(right, &two) == count else { return false }
            if count == 0 { return true }
            guard one[..<count] == two[..<count] else { return false }
        }
    }

    /// Fills `buffer` as far as the file goes; the count read, or -1.
    private static func fullRead(_ descriptor: Int32, _ buffer: inout [UInt8]) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Copies a file's bytes into a new file (`O_EXCL`) and flushes it to the disk.
    static func copy(_ source: String, to target: String) throws(OutputError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw OutputError.posix("cannot read", source, errno: errno) }
        defer { close(input) }
        var writer = try StagedFileWriter(path: target, name: target, shownPath: target)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fullRead(input, &chunk)
            guard count >= 0 else {
                writer.abandon()
                throw OutputError.posix("cannot read", source, errno: errno)
            }
            if count == 0 { break }
            do throws(OutputError) { try writer.append(Array(chunk[..<count])) } catch {
                writer.abandon()
                throw error
            }
        }
        _ = try writer.finish()
    }
}
