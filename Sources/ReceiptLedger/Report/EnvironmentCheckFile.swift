/// `environment_check.csv`: redirected records (21007/21008), claims that disagree with
/// Apple's answer, and environments inferred for lack of a field (SPEC §3, §8).
enum EnvironmentCheckFile {
    static let name = "environment_check.csv"
    static let columns: [ReportColumn] = [
        .text("record_id"), .text("user_id"), .instant("verified_at"), .text("claimed_environment"), .text("environment"),
        .text("status"), .text("finding"),
    ]
    static let header = columns.map(\.name)

    static func csv(_ checks: [EnvironmentCheck]) -> ReportCSV { .table(table(checks), columns: columns) }

    static func table(_ checks: [EnvironmentCheck]) -> CSVTable {
        var table = CSVTable(header: header)
        for c in checks {
            table.append([.number(String(c.recordID)), .text(c.user), .instant(c.verifiedAt), .text(c.claimedEnvironment),
                          .text(c.environmentText), c.status.map { .number(String($0)) } ?? .empty,
                          .text(c.findingText)])
        }
        return table.sorted(keyColumns: 1, numericKeyColumns: [0])
    }
}
