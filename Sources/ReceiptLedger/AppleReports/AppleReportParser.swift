/// Reads the lines of one report file of a known kind (SPEC §10), one at a time: the header
/// finds the columns by name, each row is used or counted as ignored with its reason, and a
/// financial report's rows end at its trailer (`Total_…`) or summary block (`Country Of Sale`).
///
/// A file that is not tab-separated or lacks a required column throws `AppleReportError`; a
/// damaged row never does.
struct AppleReportParser {
    let kind: AppleReportKind
    /// The file's index in `AppleReportSet.files`, written into each row.
    let fileIndex: Int
    private(set) var file: AppleReportFile
    private(set) var rows: [AppleReportRow] = []
    private var columns: [AppleReportColumn: Int]?
    private var rowsEnded = false
    /// Σ Extended Partner Share of every row by currency, for the trailer's `Total_Amount`.
    private var shareTotals: [Currency: Int64] = [:]

    init(file: AppleReportFile, fileIndex: Int) {
        self.kind = file.kind
        self.fileIndex = fileIndex
        self.file = file
    }

    mutating func consume(_ bytes: [UInt8], lineNumber: Int) throws(AppleReportError) {
        let line = AppleReportLine(bytes)
        guard let columns else {
            if line.isBlank { return }
            columns = try Self.header(line, kind: kind, file: file.path, lineNumber: lineNumber)
            return
        }
        if line.isBlank { return }
        if kind == .financial, rowsEnded || line.cell(0, startsWith: "Total_") || Self.isSummaryHeader(line) {
            rowsEnded = true
            if line.cell(0, startsWith: "Total_") { file.trailer[line.text(0)] = line.text(1) }
            return
        }
        row(line, columns: columns, lineNumber: lineNumber)
    }

    /// The file's summary once every line is in: the trailer compared with the rows.
    mutating func finish() throws(AppleReportError) -> (file: AppleReportFile, rows: [AppleReportRow]) {
        guard columns != nil else { throw AppleReportError(file: file.path, line: 1, "empty: no \(kind.title) header") }
        checkTrailer()
        return (file, rows)
    }

    private static func isSummaryHeader(_ line: AppleReportLine) -> Bool {
        line.text(0).lowercased() == "country of sale"
    }

    // MARK: Header

    static func header(_ line: AppleReportLine, kind: AppleReportKind, file: String, lineNumber: Int) throws(AppleReportError) -> [AppleReportColumn: Int] {
        guard line.hasTab else {
            throw AppleReportError(file: file, line: lineNumber, "not tab-separated: a \(kind.title) starts with a header line of tab-separated column names")
        }
        var names = (0..<line.cells.count).map { line.text($0).lowercased() }
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        let columns = columns(names)
        let missing = kind.requiredColumns.filter { columns[$0] == nil }
        guard missing.isEmpty else {
            var message = "not a \(kind.title): no column " + missing.map { "'\($0.names[0])'" }.joined(separator: ", ")
            for other in AppleReportKind.allCases where other != kind && other.requiredColumns.allSatisfy({ columns[$0] != nil }) {
                message += " (it looks like a \(other.title): give it with \(other.option))"
            }
            throw AppleReportError(file: file, line: lineNumber, message)
        }
        return columns
    }

    /// Each known column's index: the first cell matching one of its names, trimmed, any case.
    static func columns(_ lowercasedNames: [String]) -> [AppleReportColumn: Int] {
        var found: [AppleReportColumn: Int] = [:]
        for column in AppleReportColumn.allCases {
            let wanted = Set(column.names.map { $0.lowercased() })
            if let index = lowercasedNames.firstIndex(where: { wanted.contains($0) }) { found[column] = index }
        }
        return found
    }

    // MARK: Rows

    private mutating func ignore(_ reason: AppleIgnoredRow) {
        file.ignored[reason.code, default: 0] += 1
    }

    private mutating func row(_ line: AppleReportLine, columns: [AppleReportColumn: Int], lineNumber: Int) {
        file.rowsRead += 1
        let first = AppleReportValues.day(line.text(columns[kind == .sales ? .beginDate : .startDate]))
        let last = AppleReportValues.day(line.text(columns[.endDate]))
        guard let first, let last, last >= first else { return ignore(.badDate) }
        let span = kind == .sales ? AppleSpan.days(first, last) : AppleSpan.fiscalMonth(containing: first)
        file.spans.insert(span)
        let units = AppleReportValues.units(line.text(columns[kind == .sales ? .units : .quantity]))
        if let units {
            file.netUnits += units
            if units > 0 { file.positiveUnits += units }
        }
        let share = kind == .financial ? amount(line, columns[.extendedPartnerShare], currency: columns[.partnerShareCurrency], times: 1) : nil
        if let share { shareTotals[share.currency] = AppleReportValues.sum(shareTotals[share.currency] ?? 0, share.minorUnits) }

        let type = line.text(columns[.productType])
        guard AppleReportValues.isPurchase(productType: type) else { return ignore(.productType(type)) }
        guard let units else { return ignore(.badUnits) }
        let product = line.text(columns[kind == .sales ? .sku : .vendorIdentifier])
        guard !product.isEmpty else { return ignore(.noProductID) }

        let price = DecimalText(line.text(columns[.customerPrice]))
        let isPartialRefund = units == 0 && (price?.digits ?? 0) < 0
        let customerAmount: Money?
        if let price, let currency = AppleReportValues.currency(line.text(columns[.customerCurrency])) {
            customerAmount = isPartialRefund
                ? AppleReportValues.amount(price, times: 1, in: currency)
                : AppleReportValues.amount(DecimalText(digits: abs(price.digits), fractionDigits: price.fractionDigits), times: units, in: currency)
        } else {
            customerAmount = nil
        }
        let proceeds = kind == .financial
            ? share
            : amount(line, columns[.developerProceeds], currency: columns[.proceedsCurrency], times: isPartialRefund ? -1 : units)
        if customerAmount == nil { file.withoutAmounts["customer_price", default: 0] += 1 }
        if proceeds == nil { file.withoutAmounts["proceeds", default: 0] += 1 }

        file.rowsUsed += 1
        var row = AppleReportRow(kind: kind, span: span, productID: product, productType: type, units: units,
                                 customerAmount: customerAmount, proceeds: proceeds,
                                 country: line.text(columns[kind == .sales ? .countryCode : .countryOfSale]),
                                 file: fileIndex, line: lineNumber, isPartialRefund: isPartialRefund)
        if kind == .sales {
            row.subscription = line.text(columns[.subscription])
            row.subscriptionPeriod = line.text(columns[.period])
            row.proceedsReason = line.text(columns[.proceedsReason])
            row.orderType = line.text(columns[.orderType])
        } else {
            row.saleOrReturn = line.text(columns[.saleOrReturn])
        }
        rows.append(row)
    }

    private func amount(_ line: AppleReportLine, _ value: Int?, currency: Int?, times units: Int64) -> Money? {
        guard let decimal = DecimalText(line.text(value)), let code = AppleReportValues.currency(line.text(currency)) else { return nil }
        return AppleReportValues.amount(decimal, times: units, in: code)
    }

    // MARK: Trailer

    /// `Total_Rows` counts the rows, `Total_Units` their positive units (returns are not
    /// subtracted), `Total_Amount` the Σ Extended Partner Share of a one-currency file.
    private mutating func checkTrailer() {
        if let text = file.trailer["Total_Rows"] {
            if Int(text) != file.rowsRead { file.trailerDifferences.append("Total_Rows \(text), rows read \(file.rowsRead)") }
        }
        if let text = file.trailer["Total_Units"] {
            if Int64(text) != file.positiveUnits {
                file.trailerDifferences.append("Total_Units \(text), positive units read \(file.positiveUnits)")
            }
        }
        if let text = file.trailer["Total_Amount"], shareTotals.count == 1, let (currency, total) = shareTotals.first {
            let sum = Money(minorUnits: total, currency: currency)
            if let stated = DecimalText(text).flatMap({ AppleReportValues.amount($0, times: 1, in: currency) }), stated == sum {} else {
                file.trailerDifferences.append("Total_Amount \(text), Extended Partner Share read \(sum.formatted) \(currency.code)")
            }
        }
    }
}
