import Foundation
import Testing
@testable import ReceiptLedger

/// The built binary prints a usage error as exactly one line on stderr, nothing on stdout, and
/// exits with 64 (ISSUE "hostile input", part 6, end to end).
@Suite struct BinaryUsageTests {
    @Test(arguments: [
        (["run", "--ndjson", "/nonexistent/records.ndjson"], "receipt-ledger: input /nonexistent/records.ndjson does not exist\n"),
        (["run", "--db", "x.sqlite", "--frobnicate"], "receipt-ledger: run: unknown option --frobnicate (see receipt-ledger run --help)\n"),
        (["run", "--ndjson", "x\ny.ndjson"], "receipt-ledger: input x\\ny.ndjson does not exist\n"),
        (["run", "--ndjson", "x.ndjson", "--tz", "Mars/Olympus"],
         "receipt-ledger: run: --tz \"Mars/Olympus\" is not a known time zone (e.g. UTC, America/Los_Angeles)\n"),
    ])
    func usageErrorIsOneLineOnStderr(arguments: [String], stderr: String) throws {
        let errors = Pipe(), output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try InterruptedRunTests.binary())
        process.arguments = arguments
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(text == stderr)
        #expect(printed.isEmpty)
    }
}
