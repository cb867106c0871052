/// Why a finished run exits with 65 (its reports are written): under `--strict`, any record
/// rejected (or more than `--max-rejected-share` of them) and any production transaction left
/// unpriced; with `--max-rejected-share` alone, a larger share rejected.
enum StrictVerdict {
    /// The reasons to fail, each a few words; empty when the run passes.
    static func failures(counts: RecordCounts, unpricedTransactions: Int, options: RunOptions) -> [String] {
        var failures: [String] = []
        let rejected = Display.counted(counts.rejected, "record", "records") + " rejected"
        if let share = options.maxRejectedShare {
            if exceeds(counts.rejected, of: counts.read, share) {
                failures.append("\(rejected) of \(Display.count(counts.read)), more than --max-rejected-share \(shareText(share))")
            }
        } else if options.strict, counts.rejected > 0 {
            failures.append(rejected)
        }
        if options.strict, unpricedTransactions > 0 {
            failures.append(Display.counted(unpricedTransactions, "production transaction", "production transactions") + " unpriced")
        }
        return failures
    }

    /// The line printed on stderr when the run fails (after its warnings).
    static func line(_ failures: [String]) -> String {
        "failing (exit 65, reports written): " + failures.joined(separator: "; ")
    }

    /// `part / whole > share`, exactly (`share` has at most `maxShareDigits` decimals).
    static func exceeds(_ part: Int, of whole: Int, _ share: DecimalText) -> Bool {
        var scale: Int64 = 1
        for _ in 0..<share.fractionDigits { scale *= 10 }
        return Int64(part) * scale > share.digits * Int64(whole)
    }

    /// Decimals `--max-rejected-share` takes at most (0.0001 is a hundredth of a percent).
    static let maxShareDigits = 4

    /// A share from 0 to 1 with at most `maxShareDigits` decimals, or nil.
    static func share(_ text: String) -> DecimalText? {
        guard let value = DecimalText(text), value.digits >= 0, value.fractionDigits <= maxShareDigits,
              let scaled = value.scaled(toFractionDigits: maxShareDigits), scaled <= 10_000 else { return nil }
        return value
    }

    static func shareText(_ share: DecimalText) -> String {
        MoneyFormat.plain(share.digits, minorDigits: share.fractionDigits)
    }
}
