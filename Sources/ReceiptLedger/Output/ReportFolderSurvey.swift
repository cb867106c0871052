/// What a report folder (`--out`) holds, sorted into what receipt-ledger wrote and what it did
/// not, so that a run never replaces, removes or buries a file of the user's (issue 21).
///
/// The tool's own entries: its state folder `.receipt-ledger/`, its links
/// (`index.html -> .receipt-ledger/current/index.html`), the regular files a receipt-ledger
/// `manifest.json` of the old layout lists (reports written before the state folder existed),
/// and regular files holding the very bytes of the current report's file of that name (left by
/// a migration cut short). Entries that say nothing about whose folder it is: `.gitkeep`,
/// `.gitignore`, `.DS_Store`, and subfolders that are themselves the tool's (another report,
/// like `reports/demo/`, the data `demo` and `bench` generate, an old run's staging folder).
/// Everything else is foreign.
struct ReportFolderSurvey {
    static let stateName = ".receipt-ledger"
    /// Files that version control and file browsers put in any folder.
    static let neutralNames: Set<String> = [".gitkeep", ".gitignore", ".DS_Store"]
    /// Larger than any manifest the tool writes; a bigger `manifest.json` is not one of its.
    static let manifestLimit = 1 << 22

    let folder: String
    var statePath: String { ReportStaging.join(folder, Self.stateName) }
    /// Whether `.receipt-ledger` is a folder.
    private(set) var hasState = false
    /// The generation `.receipt-ledger/current` names (the report shown now), and the one
    /// before it.
    private(set) var current: String?
    private(set) var previous: String?
    /// Names that are the tool's links into the current generation.
    private(set) var links: Set<String> = []
    /// Regular files an old-layout receipt-ledger `manifest.json` (itself a regular file) lists.
    private(set) var oldLayout: Set<String> = []
    /// Regular files with the same bytes as the current generation's file of that name.
    private(set) var copiesOfCurrent: Set<String> = []
    /// Entries the tool did not write, sorted.
    private(set) var foreign: [String] = []

    /// The link text of an output named `name` in the report folder.
    static func linkTarget(_ name: String) -> String { "\(stateName)/current/\(name)" }

    /// Reads the folder; a missing folder holds nothing.
    init(folder: String) throws(OutputError) {
        self.folder = folder
        guard LocalFile.kind(folder) != .missing else { return }
        let names = try LocalFile.entries(folder)
        if LocalFile.kind(statePath) == .folder {
            hasState = true
            current = Self.generation(linkedBy: ReportStaging.join(statePath, "current"))
            previous = Self.generation(linkedBy: ReportStaging.join(statePath, "previous"))
        }
        let manifestPath = ReportStaging.join(folder, ReportStaging.manifestName)
        let listed = LocalFile.kind(manifestPath) == .file ? Self.manifestNames(manifestPath) ?? [] : []
        for name in names {
            let path = ReportStaging.join(folder, name)
            switch LocalFile.kind(path) {
            case _ where name == Self.stateName:
                if !hasState { foreign.append(name) }
            case _ where Self.neutralNames.contains(name):
                continue
            case .link:
                if LocalFile.linkTarget(path) == Self.linkTarget(name) { links.insert(name) } else { foreign.append(name) }
            case .file:
                if listed.contains(name) {
                    oldLayout.insert(name)
                } else if let current, LocalFile.sameBytes(path, ReportStaging.join(statePath, current + "/" + name)) {
                    copiesOfCurrent.insert(name)
                } else {
                    foreign.append(name)
                }
            case .folder:
                if !Self.isToolFolder(path, name: name) { foreign.append(name) }
            case .missing, .other:
                foreign.append(name)
            }
        }
    }

    /// Refuses a folder the report must not go into: one holding a foreign entry named like a
    /// file the report writes (always: the report would replace it), or any foreign entry
    /// (unless `force`: the report is then written beside them).
    func check(outputNames: Set<String>, force: Bool, shownAs shown: String) throws(OutputError) {
        if let clash = foreign.first(where: { outputNames.contains($0) || $0 == Self.stateName }) {
            throw OutputError.refusal(shown, "\(ReportStaging.join(shown, clash)) was not written by receipt-ledger and the report "
                                      + "would replace it (move it away or choose another folder; --force does not change this)")
        }
        guard !force, !foreign.isEmpty else { return }
        let shownNames = foreign.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = foreign.count > 3 ? " and \(foreign.count - 3) more" : ""
        throw OutputError.refusal(shown, "the folder holds \(shownNames)\(more), which receipt-ledger did not write; choose a new "
                                  + "or empty folder or a report folder, or add --force to write the report beside them")
    }

    /// The generation a state link names, when it is a plain `report-N` name.
    static func generation(linkedBy path: String) -> String? {
        guard let target = LocalFile.linkTarget(path), generationNumber(target) != nil else { return nil }
        return target
    }

    /// N of a generation folder's name `report-N`.
    static func generationNumber(_ name: String) -> Int? {
        guard name.hasPrefix("report-") else { return nil }
        return digits(name.dropFirst("report-".count))
    }

    /// The number a non-empty run of ASCII digits spells.
    static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// The file names a receipt-ledger manifest lists (itself included), or nil when the file
    /// is not one (not JSON, another tool's, too large).
    static func manifestNames(_ path: String) -> Set<String>? {
        guard let bytes = try? LocalFile.readAll(path, limit: manifestLimit),
              let root = try? JSONDocument(bytes: bytes).root, root.kind == .object,
              root["tool"]?.string == "receipt-ledger", let outputs = root["outputs"], outputs.kind == .array else { return nil }
        var names: Set<String> = [ReportStaging.manifestName]
        for output in outputs.elements where output.kind == .object {
            if let name = output["file"]?.string, ReportStaging.isPlainFileName(name) { names.insert(name) }
        }
        return names
    }

    /// Whether a subfolder is the tool's: a report folder (a state folder or a receipt-ledger
    /// manifest), a staging folder of an earlier version (`.reports.staging-42`), or a folder of
    /// generated data (`reports/demo-data`, `reports/bench-data`).
    static func isToolFolder(_ path: String, name: String) -> Bool {
        if LocalFile.kind(ReportStaging.join(path, stateName)) == .folder { return true }
        if manifestNames(ReportStaging.join(path, ReportStaging.manifestName)) != nil { return true }
        if name.hasPrefix("."), let marker = name.range(of: ".staging-", options: .backwards),
           digits(name[marker.upperBound...]) != nil {
            return true
        }
        guard let names = try? LocalFile.entries(path), !names.isEmpty else { return false }
        return names.allSatisfy(isGeneratedDataName)
    }

    /// The names `DemoGenerator` writes for `demo` (`receipts.sqlite`, `catalog.csv`) and
    /// `bench` (`receipts-200000-s1.sqlite`, `.ndjson`, `-orders.csv`), with SQLite's side
    /// files and the generator's temporary `.writing` files.
    static func isGeneratedDataName(_ name: String) -> Bool {
        var stem = Substring(name)
        for suffix in ["-wal", "-shm", "-journal", ".writing"] where stem.hasSuffix(suffix) {
            stem = stem.dropLast(suffix.count)
            break
        }
        if ["receipts.sqlite", "receipts.ndjson", "catalog.csv"].contains(stem) { return true }
        guard stem.hasPrefix("receipts-") else { return false }
        stem = stem.dropFirst("receipts-".count)
        guard let ending = [".sqlite", ".ndjson", "-orders.csv"].first(where: { stem.hasSuffix($0) }) else { return false }
        stem = stem.dropLast(ending.count)
        guard let marker = stem.range(of: "-s") else { return false }
        return digits(stem[..<marker.lowerBound]) != nil && digits(stem[marker.upperBound...]) != nil
    }
}
