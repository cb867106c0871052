/// `apple_reconciliation.csv`: units per (report, period, product id) against Apple's reports
/// (SPEC §10); written only when Apple report files were given.
enum AppleReconciliationFile {
    static let name = "apple_reconciliation.csv"
    static let columns: [ReportColumn] = [
        .text("report"), .text("period"), .text("product_id"), .integer("apple_units"), .integer("our_units"),
        .integer("unit_difference"), .text("finding"), .text("transactions"),
    ]
    static let header = columns.map(\.name)

    static func csv(_ reconciliation: AppleReconciliation) -> ReportCSV { .table(table(reconciliation), columns: columns) }

    static func table(_ reconciliation: AppleReconciliation) -> CSVTable {
        var table = CSVTable(header: header)
        for row in reconciliation.units {
            table.append([
                .text(row.report.rawValue), .text(row.span.label), .text(row.productID),
                .integer(row.appleUnits), .integer(row.ourUnits), .integer(row.difference),
                .text(row.finding.rawValue), .text(row.transactions.joined(separator: ";")),
            ])
        }
        return table.sorted(keyColumns: 3)
    }
}

/// `apple_amounts.csv`: money per (report, period, product id, currency) against Apple's reports
/// (SPEC §10). An Apple side with no proceeds in the currency writes them (and their
/// difference) empty.
enum AppleAmountsFile {
    static let name = "apple_amounts.csv"
    static let columns: [ReportColumn] = [
        .text("report"), .text("period"), .text("product_id"), .text("currency"), .amount("apple_customer_amount"),
        .amount("our_gross"), .amount("gross_difference"), .amount("apple_proceeds"), .amount("our_proceeds"),
        .amount("proceeds_difference"), .text("finding"),
    ]
    static let header = columns.map(\.name)

    static func csv(_ reconciliation: AppleReconciliation) -> ReportCSV { .table(table(reconciliation), columns: columns) }

    static func table(_ reconciliation: AppleReconciliation) -> CSVTable {
        var table = CSVTable(header: header)
        for row in reconciliation.amounts {
            table.append([
                .text(row.report.rawValue), .text(row.span.label), .text(row.productID), .text(row.currency.code),
                .amount(row.appleCustomerAmount), .amount(row.ourGross), .amount(row.grossDifference),
                row.appleProceeds.map { .amount($0) } ?? .empty, .amount(row.ourProceeds),
                row.proceedsDifference.map { .amount($0) } ?? .empty, .text(row.finding.rawValue),
            ])
        }
        return table.sorted(keyColumns: 4)
    }
}
