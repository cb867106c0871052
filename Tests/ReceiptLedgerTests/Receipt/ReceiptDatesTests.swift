import Testing
@testable import ReceiptLedger

/// The byte-level scan of receipt-level dates (`ReceiptDateFields`) finds what the `String`
/// reading finds; an escaped key forces the `String` reading for the same receipt.
@Suite struct ReceiptDatesTests {
    static let forms: [(suffix: String, values: [String])] = [
        ("_ms", ["\"1574919499000\"", "1574919499000", "\"x\"", "null", "\"99999999999999999999\""]),
        ("", ["\"2019-11-28 05:38:19 Etc/GMT\"", "\"2019-11-28 05:38:21 Etc/GMT\"", "\"1574919499000\"", "\"soon\"", "true"]),
        ("_pst", ["\"2019-11-27 21:38:19 America/Los_Angeles\"", "\"2019-11-03 01:30:00 America/Los_Angeles\"",
                  "\"2019-03-10 02:30:00 America/Los_Angeles\"", "\"2019-11-27 21:38:19\""]),
        ("_formatted", ["\"2019-11-28 05:38:19 Etc/GMT\"", "\"bad\""]),
        ("_formatted_pst", ["\"2019-11-27 21:38:19 America/Los_Angeles\""]),
    ]
    /// With non-ASCII names among them: such a date field takes the `String` reading, while a
    /// non-ASCII key that names no field (`café`, added below) leaves the byte scan on.
    static let names = ["receipt_creation_date", "request_date", "original_purchase_date", "expiration_date",
                        "preorder_date", "other_date", "a_date", "zz_date_ms_date", "\u{E9}t\u{E9}_date", "e\u{301}_date"]

    static func anomalies(_ receipt: String) throws -> [String] {
        let root = try JSONDocument(text: receipt).root
        return ReceiptDates.anomalies(in: root).map { "\($0.kind)|\($0.field)|\($0.detail)" }
    }

    @Test func byteScanAgreesWithTheStringReading() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            var members = ["\"bundle_id\": \"com.example.app\"", "\"in_app\": []"]
            for name in Self.names where Bool.random(using: &generator) {
                for (suffix, values) in Self.forms where Int.random(in: 0..<3, using: &generator) > 0 {
                    members.append("\"\(name)\(suffix)\": \(values.randomElement(using: &generator) ?? "null")")
                }
            }
            if Bool.random(using: &generator) { members.append("\"odd_date_pst_ms\": \"1\"") }
            if Bool.random(using: &generator) { members.append("\"caf\u{E9}\": \"2019-11-28 05:38:19 Etc/GMT\"") }
            members.shuffle(using: &generator)
            let receipt = "{" + members.joined(separator: ", ") + "}"
            let forced = "{\"b\\u0075ndle\": 1, " + members.joined(separator: ", ") + "}"
            #expect(try Self.anomalies(receipt) == Self.anomalies(forced), "\(receipt)")
        }
    }
}
