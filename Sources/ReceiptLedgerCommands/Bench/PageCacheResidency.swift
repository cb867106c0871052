#if canImport(Glibc)
import Glibc
#endif

/// How much of a file the page cache holds (`mincore` over a mapping that is never touched, so
/// nothing is read and nothing counts in the caller's memory). The bench's runs assume the input
/// is cached; on a machine that evicts it between runs, part of each run reads the disk, which
/// is what this lets the report say.
enum PageCacheResidency {
    /// The share of the file's pages in the page cache, 0…1; nil when it cannot be told
    /// (an empty or unreadable file, or a system without `mincore`).
    static func fraction(ofFileAt path: String) -> Double? {
        #if canImport(Glibc)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
        let length = Int(info.st_size)
        guard let mapping = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else { return nil }
        defer { munmap(mapping, length) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (length + pageSize - 1) / pageSize
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(mapping, length, &vector) == 0 else { return nil }
        let resident = vector.reduce(0) { $0 + Int($1 & 1) }
        return Double(resident) / Double(pages)
        #else
        return nil  // only measured on Linux, where the figures are taken
        #endif
    }
}
