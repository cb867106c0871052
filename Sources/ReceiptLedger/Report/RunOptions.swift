/// Everything `receipt-ledger run` was asked to do, validated.
package struct RunOptions: Sendable {
    package enum Input: Sendable {
        case sqlite(path: String, query: String?)
        case ndjson(path: String)
        /// A sharded run's `finish` (docs/PARTIAL-STATE.md): the journal comes from partial
        /// state; `index` is the record index file, the one input the manifest lists for it.
        case partialState(index: String)

        var path: String {
            switch self {
            case .sqlite(let path, _), .ndjson(let path), .partialState(let path): return path
            }
        }
    }

    var input: Input
    /// The input's path (the record index's, for a sharded run's stages).
    package var inputPath: String { input.path }
    package var catalogPath: String?
    package var outputDirectory = "reports"
    /// Write into a folder holding files the tool did not write (never replacing one), the root
    /// or the home folder.
    package var force = false
    package var bundleIDs: [String] = []
    /// nil: the latest readable `verified_at` of the input.
    var asOf: UnixMillis?
    var asOfText: String?
    package var strict = false
    /// `--max-rejected-share`: exit 65 when more of the records read were rejected (see `StrictVerdict`).
    var maxRejectedShare: DecimalText?
    var period = PeriodUnit.month
    var calendar = CalendarKind.gregorian
    /// IANA zone the periods are cut in.
    var timeZone = "UTC"
    var refunds = RefundBooking.refundPeriod
    package var ordersCSV: String?
    package var ordersQuery: String?
    var revokeGraceHours: GraceHours = 24
    /// `--templates DIR`: its files replace the built-in templates one by one. nil: the
    /// working folder's `templates/`, when there is one, does (`HTMLReport.loadTemplates`).
    package var templatesDirectory: String?
    /// `--apple-sales` / `--apple-financial` (SPEC §10), in that order: files or folders of
    /// Apple's reports to reconcile against. Empty: nothing of §10 is read or written.
    var appleReports: [AppleReportReader.Source] = []
    /// Read the slow, simple way (`JournalPipeline.reference`: Foundation's JSON parser, one
    /// reading thread, two passes), to check the default's output.
    package var reference = false
    /// `--memory-limit SIZE` in bytes: merge bucket by bucket through temporary files
    /// (`ShardStages.journalInBuckets`), the same bytes out. nil: in memory.
    package var memoryLimit: Int?
    /// Pieces of machinery turned off, for measuring what each earns (`Benchmarks/EXPERIMENTS.md`,
    /// issue 22); none changes an output. The commands set it from an undocumented variable.
    package var machineryOff: Set<Machinery> = []

    /// The pieces `machineryOff` can name.
    package enum Machinery: String, CaseIterable, Sendable {
        case window, readAhead = "read-ahead"
    }
    /// Whether `report.xlsx` is written beside the CSV files (`--no-xlsx` leaves it out: at
    /// millions of records the workbook is the largest file of the report).
    package var writesWorkbook = true

    package init(input: Input) { self.input = input }
}
