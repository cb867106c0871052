/// What the commands print of a finished run beyond its counts, worded by the rules that own
/// it (`RunWarning`, `StrictVerdict`).
extension ReportRun.Summary {
    /// The run's warnings, one line each, as stderr shows them.
    package var warningLines: [String] { diagnosis.warnings.map(\.line) }

    /// Why the run fails under `options` (`--strict`, `--max-rejected-share`; exit 65, the
    /// reports written), as the one line printed; nil when it passes.
    package func strictFailure(options: RunOptions) -> String? {
        let failures = StrictVerdict.failures(counts: counts, unpricedTransactions: diagnosis.unpricedTransactions, options: options)
        return failures.isEmpty ? nil : StrictVerdict.line(failures)
    }
}
