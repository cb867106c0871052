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
        var scan = ReceiptDateFields()
        return receipt.document.withView { anomalies(in: $0, receipt: receipt.index, scan: &scan) }
    }

    /// The receipt-level findings of the receipt object at tape index `receipt`; `scan` is
    /// reused from record to record.
    static func anomalies(in view: JSONView, receipt: Int, scan: inout ReceiptDateFields) -> [ParsedRecord.RecordAnomaly] {
        var found: [ParsedRecord.RecordAnomaly] = []
        if scan.scan(view, receipt) {
            for field in scan.fields {
                let reading = view.timestamp(field.forms)
                guard reading.hasFindings else { continue }
                append(reading, field: scan.name(of: field), to: &found)
            }
            return found
        }
        // Rare (a non-ASCII or escaped key): the `String` path reads a copy of the document.
        let object = JSONValue(document: JSONDocument(copying: view), index: receipt)
        for name in fieldNames(in: object) {
            append(object.timestampForms(name).resolve(), field: name, to: &found)
        }
        return found
    }

    private static func append(_ reading: TimestampFieldReading, field: String, to found: inout [ParsedRecord.RecordAnomaly]) {
        for kind in TimestampFindings.kinds(of: reading, field: field) {
            found.append(.init(kind: kind.kind, transactionID: "", detail: kind.detail, field: field))
        }
    }
}

/// The receipt's date fields and their forms, found in one pass over its members: the fast
/// path of `ReceiptDates.anomalies`, which runs for every accepted record.
///
/// A member key `K` is the form `f` of the field `X` exactly when `K` is `X` + the suffix of
/// `f` (`_ms`, none, `_formatted`, `_pst`, `_formatted_pst`) and `X` ends in `_date`; the five
/// endings `_date_ms`, `_date`, … exclude one another, so each key is at most one form of one
/// field, and every such `X` is also what `fieldNames(in:)` derives from `K`. Fields named by
/// `fieldNames` without any form resolve to nothing and raise nothing, so skipping them
/// changes no finding. Field names are compared as ASCII bytes, whose order is `String`'s; a
/// receipt with an escaped key, or a date field whose name is not ASCII, takes the `String`
/// path instead (`scan` is false).
struct ReceiptDateFields {
    struct Field {
        /// The name's bytes in `names`.
        var name: Range<Int>
        /// Tape index of each form's value (last member wins, as with `JSONValue[key]`), or -1.
        var forms = TimestampKeyPositions(ms: -1, text: -1, formatted: -1, pst: -1, formattedPST: -1)
    }

    /// Sorted by name.
    private(set) var fields: [Field] = []
    /// The field names back to back.
    private var names: [UInt8] = []
    /// The forms found for each of `knownNames` (scratch of `scan`).
    private var knownForms = [TimestampKeyPositions](repeating: Self.noForms, count: Self.knownNames.count)

    /// The receipt dates Apple sends, in name order. Their 25 keys are looked up in one
    /// `JSONKeySet`, so most keys cost one length-bucketed comparison; any other key that is a
    /// date form is still found by its suffix.
    private static let knownNames = ["expiration_date", "original_purchase_date", "preorder_date", "receipt_creation_date", "request_date"]
    private static let knownNameBytes = knownNames.map { Array($0.utf8) }
    private static let knownKeys = JSONKeySet(knownNames.flatMap(TimestampKeyPositions.keys(of:)))
    private static let noForms = TimestampKeyPositions(ms: -1, text: -1, formatted: -1, pst: -1, formattedPST: -1)

    /// Finds the date fields of the receipt at tape index `receipt`, forgetting the last
    /// receipt's; false when a key is not plain ASCII.
    mutating func scan(_ view: JSONView, _ receipt: Int) -> Bool {
        fields.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        for known in knownForms.indices { knownForms[known] = Self.noForms }
        let object = view.entries[receipt]
        guard object.kind == .object else { return true }
        var member = receipt + 1
        while member < Int(object.next) {
            let key = view.entries[member]
            guard !key.flags.contains(.hasEscapes) else { return false }  // rare: the `String` path decodes it
            let bytes = UnsafeBufferPointer(rebasing: view.bytes[(Int(key.start) + 1)..<(Int(key.end) - 1)])
            if let position = Self.knownKeys.position(of: bytes) {
                // `keys(of:)` lists a name's five forms in order.
                knownForms[position / 5][position % 5] = member + 1
            } else if let (nameLength, form) = Self.form(of: bytes) {
                // Only a date field's name is ordered, so only its bytes need to be ASCII; any
                // other key (the known ones are ASCII) cannot name a field.
                guard bytes.isASCII else { return false }  // rare: the `String` path orders it
                add(UnsafeBufferPointer(rebasing: bytes[..<nameLength]), form: form, value: member + 1)
            }
            member = JSONValue.indexAfter(member + 1, in: view.entries)
        }
        // No other key can name a known field (it would be one of its five keys).
        let otherFields = fields.count
        let knownNameBytes = Self.knownNameBytes
        for (known, forms) in knownForms.enumerated() where forms != Self.noForms {
            let name = knownNameBytes[known]
            fields.append(Field(name: names.count..<(names.count + name.count), forms: forms))
            names.append(contentsOf: name)
        }
        // The known fields come in name order; only other fields need a sort.
        if otherFields > 0 {
            let allNames = names
            fields.sort { allNames[$0.name].lexicographicallyPrecedes(allNames[$1.name]) }
        }
        return true
    }

    private mutating func add(_ name: UnsafeBufferPointer<UInt8>, form: Int, value: Int) {
        for index in fields.indices where names.withUnsafeBufferPointer({ JSONValue.bytesEqual(UnsafeBufferPointer(rebasing: $0[fields[index].name]), name) }) {
            fields[index].forms[form] = value
            return
        }
        var field = Field(name: names.count..<(names.count + name.count))
        names.append(contentsOf: name)
        field.forms[form] = value
        fields.append(field)
    }

    func name(of field: Field) -> String { String(decoding: names[field.name], as: UTF8.self) }

    /// The length of the field name and the form that a key is, if any.
    private static func form(of key: UnsafeBufferPointer<UInt8>) -> (nameLength: Int, form: Int)? {
        // Every form's key ends in `e` (`_date`), `s`, `d` or `t`: most keys are rejected here.
        guard let last = key.last, last == UInt8(ascii: "e") || last == UInt8(ascii: "s")
                || last == UInt8(ascii: "d") || last == UInt8(ascii: "t") else { return nil }
        for form in 0..<5 {
            let suffix = suffix(ofForm: form)
            let nameLength = key.count - suffix.utf8CodeUnitCount
            if nameLength >= 0, ends(key[..<key.count], with: suffix), ends(key[..<nameLength], with: "_date") {
                return (nameLength, form)
            }
        }
        return nil
    }

    /// What follows the field name in each form's key, in `TimestampForms` order.
    private static func suffix(ofForm form: Int) -> StaticString {
        switch form {
        case 0: "_ms"
        case 1: ""
        case 2: "_formatted"
        case 3: "_pst"
        default: "_formatted_pst"
        }
    }

    private static func ends(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, with suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = bytes.endIndex - count
        for offset in 0..<count where bytes[start + offset] != suffix.utf8Start[offset] { return false }
        return true
    }
}

extension TimestampFieldReading {
    /// Whether `TimestampFindings.kinds` can find anything here (the cheap test before building
    /// any finding text).
    var hasFindings: Bool { isUnreadable || mismatch || ambiguousPST || invalidPST }
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
