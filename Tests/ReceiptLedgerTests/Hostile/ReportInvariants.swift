import Foundation
@testable import ReceiptLedger

/// What must hold for any input, however damaged: the run ends (a crash would stop the test
/// process), every record is accounted for, and every file is safe to open.
///
/// - counts: `records_read` equals the rows given and `read = accepted + redirected + rejected`;
///   `rejected.csv` has one row per rejected record, `environment_check.csv` one per redirect;
/// - transactions: every transaction of every accepted record is booked, or named by a
///   `bad_timestamp` anomaly; money: every ledger totals exactly the booked transactions;
/// - CSV (SPEC §7, RFC 4180): valid UTF-8 ending in `\n`, parsed back by the project's own
///   `CSVReader` into the header and rows of the table, every row as wide as the header, every
///   value exactly as computed (text with its `'` guard when it starts with `= + - @` tab or
///   CR, also after leading invisible characters: `isFormulaStart`), and no cell starting with
///   such a character unless it is a negative number;
/// - HTML: valid UTF-8, no control character but tab, LF and CR, no tag that the templates and
///   charts do not write, no event-handler attribute, no `javascript:` URL;
/// - workbook: every sheet its CSV file, cell by cell (`workbookViolations`).
enum ReportInvariants {
    struct Outcome {
        var counts: RecordCounts
        var outputBytes = 0
        /// The run refused the input's amounts as too large to sum exactly (a clean failure).
        var outOfRange = false
    }

    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `input` through the whole pipeline in memory and checks every invariant.
    static func check(_ input: FuzzCase, templates: TemplateSet = HostileSupport.templates) throws -> Outcome {
        let pipeline = JournalPipeline(reader: ResponseReader(bundleIDs: Set(input.settings.bundleIDs)), catalog: input.catalog)
        let result = try pipeline.run(source: input.recordSource)
        let journal = result.journal
        var violations: [String] = []
        let counts = journal.counts
        if counts.read != input.rows.count { violations.append("records_read \(counts.read) for \(input.rows.count) rows") }
        if !counts.isBalanced { violations.append("unbalanced counts \(counts)") }
        if journal.rejected.count != counts.rejected { violations.append("\(journal.rejected.count) rejected rows, \(counts.rejected) counted") }
        let redirectRows = journal.environmentChecks.filter { $0.findings.contains { $0.rawValue.hasPrefix("status_2100") } }.count
        if redirectRows != counts.redirected { violations.append("\(redirectRows) redirect rows, \(counts.redirected) counted") }
        violations += transactionViolations(input, result, reader: ResponseReader(bundleIDs: Set(input.settings.bundleIDs)))
        var outcome = Outcome(counts: counts)
        do {
            try AmountRange.check(journal)
        } catch {
            outcome.outOfRange = true
            if !violations.isEmpty { throw Violation(description: violations.joined(separator: "; ")) }
            return outcome
        }
        let options = input.options()
        let zone = try ZoneRules(identifier: options.timeZone)
        let data = ReportRun.reportData(options: options, sourceLabel: "fuzz", result: result, zone: zone,
                                        orders: input.orderList, ordersLabel: input.orders == nil ? nil : "fuzz orders")
        violations += moneyViolations(data)
        let tableList = ReportRun.tables(data)
        let tables = Dictionary(uniqueKeysWithValues: tableList.map { ($0.name, $0.table) })
        for file in try ReportRun.renderFiles(data, templates: templates) {
            outcome.outputBytes += file.bytes.count
            if let table = tables[file.name] {
                violations += csvViolations(file.name, file.bytes, table)
            } else if file.name == ReportWorkbook.name {
                violations += workbookViolations(file.bytes, tableList)
            } else {
                violations += htmlViolations(file.name, file.bytes)
            }
        }
        if let rejected = tables[RejectedFile.name], rejected.rowCount != counts.rejected {
            violations.append("rejected.csv has \(rejected.rowCount) rows for \(counts.rejected) rejected records")
        }
        if !violations.isEmpty { throw Violation(description: violations.prefix(5).joined(separator: "; ")) }
        return outcome
    }

    // MARK: - Transactions

    /// Nothing is lost between the records and the journal: every transaction of every accepted
    /// record is booked, or named by a `bad_timestamp` anomaly when no copy has a readable
    /// purchase date (SPEC §2, §8).
    static func transactionViolations(_ input: FuzzCase, _ result: JournalPipeline.Result, reader: ResponseReader) -> [String] {
        let journal = result.journal
        // Records whose body was rejected (row checks reject records that never get processed).
        let rowReasons: Set<String> = ["bad_id", "bad_user_id", "bad_verified_at", "duplicate_id"]
        let rejectedIDs = Set(journal.rejected.filter { !rowReasons.contains($0.reason.code) }.map(\.recordID))
        let processed = Dictionary(result.index.entries.map { ($0.position, $0.id) }, uniquingKeysWith: { first, _ in first })
        let booked = Set(journal.transactions.map(\.key))
        let unbooked = Set(journal.anomalies.filter { $0.kind == AnomalyKind.badTimestamp && $0.detail.hasSuffix("not booked") }
            .compactMap { anomaly in anomaly.environment.map { TransactionKey($0, anomaly.transactionID) } })
        var found: [String] = []
        for (position, row) in input.rows.enumerated() {
            guard let id = processed[position], !rejectedIDs.contains(String(id)) else { continue }
            let parsed = reader.read(row.response.map { .bytes([UInt8]($0)) } ?? .null)
            guard case .accepted(let environment, _) = parsed.outcome else { continue }
            for copy in parsed.transactions.map(\.copy) {
                let key = TransactionKey(environment, copy.transactionID)
                if !booked.contains(key), !unbooked.contains(key) {
                    found.append("record \(id): transaction \(copy.transactionID.prefix(40).debugDescription) is neither booked nor named")
                }
            }
        }
        return found
    }

    // MARK: - Money

    /// Nothing is lost between the journal and the ledgers: for each environment and currency,
    /// the totals of the period, product and user ledgers are the sums over the booked
    /// transactions (SPEC §7 "Ledger columns").
    static func moneyViolations(_ data: ReportData) -> [String] {
        struct Key: Hashable { var environment: Environment; var currency: Currency }
        var expected: [Key: LedgerAmounts] = [:]
        for t in data.journal.transactions where t.status.booksSale {
            guard let currency = t.currency, let gross = t.gross, let proceeds = t.proceeds else { continue }
            let key = Key(environment: t.environment, currency: currency)
            expected[key, default: LedgerAmounts()] += LedgerAmounts(unitsSold: t.quantity, gross: gross.minorUnits, proceeds: proceeds.minorUnits)
            if t.status == .refunded, t.cancellation != nil {
                // SPEC §9: a REFUND_PRORATED below 100 % reverses its share of the money, half-even, and no units.
                if t.signed.revocationType == "REFUND_PRORATED", let share = Int64(t.signed.revocationPercentage), share < 100_000 {
                    let part = { (minor: Int64) in HalfEven.multiply(minor, byDigits: share, scale: 5) }
                    expected[key, default: LedgerAmounts()] += LedgerAmounts(unitsRefunded: 0, refund: part(gross.minorUnits),
                                                                             refundProceeds: part(proceeds.minorUnits))
                } else {
                    expected[key, default: LedgerAmounts()] += LedgerAmounts(unitsRefunded: t.quantity, refund: gross.minorUnits,
                                                                             refundProceeds: proceeds.minorUnits)
                }
            }
        }
        expected = expected.filter { !$0.value.isEmpty }
        var found: [String] = []
        for (name, ledger) in [("period", data.ledgers.byPeriod), ("product", data.ledgers.byProduct), ("user", data.ledgers.byUser),
                               ("storefront", data.ledgers.byStorefront)] {
            let totals = Dictionary(uniqueKeysWithValues: ledger.totals.map { (Key(environment: $0.environment, currency: $0.currency), $0.amounts) })
            if totals != expected { found.append("ledger by \(name): totals \(totals) differ from the transactions' \(expected)") }
        }
        return found
    }

    // MARK: - CSV

    static func csvViolations(_ name: String, _ bytes: [UInt8], _ table: CSVTable) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else { return ["\(name): not UTF-8"] }
        guard bytes.last == 0x0A else { return ["\(name): no final line feed"] }
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(of: text) } catch { return ["\(name): CSVReader fails at line \(error.line): \(error.message)"] }
        guard let header = rows.first, header.fields == table.header else { return ["\(name): header differs"] }
        guard rows.count - 1 == table.rowCount else { return ["\(name): \(rows.count - 1) rows read back, \(table.rowCount) written"] }
        var found: [String] = []
        for (index, row) in rows.dropFirst().enumerated() {
            guard row.fields.count == table.columnCount else {
                found.append("\(name) line \(row.line): \(row.fields.count) cells for \(table.columnCount) columns")
                continue
            }
            for (column, field) in row.fields.enumerated() {
                let cell = table[row: index, column: column]
                let expected: String
                switch cell {
                case .text(let value): expected = isFormulaStart(value) ? "'" + value : value
                case .number(let value):
                    expected = value
                    if !isPlainNumber(value) { found.append("\(name) line \(row.line): number cell \(value.debugDescription)") }
                case .empty: expected = ""
                }
                if !sameBytes(field, expected) {
                    found.append("\(name) line \(row.line) column \(table.header[column]): read back \(field.debugDescription), wrote \(expected.debugDescription)")
                }
                if isFormulaStart(field), !isPlainNumber(field) {
                    found.append("\(name) line \(row.line) column \(table.header[column]): unguarded \(field.prefix(20).debugDescription)")
                }
            }
        }
        return found
    }

    /// SPEC §7 read as a spreadsheet sees the cell (DECISIONS "Spreadsheet and page safety"):
    /// tab or CR first, or `= + - @` (or a full-width or small form) after any leading run of
    /// controls, spaces, separators, format and default-ignorable characters. Written apart from
    /// `CSVCell.needsGuard`, from the character classes themselves, to check it.
    static func isFormulaStart(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return false }
        if first == "\t" || first == "\r" { return true }
        let signs: Set<UInt32> = [0x3D, 0x2B, 0x2D, 0x40, 0xFF1D, 0xFF0B, 0xFF0D, 0xFF20, 0xFE66, 0xFE62, 0xFE63, 0xFE6B]
        let listed: [ClosedRange<UInt32>] = [0x00...0x20, 0x7F...0xA0, 0xAD...0xAD, 0x034F...0x034F, 0x1680...0x1680,
                                             0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000...0x3000,
                                             0xFE00...0xFE0F, 0xFEFF...0xFEFF]
        for scalar in scalars {
            if signs.contains(scalar.value) { return true }
            let category = scalar.properties.generalCategory
            let skipped = listed.contains { $0.contains(scalar.value) } || scalar.properties.isWhitespace
                || scalar.properties.isDefaultIgnorableCodePoint
                || [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator].contains(category)
            if !skipped { return false }
        }
        return false
    }

    /// `-12.34`, `120`, `0`, `true`, `false`: what number cells may hold.
    static func isPlainNumber(_ text: String) -> Bool {
        if text == "true" || text == "false" { return true }
        var copy = text
        return copy.withUTF8 { bytes in
            var i = bytes.first == UInt8(ascii: "-") ? 1 : 0
            var digits = 0, point = false, fraction = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "."), !point, digits > 0 {
                    point = true
                } else if bytes[i] &- 0x30 < 10 {
                    if point { fraction += 1 } else { digits += 1 }
                } else {
                    return false
                }
                i += 1
            }
            return digits > 0 && (!point || fraction > 0)
        }
    }

    /// Byte-for-byte equality (`==` on `String` compares canonically: `é` would equal `e` + U+0301).
    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in
                guard a.count == b.count else { return false }
                guard let x = a.baseAddress, let y = b.baseAddress else { return true }
                return memcmp(x, y, a.count) == 0
            }
        }
    }

    // MARK: - HTML

    /// Tags the templates and the SVG charts write; a value can only add text.
    static let allowedTags: Set<String> = {
        var tags: Set<String> = ["svg", "text", "rect", "line", "title", "g", "path", "circle", "tspan", "desc", "polyline"]
        let folder = HostileSupport.templatesPath
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { continue }
            tags.formUnion(tagNames(in: Array(text.utf8)))
        }
        return tags
    }()

    static func tagNames(in bytes: [UInt8]) -> Set<String> {
        var names: Set<String> = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") {
                var j = i + 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "/") { j += 1 }
                let start = j
                while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
                if j > start { names.insert(String(decoding: bytes[start..<j], as: UTF8.self).lowercased()) }
                i = j
            } else {
                i += 1
            }
        }
        return names
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }

    /// Checks a page in one pass over its bytes (the fuzz test runs it on every page).
    static func htmlViolations(_ name: String, _ bytes: [UInt8]) -> [String] {
        guard String(validating: bytes, as: UTF8.self) != nil else { return ["\(name): not UTF-8"] }
        var found: [String] = []
        bytes.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                let byte = p[i]
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                    found.append("\(name): control byte \(byte) at \(i)")
                    return
                }
                guard byte == UInt8(ascii: "<") else { i += 1; continue }
                // A tag: its name, then its attributes up to `>`.
                var j = i + 1
                if j < p.count, p[j] == UInt8(ascii: "/") { j += 1 }
                let nameStart = j
                while j < p.count, isNameByte(p[j]) { j += 1 }
                guard j > nameStart else { i += 1; continue }
                let tag = String(decoding: UnsafeBufferPointer(rebasing: p[nameStart..<j]), as: UTF8.self).lowercased()
                if !allowedTags.contains(tag) { found.append("\(name): tag <\(tag)> written from data") }
                var k = j
                while k < p.count, p[k] != UInt8(ascii: ">") {
                    let lower = p[k] | 0x20
                    if p[k] <= 0x20 || p[k] == UInt8(ascii: "/") {
                        // ` on…=`: an event handler attribute.
                        var m = k + 1
                        if m + 1 < p.count, p[m] | 0x20 == UInt8(ascii: "o"), p[m + 1] | 0x20 == UInt8(ascii: "n") {
                            m += 2
                            let letters = m
                            while m < p.count, p[m] | 0x20 >= UInt8(ascii: "a"), p[m] | 0x20 <= UInt8(ascii: "z") { m += 1 }
                            while m < p.count, p[m] == 0x20 { m += 1 }
                            if m > letters, m < p.count, p[m] == UInt8(ascii: "=") { found.append("\(name): event handler in <\(tag)>") }
                        }
                    } else if lower == UInt8(ascii: "j"), k + 11 <= p.count,
                              String(decoding: UnsafeBufferPointer(rebasing: p[k..<(k + 11)]), as: UTF8.self).lowercased() == "javascript:" {
                        found.append("\(name): javascript: URL in <\(tag)>")
                    }
                    k += 1
                }
                if tag == "script", k + 6 < p.count, p[k + 1] == UInt8(ascii: "a"), p[k + 2] == UInt8(ascii: "l") {
                    found.append("\(name): <script>alert reached the page")
                }
                i = k
            }
        }
        return found
    }
}
