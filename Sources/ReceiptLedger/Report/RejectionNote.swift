import Foundation

/// The warning of a run that rejected most of its input (more than half of the records read),
/// with the likely cause: an SQLite file given to `--ndjson`, a file that is not NDJSON, a
/// `--bundle-id` that matches none of the receipts (with the bundle ids seen), or one status
/// Apple answered for most records (with its meaning).
enum RejectionNote {
    /// The first 16 bytes of every SQLite 3 database file.
    static let sqliteHeader: [UInt8] = Array("SQLite format 3".utf8) + [0]
    /// Bundle ids named in the warning at most; the rest are counted.
    static let bundleIDsNamed = 5

    /// The first bytes of the input file (enough for `sqliteHeader`); empty when unreadable.
    static func header(ofFileAt path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: sqliteHeader.count)) ?? Data())
    }

    /// nil unless more than half of the records read were rejected.
    static func warning(counts: RecordCounts, rejected: [RejectedRecord], options: RunOptions, inputHeader: [UInt8]) -> RunWarning? {
        guard counts.rejected * 2 > counts.read else { return nil }
        let share = Display.percent(Int64(counts.rejected), of: Int64(counts.read)).replacingOccurrences(of: "%", with: " %")
        let opening = "\(Display.count(counts.rejected)) of \(Display.count(counts.read)) records read were rejected (\(share))"
        return RunWarning(kind: .mostlyRejected, message: opening + ": " + cause(rejected, options: options, inputHeader: inputHeader))
    }

    /// The likely cause, in words that say what to do.
    static func cause(_ rejected: [RejectedRecord], options: RunOptions, inputHeader: [UInt8]) -> String {
        let path = options.input.path
        if case .ndjson = options.input, inputHeader.starts(with: sqliteHeader) {
            return "\(path) looks like an SQLite database: use --db \(path)"
        }
        var byReason: [String: (reason: RejectionReason, count: Int)] = [:]
        for record in rejected { byReason[record.reason.code, default: (record.reason, 0)].count += 1 }
        let reasons = ranked(byReason.mapValues(\.count))
        guard let top = reasons.first, let topReason = byReason[top.key]?.reason, top.count * 2 > rejected.count else {
            let named = reasons.prefix(3).map { "\($0.key) (\(Display.count($0.count)))" }.joined(separator: ", ")
            return "no one reason stands out: \(named); see \(RejectedFile.name)"
        }
        let most = "\(Display.count(top.count)) are \(top.key)"
        switch topReason {
        case .invalidJSON, .notAnObject:
            if case .ndjson = options.input { return "\(most): is \(path) an NDJSON file (one JSON object a line)?" }
            return "\(most): does the response column hold Apple's JSON answers?"
        case .foreignBundle:
            var seen: [String: Int] = [:]
            for record in rejected where record.reason == .foreignBundle {
                if let bundle = ResponseReader.foreignBundle(inDetail: record.detail) { seen[bundle, default: 0] += 1 }
            }
            let bundles = ranked(seen)
            var named = bundles.prefix(bundleIDsNamed).map { "\($0.key) (\(Display.count($0.count)))" }.joined(separator: ", ")
            if bundles.count > bundleIDsNamed { named += " and \(Display.count(bundles.count - bundleIDsNamed)) more" }
            return "\(most), receipts of other apps than --bundle-id \(options.bundleIDs.joined(separator: ", ")); bundle ids seen: \(named)"
        case .status(let status):
            let retry = StatusCode.isRetryable(status) ? "; Apple asks to retry these: verify the receipts again" : ""
            return "\(most): Apple answered \(status), \(StatusCode.meaning(status))\(retry)"
        default:
            return "\(most): see \(RejectedFile.name)"
        }
    }

    /// Counts by key, the largest first (ties: key in UTF-8 order).
    private static func ranked(_ counts: [String: Int]) -> [(key: String, count: Int)] {
        counts.map { (key: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.key.utf8Precedes($1.key) }
    }
}
