import Foundation
import ReceiptLedger

/// `receipt-ledger run`: option parsing and the summary printed at the end.
enum RunCommand {
    static let options: [String: ArgumentScanner.Kind] = [
        "db": .value, "query": .value, "ndjson": .value, "catalog": .value, "out": .value, "force": .flag,
        "bundle-id": .repeatable, "as-of": .value, "strict": .flag, "period": .value, "calendar": .value, "tz": .value,
        "reference": .flag, "no-xlsx": .flag, "refunds": .value, "orders": .value, "orders-query": .value, "revoke-grace-hours": .value, "templates": .value,
        "max-rejected-share": .value, "apple-sales": .repeatable, "apple-financial": .repeatable, "memory-limit": .value,
    ]

    static func parse(_ arguments: [String]) throws(UsageError) -> RunOptions {
        try parse(arguments, command: "run").options
    }

    /// The records input of `--db FILE [--query SQL]` or `--ndjson FILE`.
    static func recordsInput(_ scan: ArgumentScanner, command: String) throws(UsageError) -> RunOptions.Input {
        switch (scan.value("db"), scan.value("ndjson")) {
        case (let db?, nil): return .sqlite(path: db, query: scan.value("query"))
        case (nil, let ndjson?):
            guard scan.value("query") == nil else { throw UsageError("\(command): --query goes with --db, not --ndjson") }
            return .ndjson(path: ndjson)
        case (nil, nil): throw UsageError("\(command): give the input with --db FILE or --ndjson FILE")
        case (.some, .some): throw UsageError("\(command): give either --db or --ndjson, not both")
        }
    }

    /// `run`'s options, for `command` (a sharded run's stages take them too), with `extra`
    /// options of the command's own; `input` reads the input (default: `recordsInput`). The
    /// scan is returned for the extra options.
    static func parse(_ arguments: [String], command: String, extra: [String: ArgumentScanner.Kind] = [:],
                      input readInput: ((ArgumentScanner) throws(UsageError) -> RunOptions.Input)? = nil)
        throws(UsageError) -> (options: RunOptions, scan: ArgumentScanner) {
        // A command with an input of its own takes none of the records' options.
        let taken = readInput == nil ? options : options.filter { !["db", "query", "ndjson", "orders-query"].contains($0.key) }
        let scan = try ArgumentScanner(arguments, options: taken.merging(extra) { $1 }, command: command)
        let input = if let readInput { try readInput(scan) } else { try recordsInput(scan, command: command) }
        var options = RunOptions(input: input)
        options.catalogPath = scan.value("catalog")
        if let out = scan.value("out") {
            guard !out.isEmpty else { throw UsageError("\(command): --out needs a folder") }
            options.outputDirectory = out
        }
        options.bundleIDs = scan.all("bundle-id")
        if let asOf = scan.value("as-of"), !options.setAsOf(asOf) {
            throw UsageError("\(command): --as-of \"\(asOf)\" is not a timestamp (e.g. 2025-01-31T00:00:00Z)")
        }
        options.force = scan.has("force")
        options.strict = scan.has("strict")
        if let share = scan.value("max-rejected-share"), !options.setMaxRejectedShare(share) {
            throw UsageError("\(command): --max-rejected-share takes a share from 0 to 1 (e.g. 0.05), not \"\(share)\"")
        }
        options.reference = scan.has("reference")
        if let limit = scan.value("memory-limit") {
            guard command == "run" else { throw UsageError("\(command): --memory-limit goes with run") }
            if limit == "auto" {
                options.memoryLimit = AutomaticMemoryLimit.half(of: AutomaticMemoryLimit.availableBytes())
            } else if !options.setMemoryLimit(limit) {
                throw UsageError("\(command): --memory-limit takes a size of at least 1M (such as 256M or 2G) or auto, not \"\(limit)\"")
            }
        }
        options.machineryOff = try machineryOff()
        options.writesWorkbook = !scan.has("no-xlsx")
        if let period = scan.value("period"), !options.setPeriod(period) {
            throw UsageError("\(command): --period takes day, week, month, quarter or year, not \"\(period)\"")
        }
        if let calendar = scan.value("calendar"), !options.setCalendar(calendar) {
            throw UsageError("\(command): --calendar takes gregorian or apple-fiscal, not \"\(calendar)\"")
        }
        if let zone = scan.value("tz"), !options.setTimeZone(zone) {
            throw UsageError("\(command): --tz \"\(zone)\" is not a known time zone (e.g. UTC, America/Los_Angeles)")
        }
        if let refunds = scan.value("refunds"), !options.setRefunds(refunds) {
            throw UsageError("\(command): --refunds takes refund-period or sale-period, not \"\(refunds)\"")
        }
        options.ordersCSV = scan.value("orders")
        options.ordersQuery = scan.value("orders-query")
        if options.ordersQuery != nil, case .ndjson = input, options.ordersCSV == nil {
            throw UsageError("\(command): --orders-query needs --db input (use --orders FILE.csv with --ndjson)")
        }
        if let grace = scan.value("revoke-grace-hours"), !options.setRevokeGraceHours(grace) {
            throw UsageError("\(command): --revoke-grace-hours takes a number of hours from 0 to 87600 (such as 24 or 0.5), not \"\(grace)\"")
        }
        if let templates = scan.value("templates") { options.templatesDirectory = templates }
        options.setAppleReports(sales: scan.all("apple-sales"), financial: scan.all("apple-financial"))
        return (options, scan)
    }

    /// `RECEIPT_LEDGER_MACHINERY_OFF=window,…`: pieces of machinery to turn off, only for
    /// measuring what each earns (Benchmarks/EXPERIMENTS.md); undocumented, changes no output.
    private static func machineryOff() throws(UsageError) -> Set<RunOptions.Machinery> {
        guard let list = ProcessInfo.processInfo.environment["RECEIPT_LEDGER_MACHINERY_OFF"], !list.isEmpty else { return [] }
        var off: Set<RunOptions.Machinery> = []
        for name in list.split(separator: ",") {
            guard let piece = RunOptions.Machinery(rawValue: String(name)) else {
                throw UsageError("RECEIPT_LEDGER_MACHINERY_OFF names \(name), not one of \(RunOptions.Machinery.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            off.insert(piece)
        }
        return off
    }

    static func execute(_ arguments: [String]) throws -> Int32 {
        var options = try parse(arguments)
        let inputBytes = ReportRun.fileSize(options.inputPath)
        if options.memoryLimit == nil, !options.reference,
           let limit = AutomaticMemoryLimit.limit(inputBytes: inputBytes, availableBytes: AutomaticMemoryLimit.availableBytes()) {
            options.memoryLimit = limit
            CommandLineTool.printError(AutomaticMemoryLimit.note(inputBytes: inputBytes, limitBytes: limit))
        }
        let summary = try ReportRun(options: options, progress: ProgressReporter.forTerminal(), keepsResultsUntilExit: true).execute()
        return conclude(summary, options: options)
    }

    /// What `run` and `finish` say when the report is written: the summary, the warnings, a
    /// peak past `--memory-limit`, and the exit code (65 when `--strict` or
    /// `--max-rejected-share` fails).
    static func conclude(_ summary: ReportRun.Summary, options: RunOptions) -> Int32 {
        printSummary(summary)
        if let limit = options.memoryLimit,
           let warning = MemoryLimitCheck.warning(limitBytes: limit, peakBytes: Int64(PhaseTimer.memory("VmHWM:")) * 1024,
                                                  transactions: summary.transactions) {
            CommandLineTool.printError(warning)
        }
        if let failure = summary.strictFailure(options: options) {
            CommandLineTool.printError(failure)
            return ExitCode.dataError
        }
        return ExitCode.success
    }

    static func printSummary(_ summary: ReportRun.Summary) {
        let c = summary.counts
        print("records: \(c.read) read = \(c.accepted) accepted + \(c.redirected) redirected (21007/21008) + \(c.rejected) rejected")
        print("transactions: \(summary.transactions), anomalies: \(summary.anomalies)")
        print("report written to \(summary.outputDirectory)/")
        for line in summary.warningLines { CommandLineTool.printError(line) }
    }
}
