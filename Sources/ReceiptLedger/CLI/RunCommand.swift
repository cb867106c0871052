/// `receipt-ledger run`: option parsing and the summary printed at the end.
enum RunCommand {
    static let options: [String: ArgumentScanner.Kind] = [
        "db": .value, "query": .value, "ndjson": .value, "catalog": .value, "out": .value, "force": .flag,
        "bundle-id": .repeatable, "as-of": .value, "strict": .flag, "period": .value, "calendar": .value, "tz": .value,
        "reference": .flag, "no-xlsx": .flag, "refunds": .value, "orders": .value, "orders-query": .value, "revoke-grace-hours": .value, "templates": .value,
        "max-rejected-share": .value, "apple-sales": .repeatable, "apple-financial": .repeatable,
    ]

    static func parse(_ arguments: [String]) throws(UsageError) -> RunOptions {
        let scan = try ArgumentScanner(arguments, options: options, command: "run")
        let input: RunOptions.Input
        switch (scan.value("db"), scan.value("ndjson")) {
        case (let db?, nil): input = .sqlite(path: db, query: scan.value("query"))
        case (nil, let ndjson?):
            guard scan.value("query") == nil else { throw UsageError("run: --query goes with --db, not --ndjson") }
            input = .ndjson(path: ndjson)
        case (nil, nil): throw UsageError("run: give the input with --db FILE or --ndjson FILE")
        case (.some, .some): throw UsageError("run: give either --db or --ndjson, not both")
        }
        var options = RunOptions(input: input)
        options.catalogPath = scan.value("catalog")
        if let out = scan.value("out") {
            guard !out.isEmpty else { throw UsageError("run: --out needs a folder") }
            options.outputDirectory = out
        }
        options.bundleIDs = scan.all("bundle-id")
        if let asOf = scan.value("as-of") {
            guard let instant = StoredInstant.instant(.text(asOf)) ?? CatalogDate.parse(asOf) else {
                throw UsageError("run: --as-of \"\(asOf)\" is not a timestamp (e.g. 2025-01-31T00:00:00Z)")
            }
            options.asOf = instant
            options.asOfText = asOf
        }
        options.force = scan.has("force")
        options.strict = scan.has("strict")
        if let share = scan.value("max-rejected-share") {
            guard let value = StrictVerdict.share(share) else {
                throw UsageError("run: --max-rejected-share takes a share from 0 to 1 (e.g. 0.05), not \"\(share)\"")
            }
            options.maxRejectedShare = value
        }
        options.reference = scan.has("reference")
        options.writesWorkbook = !scan.has("no-xlsx")
        if let period = scan.value("period") {
            guard let unit = PeriodUnit(rawValue: period) else { throw UsageError("run: --period takes day, week, month, quarter or year, not \"\(period)\"") }
            options.period = unit
        }
        if let calendar = scan.value("calendar") {
            guard let kind = CalendarKind(rawValue: calendar) else { throw UsageError("run: --calendar takes gregorian or apple-fiscal, not \"\(calendar)\"") }
            options.calendar = kind
        }
        if let zone = scan.value("tz") {
            guard (try? ZoneRules(identifier: zone)) != nil else { throw UsageError("run: --tz \"\(zone)\" is not a known time zone (e.g. UTC, America/Los_Angeles)") }
            options.timeZone = zone
        }
        if let refunds = scan.value("refunds") {
            guard let booking = RefundBooking(rawValue: refunds) else { throw UsageError("run: --refunds takes refund-period or sale-period, not \"\(refunds)\"") }
            options.refunds = booking
        }
        options.ordersCSV = scan.value("orders")
        options.ordersQuery = scan.value("orders-query")
        if options.ordersQuery != nil, case .ndjson = input, options.ordersCSV == nil {
            throw UsageError("run: --orders-query needs --db input (use --orders FILE.csv with --ndjson)")
        }
        if let grace = scan.value("revoke-grace-hours") {
            guard let hours = GraceHours(parsing: grace) else {
                throw UsageError("run: --revoke-grace-hours takes a number of hours from 0 to 87600 (such as 24 or 0.5), not \"\(grace)\"")
            }
            options.revokeGraceHours = hours
        }
        if let templates = scan.value("templates") { options.templatesDirectory = templates }
        options.appleReports = scan.all("apple-sales").map { AppleReportReader.Source(kind: .sales, path: $0) }
            + scan.all("apple-financial").map { AppleReportReader.Source(kind: .financial, path: $0) }
        return options
    }

    static func execute(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        var run = ReportRun(options: options, progress: ProgressReporter.forTerminal())
        run.keepsResultsUntilExit = true
        let summary = try run.execute()
        printSummary(summary)
        let failures = StrictVerdict.failures(counts: summary.counts, unpricedTransactions: summary.diagnosis.unpricedTransactions,
                                              options: options)
        guard failures.isEmpty else {
            CommandLineTool.printError(StrictVerdict.line(failures))
            return ExitCode.dataError
        }
        return ExitCode.success
    }

    static func printSummary(_ summary: ReportRun.Summary) {
        let c = summary.counts
        print("records: \(c.read) read = \(c.accepted) accepted + \(c.redirected) redirected (21007/21008) + \(c.rejected) rejected")
        print("transactions: \(summary.transactions), anomalies: \(summary.anomalies)")
        print("report written to \(summary.outputDirectory)/")
        for warning in summary.diagnosis.warnings { CommandLineTool.printError(warning.line) }
    }
}
