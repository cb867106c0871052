import Testing
@testable import ReceiptLedger

@Suite struct JSONFieldsTests {
    static let keys = JSONKeySet(["product_id", "purchase_date_ms", "expires_date_pst", "cancellation_date", "a/b", "é"])

    @Test func readsKnownKeysInOnePass() throws {
        let root = try JSONTestSupport.root(#"""
            {"purchase_date_ms": "1", "product_id": "p", "other": {"product_id": "nested"},
             "expires_date_pst": [1, 2], "a\/b": true, "\u00e9": null}
            """#)
        var fields = JSONFields(Self.keys)
        fields.read(root)
        #expect(fields[0]?.string == "p")
        #expect(fields[1]?.string == "1")
        #expect(fields[2]?.count == 2)
        #expect(fields[3] == nil)
        #expect(fields[4]?.bool == true)
        #expect(fields[5]?.isNull == true)
        #expect(fields["product_id"]?.string == "p")
        #expect(fields["not_in_the_set"] == nil)
    }

    @Test func lastDuplicateWinsAsWithSubscript() throws {
        let root = try JSONTestSupport.root(#"{"product_id": "first", "product_id": "second"}"#)
        var fields = JSONFields(Self.keys)
        fields.read(root)
        #expect(fields[0]?.string == "second")
        #expect(root["product_id"]?.string == "second")
    }

    @Test func readingAgainForgetsThePreviousObject() throws {
        var fields = JSONFields(Self.keys)
        let transactions = try JSONTestSupport.root(#"[{"product_id": "a", "cancellation_date": "x"}, {"product_id": "b"}, 7]"#)
        var seen: [String?] = []
        var cancelled: [Bool] = []
        transactions.forEachElement { transaction in
            fields.read(transaction)
            seen.append(fields[0]?.string)
            cancelled.append(fields[3] != nil)
        }
        #expect(seen == ["a", "b", nil])
        #expect(cancelled == [true, false, false])
    }

    @Test func matchesTheSubscriptOnARealAnswer() throws {
        let names = ["quantity", "product_id", "transaction_id", "original_transaction_id", "purchase_date",
                     "purchase_date_ms", "purchase_date_pst", "expires_date", "expires_date_ms", "cancellation_date",
                     "cancellation_reason", "is_trial_period", "in_app_ownership_type", "subscription_group_identifier"]
        var fields = JSONFields(JSONKeySet(names))
        let root = try JSONDocument(bytes: JSONTestSupport.fixture(JSONFixtureTests.imdhemy)).root
        var compared = 0
        for list in [root["receipt"]?["in_app"], root["latest_receipt_info"]] {
            list?.forEachElement { transaction in
                fields.read(transaction)
                for (position, name) in names.enumerated() {
                    #expect(fields[position]?.string == transaction[name]?.string)
                    compared += 1
                }
            }
        }
        #expect(compared == 43 * names.count)
    }

    @Test func keySetPositions() {
        #expect(Self.keys.count == 6)
        #expect(Self.keys.position(of: "expires_date_pst") == 2)
        #expect(Self.keys.position(of: "expires_date_ps") == nil)
        #expect(Self.keys.position(of: "a very long key that is longer than every known key") == nil)
        #expect(Self.keys.position(of: "é") == 5)
        #expect(JSONKeySet([]).position(of: "") == nil)
        #expect(JSONKeySet([""]).position(of: "") == 0)
    }

    /// `bytesEqual` compares short runs a word at a time: for every length up to 80 it must
    /// say what `elementsEqual` says, with one byte changed at each position in turn (the
    /// overlapping last word included) and for runs of different lengths.
    @Test func bytesEqualAgreesWithElementwiseComparison() {
        var compared = 0
        for length in 0...80 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length) }
            base.withUnsafeBufferPointer { a in
                let same = Array(a)
                same.withUnsafeBufferPointer { #expect(ByteRuns.equal(a, $0)) }
                for position in 0..<length {
                    var other = Array(a)
                    other[position] ^= 0x01
                    other.withUnsafeBufferPointer { b in
                        #expect(!ByteRuns.equal(a, b), "length \(length), byte \(position)")
                        compared += 1
                    }
                }
                let longer = Array(a) + [0]
                longer.withUnsafeBufferPointer { #expect(!ByteRuns.equal(a, $0)) }
            }
        }
        #expect(compared == (0...80).reduce(0, +))
    }
}
