@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// `receipt-ledger` run in this process, for the end-to-end and page tests.
///
/// The staging folders of a run are registered process-wide, and
/// `AtomicReportFolderTests.discardAllActiveRemovesStagingFoldersForASignalHandler` empties that
/// registry, removing the staging folder of any run that overlaps it: that run then fails with
/// exit 1 ("cannot write the report"). Until that test discards only its own folders (a fix is
/// under way on the hostile-input branch), a run that fails that way is repeated, twice at most;
/// a real failure fails every time.
enum InProcessRun {
    static let attempts = 3

    /// `CommandLineTool.run`, repeated on exit 1.
    static func commandLine(_ arguments: [String]) -> Int32 {
        var status = CommandLineTool.run(arguments)
        for _ in 1..<attempts where status == ExitCode.fatal { status = CommandLineTool.run(arguments) }
        return status
    }

    /// `ReportRun.execute` with parsed `run` arguments, repeated on a `FatalError`.
    static func execute(_ arguments: [String]) throws -> ReportRun.Summary {
        var attempt = 1
        while true {
            do {
                return try ReportRun(options: try RunCommand.parse(arguments)).execute()
            } catch is FatalError where attempt < attempts {
                attempt += 1
            }
        }
    }
}
