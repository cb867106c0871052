import Testing
@testable import ReceiptLedger

/// Issue 25: a run that rejects most of its input says so and names the likely cause.
@Suite struct RejectionNoteTests {
    static func records(_ reasons: [(RejectionReason, String, Int)]) -> [RejectedRecord] {
        reasons.flatMap { reason, detail, count in
            (0..<count).map { _ in RejectedRecord(recordID: "1", user: "u", reason: reason, detail: detail) }
        }
    }

    static func warning(read: Int, _ rejected: [RejectedRecord], input: RunOptions.Input = .ndjson(path: "in.ndjson"),
                        bundleIDs: [String] = [], header: [UInt8] = []) -> String? {
        var options = RunOptions(input: input)
        options.bundleIDs = bundleIDs
        let counts = RecordCounts(read: read, accepted: read - rejected.count, redirected: 0, rejected: rejected.count)
        return RejectionNote.warning(counts: counts, rejected: rejected, options: options, inputHeader: header)?.line
    }

    @Test func anSQLiteFileGivenAsNDJSONIsNamed() {
        let header = Array("SQLite format 3".utf8) + [0]
        #expect(Self.warning(read: 1_185, Self.records([(.invalidJSON, "line 1", 1_185)]), input: .ndjson(path: "receipts.sqlite"), header: header)
                == "warning: 1,185 of 1,185 records read were rejected (100.0 %): receipts.sqlite looks like an SQLite database: use --db receipts.sqlite")
        #expect(Self.warning(read: 10, Self.records([(.invalidJSON, "line 1", 9)]))
                == "warning: 9 of 10 records read were rejected (90.0 %): 9 are invalid_json: is in.ndjson an NDJSON file (one JSON object a line)?")
    }

    @Test func aWrongBundleIDNamesTheTopFiveBundleIDsSeen() {
        let bundles = [("com.a", 40), ("com.b", 3), ("com.c", 3), ("com.d", 2), ("com.e", 1), ("com.f", 1), ("com.g", 1)]
        let rejected = Self.records(bundles.map { (.foreignBundle, ResponseReader.foreignBundleDetail($0.0), $0.1) })
        #expect(Self.warning(read: 60, rejected, bundleIDs: ["com.wrong"])
                == "warning: 51 of 60 records read were rejected (85.0 %): 51 are foreign_bundle, receipts of other apps than --bundle-id com.wrong; bundle ids seen: com.a (40), com.b (3), com.c (3), com.d (2), com.e (1) and 2 more")
    }

    @Test func oneStatusForMostRecordsIsNamedWithItsMeaning() {
        #expect(Self.warning(read: 4, Self.records([(.status(21004), "shared secret mismatch", 3)]))
                == "warning: 3 of 4 records read were rejected (75.0 %): 3 are status_21004: Apple answered 21004, shared secret mismatch")
        #expect(Self.warning(read: 3, Self.records([(.status(21005), "receipt server unavailable", 2)]))
                == "warning: 2 of 3 records read were rejected (66.7 %): 2 are status_21005: Apple answered 21005, receipt server unavailable; Apple asks to retry these: verify the receipts again")
    }

    @Test func withoutAMajorityReasonTheTopThreeAreListed() {
        let rejected = Self.records([(.emptyResponse, "", 2), (.missingStatus, "", 2), (.invalidJSON, "", 1), (.badStatus, "", 1)])
        #expect(Self.warning(read: 7, rejected)
                == "warning: 6 of 7 records read were rejected (85.7 %): no one reason stands out: empty_response (2), missing_status (2), bad_status (1); see rejected.csv")
    }

    @Test func halfRejectedOrLessIsNoWarning() {
        #expect(Self.warning(read: 4, Self.records([(.invalidJSON, "", 2)])) == nil)
        #expect(Self.warning(read: 5, Self.records([(.invalidJSON, "", 3)])) != nil)
    }

    @Test func theForeignBundleDetailRoundTrips() {
        #expect(ResponseReader.foreignBundle(inDetail: ResponseReader.foreignBundleDetail("com.x y")) == "com.x y")
        #expect(ResponseReader.foreignBundle(inDetail: "something else") == nil)
    }
}
