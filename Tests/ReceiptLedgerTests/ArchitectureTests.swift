import Foundation
import Testing

/// `docs/ARCHITECTURE.md`: every folder of the package's Swift targets uses only the folders
/// below it.
@Suite struct ArchitectureTests {
    /// The Swift targets whose folders are layers, each depending on the one before
    /// (`Package.swift`): every folder of a target lies above every folder of the targets before it.
    static let targets = ["ReceiptLedger", "ReceiptLedgerDemo", "ReceiptLedgerCommands"]

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
        ["Partial"],
        ["Pipeline"],
        ["Output"],
        ["Report"],
        ["HTML"],
        ["Run"],
        // ReceiptLedgerDemo
        ["Demo"],
        // ReceiptLedgerCommands
        ["CLI", "Bench"],
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardized.path

    /// Each target of `Package.swift` with the targets it depends on (by name).
    static func packageDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOfFile: sources + "/../Package.swift", encoding: .utf8)
        let target = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var found: [String: Set<String>] = [:]
        target.enumerateMatches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) { match, _, _ in
            guard let match, let name = Range(match.range(at: 1), in: manifest) else { return }
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            found[String(manifest[name])] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }.filter { !$0.isEmpty })
        }
        return found
    }

    /// Each Swift file of the targets: its target, its folder, its path and its text without
    /// comments and strings (but with the code interpolated into strings).
    static func files() throws -> [(target: String, folder: String, name: String, code: String)] {
        var found: [(String, String, String, String)] = []
        for target in targets {
            let root = sources + "/" + target
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift"), let folder = relative.split(separator: "/").first, relative.contains("/") else { continue }
                let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
                found.append((target, String(folder), target + "/" + relative, stripped(text)))
            }
        }
        return found.sorted { $0.2 < $1.2 }
    }

    /// The text without `//` comments and string literals, which name types only in prose; the
    /// code interpolated into a string (`\(Type.member)`) stays, since it is code.
    static func stripped(_ text: String) -> String {
        // Multi-line literals (`"""`, `#"""`) first: the embedded templates are text, not code;
        // a literal that is not raw keeps its interpolations.
        let blocks = try? NSRegularExpression(pattern: ##"#*"""[\s\S]*?"""#*"##)
        var code = ""
        var last = text.startIndex
        blocks?.enumerateMatches(in: text, range: NSRange(text.startIndex..., in: text)) { match, _, _ in
            guard let match, let range = Range(match.range, in: text) else { return }
            code += text[last..<range.lowerBound]
            let block = text[range]
            let kept = block.hasPrefix("#") ? [] : interpolations(in: String(block))
            // As many lines as the literal had, so that a line's `//` still ends only that line.
            code += "\"\"" + kept.map { " (\(stripped($0)))" }.joined() + String(repeating: "\n", count: block.count { $0 == "\n" })
            last = range.upperBound
        }
        code += text[last...]
        var lines: [String] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var inString = false
            var raw = false
            var previous: Character = " "
            var characters = Array(line)[...]
            while let character = characters.popFirst() {
                if inString {
                    if character == "\"" {
                        inString = false
                    } else if character == "\\", !raw, let next = characters.popFirst() {
                        // An escape; `\(` opens an interpolation, which is code.
                        if next == "(" {
                            let inner = interpolations(in: "\\(" + String(characters))
                            if let first = inner.first {
                                kept += " (\(stripped(first))) "
                                characters = characters.dropFirst(first.count + 1)
                            }
                        }
                    }
                    previous = character
                    continue
                }
                if character == "/", previous == "/" { kept.removeLast(); break }
                if character == "\"" { inString = true; raw = previous == "#"; previous = character; continue }
                kept.append(character)
                previous = character
            }
            lines.append(kept)
        }
        return lines.joined(separator: "\n")
    }

    /// The code of each `\( … )` in `text`, outermost only (its parentheses balanced; strings
    /// inside it are kept as they are).
    static func interpolations(in text: String) -> [String] {
        var found: [String] = []
        let characters = Array(text)
        var index = 0
        while index + 1 < characters.count {
            guard characters[index] == "\\", characters[index + 1] == "(" else { index += 1; continue }
            var depth = 1
            var end = index + 2
            while end < characters.count, depth > 0 {
                if characters[end] == "(" { depth += 1 } else if characters[end] == ")" { depth -= 1 }
                end += 1
            }
            found.append(String(characters[(index + 2)..<(end - 1)]))
            index = end
        }
        return found
    }

    /// Top-level type names declared in each folder.
    static func declarations(_ files: [(target: String, folder: String, name: String, code: String)]) -> [String: String] {
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

    /// A target's folders lie above those of the targets it depends on: the compiler keeps a
    /// target from using one it does not depend on, and the diagram must say the same.
    @Test func eachTargetLiesAboveTheTargetsBeforeIt() throws {
        let files = try Self.files()
        var level: [String: Int] = [:]
        for (number, layer) in Self.layers.enumerated() { for folder in layer { level[folder] = number } }
        var targetOf: [String: Set<String>] = [:]
        for file in files { targetOf[file.folder, default: []].insert(file.target) }
        #expect(targetOf.filter { $0.value.count > 1 }.keys.sorted() == [], "a folder name in two targets")
        let levels = Self.targets.map { target in Set(files.filter { $0.target == target }.compactMap { level[$0.folder] }) }
        #expect(levels.allSatisfy { !$0.isEmpty })
        for (lower, upper) in zip(levels, levels.dropFirst()) {
            #expect((lower.max() ?? 0) < (upper.min() ?? 0))
        }
    }

    /// `Package.swift` draws the same order: each layered target depends on the one before it and
    /// on no layered target after it.
    @Test func thePackageDependsInTheOrderOfTheTargets() throws {
        let dependencies = try Self.packageDependencies()
        for (index, target) in Self.targets.enumerated() {
            let layered = (dependencies[target] ?? []).intersection(Self.targets)
            #expect(dependencies[target] != nil, "\(target) is not a target of Package.swift")
            #expect(layered.isSubset(of: Self.targets[..<index]), "\(target) depends on a target above it: \(layered.sorted())")
            if index > 0 { #expect(layered.contains(Self.targets[index - 1]), "\(target) does not depend on \(Self.targets[index - 1])") }
        }
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
