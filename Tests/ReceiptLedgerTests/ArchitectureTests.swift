import Foundation
import Testing

/// `docs/ARCHITECTURE.md`: every folder of the library uses only the folders below it.
@Suite struct ArchitectureTests {
    /// The layers from the bottom up; folders on one line are one layer (they may use each
    /// other). This order is the diagram of `docs/ARCHITECTURE.md`.
    static let layers: [[String]] = [
        ["Support"],
        ["SQLite", "JSON"],
        ["Time", "Money"],
        ["Input"],
        ["Receipt"],
        ["Journal"],
        ["Ledger"],
        ["AppleReports"],
        ["Pipeline"],
        ["Output"],
        ["Report"],
        ["HTML"],
        ["Run"],
        ["CLI", "Bench", "Demo"],
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ReceiptLedger").standardized.path

    /// Each Swift file of the library: its folder and its text without comments and strings.
    static func files() throws -> [(folder: String, name: String, code: String)] {
        var found: [(String, String, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: sources)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), let folder = relative.split(separator: "/").first, relative.contains("/") else { continue }
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            found.append((String(folder), relative, stripped(text)))
        }
        return found.sorted { $0.1 < $1.1 }
    }

    /// The text without `//` comments and string literals, which name types only in prose.
    static func stripped(_ text: String) -> String {
        // Multi-line literals (`"""`, `#"""`) first: the embedded templates are text, not code.
        let blocks = try? NSRegularExpression(pattern: ##"#*"""[\s\S]*?"""#*"##)
        let code = blocks?.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"\"") ?? text
        var lines: [String] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var inString = false
            var previous: Character = " "
            var iterator = line.makeIterator()
            while let character = iterator.next() {
                if !inString, character == "/", previous == "/" { kept.removeLast(); break }
                if character == "\"", previous != "\\" { inString.toggle(); previous = character; continue }
                if !inString { kept.append(character) }
                previous = character
            }
            lines.append(kept)
        }
        return lines.joined(separator: "\n")
    }

    /// Top-level type names declared in each folder.
    static func declarations(_ files: [(folder: String, name: String, code: String)]) -> [String: String] {
        var owner: [String: String] = [:]
        let declaration = try? NSRegularExpression(
            pattern: #"^(?:public |private |fileprivate |internal |package |final |indirect )*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#,
            options: [.anchorsMatchLines])
        for file in files {
            let range = NSRange(file.code.startIndex..., in: file.code)
            declaration?.enumerateMatches(in: file.code, range: range) { match, _, _ in
                guard let match, let name = Range(match.range(at: 1), in: file.code) else { return }
                if owner[String(file.code[name])] == nil { owner[String(file.code[name])] = file.folder }
            }
        }
        return owner
    }

    @Test func everyFolderIsALayerOfTheDiagram() throws {
        let folders = Set(try Self.files().map(\.folder))
        #expect(folders == Set(Self.layers.joined()))
    }

    @Test func noFolderUsesAFolderAboveIt() throws {
        let files = try Self.files()
        let owner = Self.declarations(files)
        var level: [String: Int] = [:]
        for (number, layer) in Self.layers.enumerated() { for folder in layer { level[folder] = number } }
        let word = try NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#)
        var upward: [String] = []
        for file in files {
            guard let own = level[file.folder] else { continue }
            var named = Set<String>()
            word.enumerateMatches(in: file.code, range: NSRange(file.code.startIndex..., in: file.code)) { match, _, _ in
                guard let match, let range = Range(match.range, in: file.code) else { return }
                named.insert(String(file.code[range]))
            }
            for name in named.sorted() {
                guard let folder = owner[name], folder != file.folder, let other = level[folder], other > own else { continue }
                upward.append("\(file.name) uses \(name) from \(folder)/")
            }
        }
        #expect(upward == [])
    }
}
