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

    private func loadError(_ files: [String: String]) throws -> (path: String, error: TemplateError?) {
        let path = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TemplateSet.load(directory: path, names: files.keys.sorted())
            return (path, nil)
        } catch let error as TemplateError {
            return (path, error)
        }
    }

    /// Issue 21: a partial that includes itself is refused when the templates are loaded, naming
    /// the file and line of the tag that closes the loop, even inside a section.
    @Test func selfIncludingPartialIsRefusedWhenLoaded() throws {
        let direct = try loadError(["index.html": "<p>\n{{> _a}}\n", "_a.html": "x\n{{#rows}}{{> _a}}{{/rows}}\n"])
        #expect(direct.error?.description == "\(direct.path)/_a.html:2: partial \"_a\" includes itself (_a → _a)")
        let indirect = try loadError(["index.html": "{{> _a}}", "_a.html": "{{> _b}}", "_b.html": "\n\n{{> _a}}"])
        #expect(indirect.error?.description == "\(indirect.path)/_b.html:3: partial \"_a\" includes itself (_a → _b → _a)")
        let throughAPage = try loadError(["index.html": "{{> _foot}}", "_foot.html": "{{> index}}"])
        #expect(throughAPage.error?.description
                == "\(throughAPage.path)/_foot.html:1: partial \"index\" includes itself (index → _foot → index)")
        // The same partial twice, or shared by two templates, is no loop.
        let shared = try loadError(["index.html": "{{> _a}}{{> _a}}{{> _b}}", "_a.html": "{{> _b}}", "_b.html": "b"])
        #expect(shared.error == nil)
    }

    /// Issue 21: partials that each include the next ten times (8 levels, 100 bytes at the
    /// bottom: about 1 GB) are refused when loaded, at once, naming the tag that passes 64 MiB.
    @Test func exponentialFanOutOfPartialsIsRefusedWhenLoaded() throws {
        let levels = ["_a", "_b", "_c", "_d", "_e", "_f", "_g", "_h"]
        var files = ["index.html": "{{> _a}}\n", "_h.html": String(repeating: "x", count: 100)]
        for (level, next) in zip(levels, levels.dropFirst()) {
            files[level + ".html"] = String(repeating: "{{> \(next)}}\n", count: 10)
        }
        let started = ContinuousClock.now
        let fanOut = try loadError(files)
        #expect(ContinuousClock.now - started < .seconds(2))
        // _h is 100, _g 10 × 101, …, _c 10,111,110: the 7th `{{> _c}}` of _b passes 67,108,864.
        #expect(fanOut.error?.description == "\(fanOut.path)/_b.html:7: partial \"_c\" makes the template expand to more "
                + "than 64 MiB, the limit for one page (each section counted once)")
        // Ten bytes at the bottom (about 111 MB from _a) is still refused; one byte (21 MB) is not.
        files["_h.html"] = String(repeating: "x", count: 10)
        #expect(try loadError(files).error.map { "\($0.template.split(separator: "/").last ?? ""):\($0.line)" } == "_a.html:7")
        files["_h.html"] = "x"
        #expect(try loadError(files).error == nil)
    }
}
