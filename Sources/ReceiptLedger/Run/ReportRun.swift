import Foundation

/// The main job: prepares the report folder, reads the input, builds the journal and every
/// report, and writes them into a staging folder that replaces the previous report only when all
/// of it was written.
package struct ReportRun {
    var options: RunOptions
    var progress: (any RunObserver)?
    /// Keep the journal and reports until the process exits rather than free them (set by
    /// the commands, whose process ends with the run; see `KeptUntilExit`).
    var keepsResultsUntilExit = false

    package init(options: RunOptions, progress: (any RunObserver)? = nil, keepsResultsUntilExit: Bool = false) {
        self.options = options
        self.progress = progress
        self.keepsResultsUntilExit = keepsResultsUntilExit
    }

    package struct Summary {
        package var counts: RecordCounts
        package var transactions: Int
        package var anomalies: Int
        package var outputDirectory: String
        var files: [ManifestFile.Output]
        /// The run's warnings and what `--strict` reads.
        var diagnosis: RunDiagnosis
    }

    package func execute() throws -> Summary {
        try execute(fromPartialState: nil)
    }

    /// The run, its journal read from `options.input` through the pipeline, or (a sharded run's
    /// `finish`, `options.input` is `.partialState`) made by `partial` from the catalog.
    func execute(fromPartialState partial: PartialJournal?) throws -> Summary {
        PhaseTimer.mark("start")
        // Everything the user can get wrong is checked before the first record is read.
        let templates = try HTMLReport.loadTemplates(from: options.templatesDirectory)
        try checkOutputSparesInputs(templates: templates)
        let zone: ZoneRules
        do { zone = try ZoneRules(identifier: options.timeZone) } catch { throw UsageError("unknown time zone \(options.timeZone)") }
        // The report folder is checked, locked and staged before any input is read.
        let staging = try prepareOutput()
        defer { staging.discard() }  // nothing once committed
        let catalog = try loadCatalog()
        let appleReports = try loadAppleReports()
        let source = partial == nil ? try openSource() : nil
        let sourceLabel = source?.label ?? partial?.inputLabel ?? ""
        let digests = FileDigests(paths: [options.input.path] + [options.catalogPath, options.ordersCSV].compactMap { $0 })
        // The input's snapshot and locks last until its digest is done, so that the manifest's
        // SHA-256 is of the bytes that were read (a rollback-journal writer cannot change the
        // file while the read lock is held); only then may the digests close their descriptors
        // on it (POSIX `close` drops the process's locks on the file).
        func endReading() {
            source?.endReading()
            digests.releaseDescriptors()
        }
        defer { endReading() }
        // The orders are read now only to be checked (a bad orders file is a usage error before
        // any record is read), and dropped: they are read again once the journal is built, so
        // that they are not held beside the merge's state and the journal being booked.
        _ = try loadOrders(source: source)
        PhaseTimer.mark("options, catalog, orders")

        let reader = ResponseReader(bundleIDs: Set(options.bundleIDs))
        var pipeline = options.reference ? JournalPipeline.reference(reader: reader, catalog: catalog, progress: progress)
            : JournalPipeline(reader: reader, catalog: catalog, progress: progress)
        if options.machineryOff.contains(.window) { pipeline.readsInOneScan = false }
        let result: JournalPipeline.Result = try Self.readingInput(options.input.path) {
            if let partial { return try partial.journal(catalog) }
            guard let source else { throw FatalError("internal error: a run with neither records nor partial state") }
            if let limit = options.memoryLimit {
                return try ShardStages.journalInBuckets(source: source, options: options, catalog: catalog, memoryLimit: limit,
                                                        inputBytes: Self.fileSize(options.input.path), progress: progress)
            }
            return try pipeline.run(source: source)
        }
        // The merge's state was freed as the pipeline returned; its pages go back to the system
        // before the ledgers and reports are built, so that they do not add to the run's peak.
        FreedMemory.returnToSystem()
        PhaseTimer.mark("journal booked")
        let journal = result.journal
        guard journal.counts.read > 0 else { throw UsageError("\(sourceLabel) holds no records") }
        guard journal.counts.isBalanced else { throw FatalError("internal error: record counts do not balance") }

        try AmountRange.check(journal)
        let diagnosis = RunDiagnosis(journal: journal, catalog: catalog, options: options,
                                     inputHeader: RejectionNote.header(ofFileAt: options.input.path))
        let (orders, ordersLabel) = try loadOrders(source: source)
        PhaseTimer.mark("journal, orders")
        let outputs: [ManifestFile.Output]
        do {
            outputs = try writeReport(consume result, zone: zone, orders: consume orders, ordersLabel: ordersLabel, sourceLabel: sourceLabel,
                                      templates: templates, digests: digests, diagnosis: diagnosis, appleReports: appleReports,
                                      into: staging, inputsHashed: endReading)
        } catch let error as TemplateError {
            staging.discard()
            throw UsageError("template \(error)")
        } catch {
            staging.discard()
            throw FatalError("cannot write the report to \(options.outputDirectory): \(error)")
        }
        progress?.finish()
        return Summary(counts: journal.counts, transactions: journal.transactions.count, anomalies: journal.anomalies.count,
                       outputDirectory: options.outputDirectory, files: outputs, diagnosis: diagnosis)
    }

    /// Ledgers, refunds, subscriptions and reconciliation of a finished journal: everything the
    /// files are written from. The refunds come first, and the record index (a visit per
    /// record, which only they need) is dropped once they are made, when no caller holds it.
    /// The orders are reconciled next and freed once reconciled, when no caller holds them
    /// (the report needs only the reconciliation), before the ledgers are built. With
    /// `besideLedgers` (as `execute` does) the subscriptions are built on another thread
    /// meanwhile; the data is the same.
    static func reportData(options: RunOptions, sourceLabel: String, result: consuming JournalPipeline.Result, zone: ZoneRules,
                           orders: consuming [Order]?, ordersLabel: String?, besideLedgers: Bool = false,
                           diagnosis: RunDiagnosis = .none, appleReports: AppleReportSet? = nil) -> ReportData {
        let journal = result.journal
        let asOf = options.asOf ?? result.index.latestVerifiedAt
        let periods = periodCalendar(options, zone: zone)
        let refunds = Refund.all(in: journal.transactions, index: result.index, periods: periods)
        _ = consume result
        let graceHours = options.revokeGraceHours
        @Sendable func reconcile(_ orders: [Order]) -> Reconciliation {
            Reconciliation(orders: orders, journal: journal, knownTransactionIDs: journal.heldTransactionIDs,
                           asOf: asOf, graceHours: graceHours)
        }
        @Sendable func subscriptions() -> [Subscription] {
            Subscription.all(in: journal.transactions, renewals: journal.renewals, asOf: asOf)
        }
        let orderCount = orders?.count ?? 0
        // The orders are reconciled next, and freed before the ledgers and the subscriptions
        // are built: they are among the largest things a run holds, and the ledgers' tables
        // and the subscriptions grow as they are built.
        let reconciliation = orders.take().map(reconcile)
        // What the record index and the orders held goes back to the system.
        FreedMemory.returnToSystem()
        let subscribing = besideLedgers ? BackgroundWork { subscriptions() } : nil
        let ledgers = LedgerBook(transactions: journal.transactions, periods: periods, refunds: options.refunds)
        // One at a time, what the ledgers' tally freed goes back before the subscriptions are built.
        if !besideLedgers { FreedMemory.returnToSystem() }
        let subscriptions = subscribing?.value() ?? subscriptions()
        PhaseTimer.mark("ledgers, refunds, subscriptions")
        let apple = appleReports.map { AppleReconciliation(transactions: AppleComparedTransaction.production(journal.transactions), reports: $0) }
        return ReportData(
            options: options, sourceLabel: sourceLabel, journal: journal, asOf: asOf, periods: periods, ledgers: ledgers,
            refunds: refunds, subscriptions: subscriptions, reconciliation: reconciliation,
            ordersLabel: ordersLabel, orderCount: orderCount, diagnosis: diagnosis,
            appleReports: appleReports, appleReconciliation: apple)
    }

    /// The periods of the run's `--period`, `--calendar` and `--tz`.
    static func periodCalendar(_ options: RunOptions, zone: ZoneRules) -> PeriodCalendar {
        PeriodCalendar(unit: options.period, calendar: options.calendar, zone: zone)
    }

    /// Every CSV file, the workbook and every HTML page of a run as bytes, in memory, in
    /// file-name order, written by the same writers as `write` (without the manifest, which
    /// hashes the input files); for the fuzz test. `rows` is nil for a page and the workbook.
    static func renderFiles(_ data: ReportData, templates: TemplateSet) throws -> [(name: String, bytes: [UInt8], rows: Int?)] {
        var files: [(name: String, bytes: [UInt8], rows: Int?)] = []
        var rowCounts: [(name: String, rows: Int)] = []
        let csvFiles = csvFiles(data)
        for (name, csv) in csvFiles {
            let (bytes, rows) = csv.bytes()
            files.append((name, bytes, rows))
            rowCounts.append((name, rows))
        }
        files.append((ReportWorkbook.name, try ReportWorkbook.bytes(csvFiles), nil))
        for page in try HTMLReport.pages(data, files: rowCounts, templates: templates) {
            files.append((page.name, Array(page.html.utf8), nil))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// The CSV files of a run as tables of cells (the slow, obviously right path), in file-name
    /// order: tests compare the streamed files with these.
    static func tables(_ data: ReportData) -> [(name: String, table: CSVTable)] {
        let journalTables = ReportFiles.journalFiles.map { (name: $0.name, table: $0.table(data.journal, data.placement)) }
        let derivedTables = ReportFiles.derivedFiles.compactMap { file in file.table(data).map { (name: file.name, table: $0) } }
        return (journalTables + derivedTables).sorted { $0.name < $1.name }
    }

    /// The CSV files of a run, in file-name order, as `writeReport` writes them.
    static func csvFiles(_ data: ReportData) -> [(name: String, csv: ReportCSV)] {
        (journalCSVFiles(data.journal, placement: data.placement) + derivedCSVFiles(data)).sorted { $0.name < $1.name }
    }

    /// The CSV files that need nothing but the journal (and, for the trail columns of
    /// `transactions.csv`, the run's periods).
    static func journalCSVFiles(_ journal: Journal, placement: LedgerPlacement) -> [(name: String, csv: ReportCSV)] {
        ReportFiles.journalFiles.map { (name: $0.name, csv: $0.csv(journal, placement)) }
    }

    /// The CSV files of the ledgers, refunds, subscriptions and reconciliation, prepared in
    /// parallel (`Parallel.map`), so that their order checks and cell tables do not hold up the
    /// writing on one core, and returned in `ReportFiles.derivedFiles` order whichever is ready
    /// first. Figures: Benchmarks/EXPERIMENTS.md, "Kept" › ReportRun.
    static func derivedCSVFiles(_ data: ReportData) -> [(name: String, csv: ReportCSV)] {
        let files = ReportFiles.derivedFiles
        let prepared = Parallel.map(files.count) { files[$0].csv(data) }
        return zip(files, prepared).compactMap { file, csv in csv.map { (name: file.name, csv: $0) } }
    }

    /// Checks, locks and stages the report folder (`ReportStaging`): a folder the report must
    /// not go into is a usage error, one that cannot be written a fatal one.
    private func prepareOutput() throws -> ReportStaging {
        do {
            return try ReportStaging(destination: options.outputDirectory, outputNames: Self.ownedNames, force: options.force)
        } catch {
            switch error.kind {
            case .refusal: throw UsageError(error.description)
            case .busy: throw FatalError(error.description)
            case .failure: throw FatalError("cannot prepare \(options.outputDirectory): \(error)")
            }
        }
    }

    /// Every file name a run may write (`ReportFiles.names`); a file of the user's named so is
    /// never replaced.
    static var ownedNames: Set<String> { ReportFiles.names }

    /// The files written only when Apple's reports were given (SPEC §10).
    static var appleNames: Set<String> { ReportFiles.names(writtenOnly: .withAppleReports) }

    /// The report must not replace a file it reads: an input, catalog, orders file or template
    /// that lies in `--out` under a name the report writes (`--out templates` would overwrite
    /// `templates/index.html`).
    private func checkOutputSparesInputs(templates: TemplateSet) throws(UsageError) {
        guard let out = ReportStaging.realPath(options.outputDirectory) else { return }
        let read = [options.input.path, options.catalogPath, options.ordersCSV].compactMap { $0 }
            + templates.sources.compactMap(\.path)
        for path in read {
            guard let resolved = ReportStaging.realPath(path) else { continue }
            let (parent, name) = ReportStaging.split(resolved)
            if parent == out, Self.ownedNames.contains(name) {
                throw UsageError("--out \(options.outputDirectory) would overwrite \(path), which the run reads (choose another --out)")
            }
        }
    }

    /// The size of the file at `path` in bytes, 0 when unknown.
    package static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Inputs are read whole, the records twice from the start: a pipe or a device (`/dev/zero`
    /// never ends) cannot be one.
    static func requireRegularFile(_ path: String, role: String) throws(UsageError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw UsageError("\(role) \(path) is not a regular file")
        }
    }

    func loadCatalog() throws -> Catalog {
        guard let path = options.catalogPath else { return .empty }
        guard FileManager.default.fileExists(atPath: path) else { throw UsageError("catalog \(path) does not exist") }
        try Self.requireRegularFile(path, role: "catalog")
        do { return try CatalogReader.read(path: path) } catch { throw UsageError("unreadable catalog: \(error)") }
    }

    func openSource() throws -> RecordSource {
        let path = options.input.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("input \(path) does not exist")
        }
        guard !isDirectory.boolValue else { throw UsageError("input \(path) is a folder, not a file") }
        try Self.requireRegularFile(path, role: "input")
        do {
            switch options.input {
            case .sqlite(let path, let query):
                let source = try SQLiteRecordSource(path: path, query: query, readingAhead: !options.machineryOff.contains(.readAhead))
                if let note = source.note { FileHandle.standardError.write(Data("receipt-ledger: note: \(OneLine.escaped(note))\n".utf8)) }
                return source
            case .ndjson(let path): return try NDJSONRecordSource(path: path)
            case .partialState(let index): throw UsageError("\(index) is partial state: give it to receipt-ledger finish")
            }
        } catch let error as SourceError {
            if error.isFatal { throw FatalError(error.message) }
            throw UsageError(error.message)
        }
    }

    /// SPEC §10: Apple's report files, read before any record so that a bad one is a usage error
    /// at once; nil when none was given.
    private func loadAppleReports() throws(UsageError) -> AppleReportSet? {
        guard !options.appleReports.isEmpty else { return nil }
        do { return try AppleReportReader.read(options.appleReports) } catch { throw UsageError(error.description) }
    }

    /// Runs `body`, which reads the records at `path`, and turns what the reading throws into
    /// the run's errors: a fatal source error or an SQLite failure exits 1, any other source
    /// error (a bad `--query`, a file that is not the format named) is a usage error (64).
    static func readingInput<Value>(_ path: String, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as SourceError {
            if error.isFatal { throw FatalError(error.message) }
            throw UsageError(error.message)
        } catch let error as SQLiteError {
            throw FatalError("cannot read \(path): \(error.message)")
        }
    }

    /// SPEC §8 "Orders": `--orders` wins over `--orders-query`, which wins over an `orders` table.
    private func loadOrders(source: RecordSource?) throws -> ([Order]?, String?) {
        if let csv = options.ordersCSV {
            guard FileManager.default.fileExists(atPath: csv) else { throw UsageError("orders file \(csv) does not exist") }
            try Self.requireRegularFile(csv, role: "orders file")
            return (try OrderReader.read(csvPath: csv), csv)
        }
        guard let sqlite = source as? SQLiteRecordSource else { return (nil, nil) }
        guard let orders = try OrderReader.read(database: sqlite.database, path: sqlite.path, query: options.ordersQuery) else {
            return (nil, nil)
        }
        return (orders, options.ordersQuery == nil ? "table orders in \(sqlite.path)" : "--orders-query on \(sqlite.path)")
    }
}
