import Foundation

extension HTMLReport {
    /// The folder whose files replace the built-in templates when no `--templates` is given.
    static let workingFolderTemplates = "templates"

    /// The templates of a run: the copy built into the binary (`BuiltInTemplates`), each file
    /// replaced by the file of the same name in `directory` (`--templates DIR`) or, without it,
    /// in `templates/` of the working folder when there is one. A folder holding only
    /// `index.html` changes the overview and keeps the built-in rest, so the binary runs from
    /// anywhere and an edited template is never silently ignored.
    ///
    /// A `--templates` folder that does not exist or holds none of the templates is a usage
    /// error (a mistyped path would otherwise go unnoticed), as is a file that cannot be read.
    static func loadTemplates(from directory: String?) throws -> TemplateSet {
        let folder: String
        if let directory {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError("--templates \(directory) is not a folder (receipt-ledger templates --export DIR writes the built-in templates out)")
            }
            folder = directory
        } else {
            folder = workingFolderTemplates
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var sources: [TemplateSource] = []
        for name in templateFiles {
            let path = prefix + name
            do {
                if FileManager.default.fileExists(atPath: path) {
                    sources.append(try TemplateSource.file(name, at: path))
                } else if let builtIn = TemplateSource.builtIn(name) {
                    sources.append(builtIn)
                } else {
                    throw UsageError("template \(name) is missing from this build")
                }
            } catch let error as OutputError {
                throw UsageError("cannot read the template \(path): \(error.reason) (fix it, remove it to use the built-in one, or give --templates DIR)")
            }
        }
        if let directory, sources.allSatisfy({ $0.path == nil }) {
            throw UsageError("--templates \(directory) holds none of the templates (\(templateFiles.joined(separator: ", ")))")
        }
        do {
            return try TemplateSet.load(sources)
        } catch let error as TemplateError {
            throw UsageError("template \(error)")
        }
    }

    /// Writes the built-in templates into `directory` (created when missing) for editing, and
    /// returns their paths. Refuses, writing nothing, when any of the files is already there.
    package static func exportTemplates(to directory: String) throws -> [String] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let existing = templateFiles.filter { FileManager.default.fileExists(atPath: prefix + $0) }
        guard existing.isEmpty else {
            throw UsageError("templates: \(prefix + existing[0]) already exists (export into a new or empty folder; nothing was written)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FatalError("cannot create folder \(directory): \(error.localizedDescription)")
        }
        var written: [String] = []
        for name in templateFiles {
            guard let source = TemplateSource.builtIn(name) else { continue }
            let path = prefix + name
            guard FileManager.default.createFile(atPath: path, contents: Data(source.bytes)) else {
                throw FatalError("cannot write \(path)")
            }
            written.append(path)
        }
        return written
    }
}
