/// Receipt-level dates (`receipt_creation_date`, `request_date`, `original_purchase_date`, …):
/// they book nothing, but unreadable or inconsistent forms are findings (SPEC §8, once per
/// record and field).
enum ReceiptDates {
    /// Every field of the receipt whose name (less a `_ms`/`_pst`/`_formatted` suffix) ends in
    /// `_date`, in name order.
    static func fieldNames(in receipt: JSONValue) -> [String] {
        var names = Set<String>()
        for (key, _) in receipt.members {
            var base = Substring(key)
            for suffix in ["_ms", "_pst", "_formatted"] where base.hasSuffix(suffix) {
                base = base.dropLast(suffix.count)
            }
            if base.hasSuffix("_formatted") { base = base.dropLast("_formatted".count) }
            if base.hasSuffix("_date") { names.insert(String(base)) }
        }
        return names.sorted()
    }

    static func anomalies(in receipt: JSONValue) -> [ParsedRecord.RecordAnomaly] {
        var found: [ParsedRecord.RecordAnomaly] = []
        for name in fieldNames(in: receipt) {
            let reading = receipt.timestampForms(name).resolve()
            for kind in TimestampFindings.kinds(of: reading, field: name) {
                found.append(.init(kind: kind.kind, transactionID: "", detail: kind.detail, field: name))
            }
        }
        return found
    }
}

/// The anomaly kinds a date field's reading raises (SPEC §2, §8).
enum TimestampFindings {
    struct Finding: Equatable {
        var kind: String
        var detail: String
    }

    /// `bad_timestamp` for a present but unreadable field (never for
    /// `original_purchase_date`), `timestamp_mismatch`, `ambiguous_pst`, `invalid_pst`.
    static func kinds(of reading: TimestampFieldReading, field: String) -> [Finding] {
        var found: [Finding] = []
        if reading.isPresent, reading.instant == nil, field != "original_purchase_date" {
            found.append(Finding(kind: "bad_timestamp", detail: "\(field) cannot be read"))
        }
        if reading.mismatch {
            found.append(Finding(kind: "timestamp_mismatch", detail: "\(field) forms disagree by a second or more"))
        }
        if reading.ambiguousPST {
            found.append(Finding(kind: "ambiguous_pst", detail: "\(field)_pst falls in the repeated hour; the earlier instant is used"))
        }
        if reading.invalidPST {
            found.append(Finding(kind: "invalid_pst", detail: "\(field)_pst is a wall time skipped by daylight saving"))
        }
        return found
    }
}
