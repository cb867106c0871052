import Foundation

/// Reads the report files SPEC §10 names: each path a file or a folder of files (`.txt`, `.tsv`,
/// `.gz`, in subfolders too, sorted by path), gzip read through `GzipReader` (by the `.gz` name or
/// the 1F 8B signature), every file hashed (SHA-256) and a file whose digest was seen before read
/// once. A file that cannot be read as its kind is an `AppleReportError`.
enum AppleReportReader {
    /// One `--apple-sales` / `--apple-financial` argument.
    struct Source: Equatable, Sendable {
        var kind: AppleReportKind
        var path: String
    }

    /// The names a folder's report files end in (any case).
    static let extensions = [".txt", ".tsv", ".gz"]

    static func read(_ sources: [Source]) throws(AppleReportError) -> AppleReportSet {
        var set = AppleReportSet()
        var seen: [String: String] = [:]
        for source in sources {
            for path in try files(at: source.path) {
                let digest: String
                do {
                    digest = try SHA256.hexDigest(ofFileAt: path)
                } catch {
                    throw AppleReportError(file: path, line: 0, "cannot read: \(error)")
                }
                if let earlier = seen[digest] {
                    set.files.append(AppleReportFile(path: path, sha256: digest, kind: source.kind,
                                                   isGzip: path.lowercased().hasSuffix(".gz"), sameAs: earlier))
                    continue
                }
                seen[digest] = path
                let (file, rows) = try readFile(kind: source.kind, path: path, sha256: digest, index: set.files.count) { () throws(GzipError) in
                    try ChunkedBytes(path: path)
                }
                set.files.append(file)
                set.rows += rows
            }
        }
        return set
    }

    /// The report files at `path`: itself when it is a file, else those under it.
    static func files(at path: String) throws(AppleReportError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw AppleReportError(file: path, line: 0, "no such file or folder")
        }
        guard isFolder.boolValue else { return [path] }
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent.lowercased()
            guard !name.hasPrefix("."), extensions.contains(where: { name.hasSuffix($0) }) else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
            var isSubfolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isSubfolder), !isSubfolder.boolValue { found.append(full) }
        }
        guard !found.isEmpty else { throw AppleReportError(file: path, line: 0, "the folder holds no .txt, .tsv or .gz report") }
        return found.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    /// Reads one file whose bytes `open` gives (twice at most: once to sniff the gzip signature).
    static func readFile(kind: AppleReportKind, path: String, sha256: String, index: Int,
                         open: () throws(GzipError) -> ChunkedBytes) throws(AppleReportError) -> (AppleReportFile, [AppleReportRow]) {
        var isGzip = path.lowercased().hasSuffix(".gz")
        if !isGzip {
            do {
                let first = try open().next() ?? []
                isGzip = first.starts(with: [0x1F, 0x8B])
            } catch {
                throw AppleReportError(file: path, line: 0, error.description)
            }
        }
        var parser = AppleReportParser(file: AppleReportFile(path: path, sha256: sha256, kind: kind, isGzip: isGzip), fileIndex: index)
        var lines: ChunkedLines?
        do {
            let bytes = try open()
            let gzip = isGzip ? GzipReader(input: bytes) : nil
            let reader = ChunkedLines { try gzip?.next() ?? bytes.next() }
            lines = reader
            while let line = try reader.next() {
                try parser.consume(line, lineNumber: reader.lineNumber)
            }
            return try parser.finish()
        } catch let error as AppleReportError {
            throw error
        } catch let error as GzipError {
            if case .unreadable(let message) = error.kind { throw AppleReportError(file: path, line: 0, message) }
            throw AppleReportError(file: path, line: (lines?.lineNumber ?? 0) + 1, "gzip: \(error)")
        } catch let error as ChunkedLines.LineTooLong {
            throw AppleReportError(file: path, line: error.line, "a line longer than 1 MiB: not a text report")
        } catch {
            throw AppleReportError(file: path, line: (lines?.lineNumber ?? 0) + 1, "\(error)")
        }
    }

    /// Reads report bytes held in memory as the file `name` (tests; the demo's own files).
    static func read(bytes: [UInt8], name: String, kind: AppleReportKind, chunkSize: Int = 1 << 16) throws(AppleReportError) -> AppleReportSet {
        let (file, rows) = try readFile(kind: kind, path: name, sha256: SHA256.hexDigest(of: bytes), index: 0) {
            ChunkedBytes(bytes: bytes, chunkSize: chunkSize)
        }
        return AppleReportSet(files: [file], rows: rows)
    }
}
