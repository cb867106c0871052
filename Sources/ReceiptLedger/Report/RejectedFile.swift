/// `rejected.csv`: every record that was not booked, with its reason (SPEC §7, §8).
enum RejectedFile {
    static let name = "rejected.csv"
    static let columns: [ReportColumn] = [.text("record_id"), .text("user_id"), .text("reason"), .text("detail")]
    static let header = columns.map(\.name)

    static func csv(_ rejected: [RejectedRecord]) -> ReportCSV { .table(table(rejected), columns: columns) }

    static func table(_ rejected: [RejectedRecord]) -> CSVTable {
        var table = CSVTable(header: header)
        for r in rejected {
            table.append([r.recordID.isEmpty ? .empty : .number(r.recordID), .text(r.user), .text(r.reason.code), .text(r.detail)])
        }
        return table.sorted(keyColumns: 1, numericKeyColumns: [0])
    }
}
