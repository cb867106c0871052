/// Every Apple report file a run was given, read: the files in order (repeats marked, not
/// re-read), the purchase rows to compare, and the spans Apple covered.
struct AppleReportSet: Equatable, Sendable {
    var files: [AppleReportFile] = []
    /// Purchase rows of every file, in file then line order.
    var rows: [AppleReportRow] = []

    /// True when no file was given: the run compares nothing and writes nothing of SPEC §10.
    var isEmpty: Bool { files.isEmpty }

    /// The spans of `kind` that some readable row covers, ignored types included (SPEC §10: a day
    /// whose file holds only app rows still compares our units), in order.
    func coveredSpans(_ kind: AppleReportKind) -> [AppleSpan] {
        var spans = Set<AppleSpan>()
        for file in files where file.kind == kind { spans.formUnion(file.spans) }
        return spans.sorted()
    }

    /// Rows ignored over all files, by reason.
    var ignored: [String: Int] {
        var total: [String: Int] = [:]
        for file in files {
            for (reason, count) in file.ignored { total[reason, default: 0] += count }
        }
        return total
    }
}
