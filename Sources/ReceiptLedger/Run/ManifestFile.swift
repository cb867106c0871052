/// `manifest.json`: what was read (with SHA-256; inputs by absolute path), the templates the
/// pages came from (built-in or a file, with SHA-256), with which options, the balanced counts,
/// and every output file with its rows and SHA-256 (SPEC §7). Holds no clock time, so the same
/// input read from the same place gives the same bytes.
enum ManifestFile {
    static let name = ReportStaging.manifestName

    struct Output: Sendable {
        var name: String
        /// Data rows of a CSV file; nil for a page.
        var rows: Int?
        var sha256: String
    }

    /// - Parameter digests: the input files' SHA-256, usually computed while the run went on.
    /// - Parameter templates: the templates the pages were rendered from (`TemplateSet.sources`).
    static func document(_ data: ReportData, outputs: [Output], digests: FileDigests, templates: [TemplateSource] = []) throws -> String {
        let absolute = TemplateSource.absolutePath
        let options = data.options
        let counts = data.journal.counts
        var inputs: [JSONOutput] = []
        var input: [(String, JSONOutput)] = [("role", .string("records"))]
        switch options.input {
        case .sqlite(let path, let query):
            input += [("format", .string("sqlite")), ("path", .string(absolute(path))),
                      ("query", .string(query ?? SQLiteRecordSource.defaultQuery))]
        case .ndjson(let path):
            input += [("format", .string("ndjson")), ("path", .string(absolute(path)))]
        case .partialState(let index):
            input += [("format", .string("partial-state")), ("path", .string(absolute(index)))]
        }
        input += [("sha256", .string(try digests.hexDigest(ofFileAt: options.input.path))), ("records", .integer(Int64(counts.read)))]
        inputs.append(.object(input))
        if let catalog = options.catalogPath {
            inputs.append(.object([("role", .string("catalog")), ("format", .string("csv")), ("path", .string(absolute(catalog))),
                                   ("sha256", .string(try digests.hexDigest(ofFileAt: catalog)))]))
        }
        if let label = data.ordersLabel {
            var orders: [(String, JSONOutput)] = [("role", .string("orders")), ("source", .string(label))]
            if let csv = options.ordersCSV {
                orders += [("path", .string(absolute(csv))), ("sha256", .string(try digests.hexDigest(ofFileAt: csv)))]
            } else {
                orders.append(("path", .string(absolute(options.input.path))))
            }
            orders.append(("orders", .integer(Int64(data.orderCount))))
            inputs.append(.object(orders))
        }
        for file in data.appleReports?.files ?? [] { inputs.append(appleInput(file, absolute: absolute)) }
        let optionFields: [(String, JSONOutput)] = [
            ("out", .string(options.outputDirectory)),
            ("bundle_ids", .array(options.bundleIDs.map { .string($0) })),
            ("as_of", options.asOfText.map { .string($0) } ?? .null),
            ("period", .string(options.period.rawValue)),
            ("calendar", .string(options.calendar.rawValue)),
            ("tz", .string(options.timeZone)),
            ("refunds", .string(options.refunds.rawValue)),
            ("revoke_grace_hours", .rawNumber(options.revokeGraceHours.text)),
            ("strict", .bool(options.strict)),
            ("xlsx", .bool(options.writesWorkbook)),
        ]
        let statuses = counts.statusCounts.keys.sorted().map { (String($0), JSONOutput.integer(Int64(counts.statusCounts[$0] ?? 0))) }
        var countFields: [(String, JSONOutput)] = [
            ("records_read", .integer(Int64(counts.read))),
            ("records_accepted", .integer(Int64(counts.accepted))),
            ("records_redirected", .integer(Int64(counts.redirected))),
            ("records_rejected", .integer(Int64(counts.rejected))),
            ("balanced", .bool(counts.isBalanced)),
            ("records_by_status", .object(statuses)),
            ("transactions", .integer(Int64(data.journal.transactions.count))),
            ("anomalies", .integer(Int64(data.journal.anomalies.count))),
        ]
        if let apple = data.appleReconciliation {
            // SPEC §10: our net units on days no report of the kind covers, which were not compared.
            countFields.append(("apple_units_not_covered", .object(apple.uncoveredUnits.keys.sorted().map {
                ($0.rawValue, JSONOutput.integer(apple.uncoveredUnits[$0] ?? 0))
            })))
        }
        let outputFields = outputs.map { output in
            var fields: [(String, JSONOutput)] = [("file", .string(output.name))]
            if let rows = output.rows { fields.append(("rows", .integer(Int64(rows)))) }
            fields.append(("sha256", .string(output.sha256)))
            return JSONOutput.object(fields)
        }
        let root = JSONOutput.object([
            ("tool", .string("receipt-ledger")),
            ("version", .string(ReceiptLedgerInfo.version)),
            ("inputs", .array(inputs)),
            ("templates", .array(templates.map { template in
                .object([("file", .string(template.name)), ("origin", .string(template.origin)), ("sha256", .string(template.sha256))])
            })),
            ("options", .object(optionFields)),
            ("as_of", .string(data.asOf?.iso8601 ?? "")),
            // SPEC §9: JWS signatures are decoded, not verified, by this revision.
            ("signatures", .string("not verified")),
            ("consumable_refunds_visible", .array(data.journal.consumableRefundEnvironments.sorted().map { .string($0.rawValue) })),
            ("open_refund_requests", .array(OpenRefundRequest.open(in: data.journal).map(openRequest))),
            ("counts", .object(countFields)),
            ("outputs", .array(outputFields)),
        ])
        return root.serialized()
    }

    /// One open refund request (SPEC §9): the notification's record and ids, and the money at
    /// stake (the transaction's gross, when it was booked).
    static func openRequest(_ request: OpenRefundRequest) -> JSONOutput {
        let n = request.notification
        return .object([
            ("record_id", .integer(n.recordID)), ("notification_uuid", .string(n.event.uuid)),
            ("signed_date", .string(n.event.signedDate?.iso8601 ?? "")), ("environment", .string(n.event.environment?.rawValue ?? "")),
            ("transaction_id", .string(n.transactionID)), ("currency", .string(request.transaction?.currency?.code ?? "")),
            ("amount", request.transaction?.gross.map { .rawNumber($0.formatted) } ?? .null),
        ])
    }

    /// One Apple report file (SPEC §10): its digest, rows read, used and ignored by reason; a
    /// repeat of an earlier file names it and was not read.
    static func appleInput(_ file: AppleReportFile, absolute: (String) -> String) -> JSONOutput {
        func counts(_ table: [String: Int]) -> JSONOutput {
            .object(table.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.map { ($0, .integer(Int64(table[$0] ?? 0))) })
        }
        var fields: [(String, JSONOutput)] = [
            ("role", .string(file.kind == .sales ? "apple_sales" : "apple_financial")),
            ("format", .string(file.isGzip ? "gzip" : "text")), ("path", .string(absolute(file.path))), ("sha256", .string(file.sha256)),
        ]
        if let earlier = file.sameAs {
            fields.append(("same_as", .string(absolute(earlier))))
            return .object(fields)
        }
        fields += [
            ("rows_read", .integer(Int64(file.rowsRead))), ("rows_used", .integer(Int64(file.rowsUsed))),
            ("rows_ignored", counts(file.ignored)), ("rows_without_amounts", counts(file.withoutAmounts)),
            ("net_units", .integer(file.netUnits)),
        ]
        if file.kind == .financial {
            fields.append(("trailer_differences", .array(file.trailerDifferences.map { .string($0) })))
        }
        return .object(fields)
    }
}
