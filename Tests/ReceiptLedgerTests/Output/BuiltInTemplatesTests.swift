import Foundation
import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// Issue 25 "runs from anywhere": the binary carries `templates/` byte for byte; a folder's
/// files replace them one by one; `templates --export` writes them out.
@Suite struct BuiltInTemplatesTests {
    @Test func builtInCopyEqualsTheTemplatesFolderByteForByte() throws {
        let folder = HostileSupport.templatesPath
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(BuiltInTemplates.files.map(\.name) == names, "run scripts/embed-templates.sh")
        #expect(names == HTMLReport.templateFiles.sorted())
        for (name, text) in BuiltInTemplates.files {
            let bytes = try LocalFile.readAll(folder + "/" + name)
            let same = Array(text.utf8) == bytes  // compared apart: a failure names the file, not its bytes
            #expect(same, "templates/\(name) differs from its built-in copy: run scripts/embed-templates.sh")
        }
    }

    @Test func aFolderHoldingOnlyIndexReplacesOnlyIndex() throws {
        let folder = try HostileSupport.temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "{{> _head}}<p>mine</p>{{> _foot}}\n".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        let set = try HTMLReport.loadTemplates(from: folder)
        #expect(set.sources.map(\.name) == HTMLReport.templateFiles)
        #expect(set.sources.filter { $0.path != nil }.map(\.name) == ["index.html"])
        let index = try #require(set.sources.first { $0.name == "index.html" })
        #expect(index.origin == TemplateSource.absolutePath(folder + "/index.html"))
        #expect(index.sha256 == SHA256.hexDigest(of: Array("{{> _head}}<p>mine</p>{{> _foot}}\n".utf8)))
        let foot = try #require(set.sources.first { $0.name == "_foot.html" })
        #expect(foot.origin == "built-in")
        #expect(foot.bytes == (try LocalFile.readAll(HostileSupport.templatesPath + "/_foot.html")))
    }

    func usageMessage(_ directory: String) -> String? {
        do { _ = try HTMLReport.loadTemplates(from: directory) } catch let error as UsageError { return error.message } catch { return "\(error)" }
        return nil
    }

    @Test func aMissingOrEmptyTemplatesFolderIsAUsageError() throws {
        let folder = try HostileSupport.temporaryFolder("templates")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(usageMessage(folder + "/none") == "--templates \(folder)/none is not a folder (receipt-ledger templates --export DIR writes the built-in templates out)")
        #expect(usageMessage(folder) == "--templates \(folder) holds none of the templates (\(HTMLReport.templateFiles.joined(separator: ", ")))")
        try FileManager.default.createDirectory(atPath: folder + "/ledger.html", withIntermediateDirectories: false)
        #expect(usageMessage(folder) == "cannot read the template \(folder)/ledger.html: Is a directory (fix it, remove it to use the built-in one, or give --templates DIR)")
    }

    @Test func exportWritesTheBuiltInTemplatesAndRefusesToOverwrite() throws {
        let folder = try HostileSupport.temporaryFolder("export")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/mine"
        #expect(CommandLineTool.outcome(["templates", "--export", target]) == (0, nil))
        for name in HTMLReport.templateFiles {
            let same = try LocalFile.readAll(target + "/" + name) == LocalFile.readAll(HostileSupport.templatesPath + "/" + name)
            #expect(same, "\(name)")
        }
        try "edited\n".write(toFile: target + "/index.html", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: target + "/sandbox.html")
        #expect(CommandLineTool.outcome(["templates", "--export", target])
                == (64, "templates: \(target)/_style.css already exists (export into a new or empty folder; nothing was written)"))
        #expect(try String(contentsOfFile: target + "/index.html", encoding: .utf8) == "edited\n")
        #expect(!FileManager.default.fileExists(atPath: target + "/sandbox.html"))
        #expect(CommandLineTool.outcome(["templates"]) == (64, "templates: give --export DIR (writes the built-in templates there for editing)"))
        #expect(CommandLineTool.outcome(["templates", "--help"]) == (0, nil))
    }
}
