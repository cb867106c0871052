import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerCommands

/// Issue 25: `--strict` also fails on unpriced production sales; `--max-rejected-share` sets
/// how many rejected records are too many, with or without `--strict`.
@Suite struct StrictVerdictTests {
    static func failures(read: Int, rejected: Int, unpriced: Int = 0, strict: Bool, share: String? = nil) throws -> [String] {
        var options = RunOptions(input: .ndjson(path: "x"))
        options.strict = strict
        options.maxRejectedShare = try share.map { try #require(StrictVerdict.share($0)) }
        let counts = RecordCounts(read: read, accepted: read - rejected, redirected: 0, rejected: rejected)
        return StrictVerdict.failures(counts: counts, unpricedTransactions: unpriced, options: options)
    }

    @Test func strictFailsOnAnyRejectedRecordAndOnUnpricedSales() throws {
        #expect(try Self.failures(read: 10, rejected: 1, strict: true) == ["1 record rejected"])
        #expect(try Self.failures(read: 10, rejected: 0, unpriced: 135, strict: true) == ["135 production transactions unpriced"])
        #expect(try Self.failures(read: 10, rejected: 2, unpriced: 1, strict: true) == ["2 records rejected", "1 production transaction unpriced"])
        #expect(try Self.failures(read: 10, rejected: 9, unpriced: 135, strict: false).isEmpty)
        #expect(StrictVerdict.line(["2 records rejected"]) == "failing (exit 65, reports written): 2 records rejected")
    }

    @Test func maxRejectedShareIsAnExactBound() throws {
        #expect(try Self.failures(read: 2, rejected: 1, strict: false, share: "0.5").isEmpty)
        #expect(try Self.failures(read: 3, rejected: 2, strict: false, share: "0.5")
                == ["2 records rejected of 3, more than --max-rejected-share 0.5"])
        #expect(try Self.failures(read: 10_000, rejected: 6, strict: true, share: "0.0005")
                == ["6 records rejected of 10,000, more than --max-rejected-share 0.0005"])
        // With --strict, the share replaces "any record": 1 of 100 is within 0.05.
        #expect(try Self.failures(read: 100, rejected: 1, unpriced: 0, strict: true, share: "0.05").isEmpty)
        #expect(try Self.failures(read: 100, rejected: 0, strict: false, share: "0").isEmpty)
        #expect(try Self.failures(read: 100, rejected: 1, strict: false, share: "0") == ["1 record rejected of 100, more than --max-rejected-share 0"])
    }

    @Test func maxRejectedShareTakesAShareFromZeroToOne() {
        #expect(StrictVerdict.share("1") != nil && StrictVerdict.share("1.0000") != nil && StrictVerdict.share("0") != nil)
        for bad in ["1.01", "-0.1", "0,5", "50%", "0.00001", "", "abc", "2"] {
            #expect(StrictVerdict.share(bad) == nil, "\(bad)")
            #expect(throws: UsageError.self) { try RunCommand.parse(["--ndjson", "x", "--max-rejected-share", bad]) }
        }
        #expect(CommandLineTool.outcome(["run", "--ndjson", "x", "--max-rejected-share", "0,5"])
                == (64, "run: --max-rejected-share takes a share from 0 to 1 (e.g. 0.05), not \"0,5\""))
    }
}
