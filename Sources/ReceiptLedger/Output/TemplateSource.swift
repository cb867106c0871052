import Foundation

/// One template file as a run read it: its name, where it came from and its bytes, so that the
/// manifest can name and hash the templates the pages were actually rendered from.
struct TemplateSource: Sendable, Equatable {
    /// The file name, `index.html`.
    var name: String
    /// The path it was read from, as given; nil for the copy built into the binary.
    var path: String?
    var bytes: [UInt8]

    /// How errors name it: the path, or `built-in index.html`.
    var label: String { path ?? "built-in " + name }

    /// For the manifest: `built-in`, or the file's absolute path.
    var origin: String { path.map(Self.absolutePath) ?? "built-in" }

    var sha256: String { SHA256.hexDigest(of: bytes) }

    /// The built-in copy of `name`, if the binary holds one.
    static func builtIn(_ name: String) -> TemplateSource? {
        BuiltInTemplates.files.first { $0.name == name }.map { TemplateSource(name: name, path: nil, bytes: Array($0.text.utf8)) }
    }

    /// The file at `path`, read whole.
    static func file(_ name: String, at path: String) throws(OutputError) -> TemplateSource {
        TemplateSource(name: name, path: path, bytes: try LocalFile.readAll(path))
    }

    /// `path` from the root, `.` and `..` resolved (symbolic links are kept as named).
    static func absolutePath(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }
}
