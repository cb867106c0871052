/// `anomalies.csv`: every finding, sorted by (kind, record_id, environment, transaction_id,
/// user_id), then detail (SPEC §7, §8).
enum AnomaliesFile {
    static let name = "anomalies.csv"
    static let columns: [ReportColumn] = [
        .text("kind"), .text("record_id"), .text("environment"), .text("transaction_id"), .text("user_id"), .text("detail"),
    ]
    static let header = columns.map(\.name)

    static func csv(_ anomalies: [Anomaly]) -> ReportCSV { .table(table(anomalies), columns: columns) }

    static func table(_ anomalies: [Anomaly]) -> CSVTable {
        var table = CSVTable(header: header)
        for a in anomalies {
            table.append([.text(a.kind.rawValue), .number(String(a.recordID)), .text(a.environment?.rawValue ?? ""),
                          .text(a.transactionID), .text(a.user), .text(a.detail)])
        }
        return table.sorted(keyColumns: 5, numericKeyColumns: [1])
    }
}
