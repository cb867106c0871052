extension ReportRun {
    /// Builds the ledgers, refunds, subscriptions and reconciliation of a finished journal and
    /// writes every file of the report into `staging`, then commits it. On a failure the caller
    /// discards the folder; this returns (or throws) only when no thread writes in it any more.
    /// `inputsHashed` is called once every input's digest is known (the caller then ends the
    /// input's read transaction: until then the bytes hashed are the bytes read).
    ///
    /// The work is spread over two cores. The journal's own files (`transactions.csv` is the
    /// largest of all) are written by another thread while the ledgers are built, and the
    /// subscriptions, the reconciliation of the orders and the pages' sums over the journal are
    /// built beside them too: the ledgers alone then take the building thread. Then the
    /// remaining CSV files and the HTML pages are written by two threads, each taking the next
    /// file when done with one.
    /// Each file is written whole by one thread and the manifest lists them by name, so the
    /// bytes are the same whichever thread finishes first.
    ///
    /// A journal kept outside memory (a run in buckets) is reported one thing at a time
    /// instead, on this thread: what each part builds is then not held beside what another
    /// builds, and the bytes are the same.
    func writeReport(_ result: consuming JournalPipeline.Result, zone: ZoneRules, orders: consuming [Order]?, ordersLabel: String?,
                     sourceLabel: String, templates: TemplateSet, digests: FileDigests, diagnosis: RunDiagnosis = .none,
                     appleReports: AppleReportSet? = nil, into staging: ReportStaging, inputsHashed: () -> Void = {}) throws -> [ManifestFile.Output] {
        let journal = result.journal
        let placement = LedgerPlacement(periods: Self.periodCalendar(options, zone: zone), refunds: options.refunds)
        var outputs: [ManifestFile.Output]
        let data: ReportData
        if journal.transactions.isStored {
            progress?.phase("building ledgers")
            digests.hurry()
            data = Self.reportData(options: options, sourceLabel: sourceLabel, result: consume result, zone: zone, orders: consume orders,
                                   ordersLabel: ordersLabel, diagnosis: diagnosis, appleReports: appleReports)
            FreedMemory.returnToSystem()
            progress?.phase("writing reports")
            outputs = try Self.writeOneAtATime(data, placement: placement, templates: templates, into: staging)
            try journal.transactions.requireEveryRead()
        } else {
            let journalFiles = Self.journalCSVFiles(journal, placement: placement)
            let writingJournalFiles = BackgroundWork { try journalFiles.map { try Self.write($0.name, $0.csv, to: staging) } }
            defer { _ = try? writingJournalFiles.value() }  // a failure below must wait for it (see above)

            progress?.phase("building ledgers")
            digests.hurry()
            let summing = BackgroundWork { JournalSums(journal.transactions) }
            data = Self.reportData(options: options, sourceLabel: sourceLabel, result: consume result, zone: zone,
                                   orders: consume orders, ordersLabel: ordersLabel, besideLedgers: true, diagnosis: diagnosis,
                                   appleReports: appleReports)
            // What the ledgers' building freed (its tables, the orders) goes back to the system
            // before the files are written beside it.
            FreedMemory.returnToSystem()

            progress?.phase("writing reports")
            let files = Self.derivedCSVFiles(data)
            // The pages need only the files' row counts, known before the files are written.
            let rowCounts = (journalFiles + files).map { (name: $0.name, rows: $0.csv.rowCount) }.sorted { $0.name < $1.name }
            let pages = HTMLReport.pageRenderers(data, sums: summing.value(), files: rowCounts, templates: templates)
            // Each remaining file is one job; two cores take the jobs in turn, the workbook (the
            // largest: every CSV file again) first.
            let sheets = (journalFiles + files).sorted { $0.name < $1.name }
            var jobs: [@Sendable () throws -> ManifestFile.Output] = []
            if data.writes(.withWorkbook) { jobs.append { try Self.writeWorkbook(sheets, to: staging) } }
            for (name, csv) in files { jobs.append { try Self.write(name, csv, to: staging) } }
            for page in pages { jobs.append { try Self.write(page, to: staging) } }
            outputs = try Parallel.run(jobs).map { try $0.get() }  // the first failure in job order
            outputs += try writingJournalFiles.value()
        }
        PhaseTimer.mark("CSV files and HTML pages written")
        outputs.sort { $0.name < $1.name }
        // The manifest lists exactly the files the registry names for this run.
        guard Set(outputs.map(\.name)).union([ManifestFile.name]) == ReportFiles.names(writtenFor: data) else {
            throw FatalError("internal error: the files written are not those ReportFiles lists")
        }
        let manifest = try ManifestFile.document(data, outputs: outputs, digests: digests, templates: templates.sources)
        inputsHashed()
        try staging.write(ManifestFile.name, text: manifest)
        try staging.commit()
        PhaseTimer.mark("manifest written, report committed")
        if keepsResultsUntilExit { KeptUntilExit.keep(data) }
        return outputs
    }

    /// The files of a report whose journal is kept outside memory, one at a time on this
    /// thread: each CSV file made, written and dropped (its row count kept for the pages), the
    /// workbook making each sheet again as it comes to it, then the pages. The free pages go
    /// back to the system after each, so that what one file needed does not add to the next.
    private static func writeOneAtATime(_ data: ReportData, placement: LedgerPlacement, templates: TemplateSet,
                                        into staging: ReportStaging) throws -> [ManifestFile.Output] {
        let journal = data.journal
        let journalFiles = ReportFiles.journalFiles.map { file in (name: file.name, make: { () -> ReportCSV? in file.csv(journal, placement) }) }
        let derivedFiles = ReportFiles.derivedFiles.filter { data.writes($0.condition) }.map { file in (name: file.name, make: { file.csv(data) }) }
        let files = (journalFiles + derivedFiles).sorted { $0.name < $1.name }
        var outputs: [ManifestFile.Output] = []
        var rowCounts: [(name: String, rows: Int)] = []
        for file in files {
            guard let csv = file.make() else { continue }
            let output = try write(file.name, csv, to: staging)
            outputs.append(output)
            rowCounts.append((file.name, output.rows ?? csv.rowCount))
            FreedMemory.returnToSystem()
        }
        if data.writes(.withWorkbook) {
            outputs.append(try writeWorkbook(files.lazy.compactMap { file in file.make().map { (name: file.name, csv: $0) } }, to: staging))
            FreedMemory.returnToSystem()
        }
        for page in HTMLReport.pageRenderers(data, files: rowCounts, templates: templates) {
            outputs.append(try write(page, to: staging))
            FreedMemory.returnToSystem()
        }
        return outputs
    }

    /// Writes a CSV file into the staging folder (the staging writer hashes what it writes:
    /// the manifest takes its digest).
    static func write(_ name: String, _ csv: ReportCSV, to staging: ReportStaging) throws -> ManifestFile.Output {
        var rows = 0
        let file = try staging.write(name) { (file) throws(OutputError) in
            do {
                rows = try csv.write { chunk in try file.append(chunk) }
            } catch let error as OutputError {
                throw error
            } catch {
                throw OutputError(action: "cannot write", path: name, reason: "\(error)")
            }
        }
        return ManifestFile.Output(name: name, rows: rows, sha256: file.sha256)
    }

    /// Writes `report.xlsx` into the staging folder: a sheet for each CSV file, in this order.
    static func writeWorkbook(_ files: some Sequence<(name: String, csv: ReportCSV)>, to staging: ReportStaging) throws -> ManifestFile.Output {
        let file = try staging.write(ReportWorkbook.name) { (file) throws(OutputError) in
            do {
                try ReportWorkbook.write(files) { chunk in try file.append(chunk) }
            } catch let error as OutputError {
                throw error
            } catch {
                throw OutputError(action: "cannot write", path: ReportWorkbook.name, reason: "\(error)")
            }
        }
        return ManifestFile.Output(name: ReportWorkbook.name, rows: nil, sha256: file.sha256)
    }

    /// Renders a page and writes it into the staging folder.
    static func write(_ page: HTMLReport.Page, to staging: ReportStaging) throws -> ManifestFile.Output {
        let file = try staging.write(page.name, text: try page.render())
        return ManifestFile.Output(name: page.name, rows: nil, sha256: file.sha256)
    }
}
