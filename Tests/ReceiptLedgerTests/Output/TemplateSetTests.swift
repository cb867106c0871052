import Foundation
import Testing
@testable import ReceiptLedger

@Suite struct TemplateSetTests {
    private func folder(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "templates-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        return path
    }

    @Test func everyTemplateIsAPartialByItsStem() throws {
        let path = try folder([
            "index.html": "{{> _layout}}\n<p>{{title}}</p>\n",
            "_layout.html": "<style>\n  {{> _style}}\n</style>\n",
            "_style.css": "body { color: #333; }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let set = try TemplateSet.load(directory: path + "/", names: ["index.html", "_layout.html", "_style.css"])
        let expected = "<style>\n  body { color: #333; }\n</style>\n<p>A &amp; B</p>\n"
        #expect(try set.render("index.html", ["title": "A & B"]) == expected)
        #expect(try set.render("index", ["title": "A & B"]) == expected)
        #expect(TemplateSet.stem(of: "_style.css") == "_style")
        #expect(TemplateSet.stem(of: ".hidden") == ".hidden")
    }

    @Test func parseErrorNamesTheFilePath() throws {
        let path = try folder(["index.html": "<ul>\n{{#ledgers}}\n<li></li>\n"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TemplateSet.load(directory: path, names: ["index.html"])
            Issue.record("expected a parse error")
        } catch let error as TemplateError {
            #expect(error.description == "\(path)/index.html:2: unclosed section \"ledgers\"")
        }
    }

    @Test func missingFileAndBadEncodingAreErrors() throws {
        let path = try folder([:])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: OutputError(action: "cannot read", path: path + "/index.html",
                                    reason: "No such file or directory")) {
            try TemplateSet.load(directory: path, names: ["index.html"])
        }
        try Data([0x3C, 0xFF, 0x3E]).write(to: URL(fileURLWithPath: path + "/bad.html"))
        #expect(throws: TemplateError(template: path + "/bad.html", line: 0, message: "not valid UTF-8")) {
            try TemplateSet.load(directory: path, names: ["bad.html"])
        }
    }

    @Test func renderErrorInAPartialNamesThatFile() throws {
        let path = try folder(["index.html": "{{> _footer}}", "_footer.html": "<footer>\n{{generatd}}\n</footer>"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let set = try TemplateSet.load(directory: path, names: ["index.html", "_footer.html"])
        #expect(throws: TemplateError(template: path + "/_footer.html", line: 2,
                                      message: "no value named \"generatd\"")) {
            try set.render("index.html", ["generated": "x"])
        }
    }
}
