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
    /// The field names back to back: the known names first (kept from receipt to receipt), then
    /// the others this receipt has.
    private var names: [UInt8] = Self.knownNameBytes.flatMap { $0 }
    /// The forms found for each of `knownNames` (scratch of `scan`).
    private var knownForms = [TimestampKeyPositions](repeating: Self.noForms, count: Self.knownNames.count)

    /// The receipt dates Apple sends, in name order, each of a length of its own: a key's form
    /// is found by its suffix, and then a known name by its length and one comparison.
    private static let knownNames = ["expiration_date", "original_purchase_date", "preorder_date", "receipt_creation_date", "request_date"]
    private static let knownNameBytes = knownNames.map { Array($0.utf8) }
    /// Where each known name is in `names`.
    private static let knownNameRanges = knownNameBytes.indices.map { known in
        let start = knownNameBytes[..<known].reduce(0) { $0 + $1.count }
        return start..<(start + knownNameBytes[known].count)
    }
    private static let knownNamesByteCount = knownNameBytes.reduce(0) { $0 + $1.count }
    private static let noForms = TimestampKeyPositions(ms: -1, text: -1, formatted: -1, pst: -1, formattedPST: -1)

    /// Finds the date fields of the receipt at tape index `receipt`, forgetting the last
    /// receipt's; false when a key is not plain ASCII.
    mutating func scan(_ view: JSONView, _ receipt: Int) -> Bool {
        fields.removeAll(keepingCapacity: true)
        if names.count > Self.knownNamesByteCount { names.removeSubrange(Self.knownNamesByteCount...) }
        for known in knownForms.indices { knownForms[known] = Self.noForms }
        let object = view.entries[receipt]
        guard object.kind == .object else { return true }
        let knownNameBytes = Self.knownNameBytes
        var member = receipt + 1
        while member < Int(object.next) {
            let key = view.entries[member]
            guard !key.flags.contains(.hasEscapes) else { return false }  // rare: the `String` path decodes it
            let bytes = UnsafeBufferPointer(rebasing: view.bytes[(Int(key.start) + 1)..<(Int(key.end) - 1)])
            if let (nameLength, form) = Self.form(of: bytes) {
                let name = UnsafeBufferPointer(rebasing: bytes[..<nameLength])
                if let known = Self.knownIndex(ofLength: nameLength),
                   knownNameBytes[known].withUnsafeBufferPointer({ ByteRuns.equal($0, name) }) {
                    knownForms[known][form] = member + 1
                } else {
                    // Only a date field's name is ordered, so only its bytes need to be ASCII;
                    // any other key (the known ones are ASCII) cannot name a field.
                    guard bytes.isASCII else { return false }  // rare: the `String` path orders it
                    add(name, form: form, value: member + 1)
                }
            }
            member = JSONValue.indexAfter(member + 1, in: view.entries)
        }
        let otherFields = fields.count
        for (known, forms) in knownForms.enumerated() where forms != Self.noForms {
            fields.append(Field(name: Self.knownNameRanges[known], forms: forms))
        }
        // The known fields come in name order; only other fields need a sort.
        if otherFields > 0 {
            let allNames = names
            fields.sort { allNames[$0.name].lexicographicallyPrecedes(allNames[$1.name]) }
        }
        return true
    }

    private mutating func add(_ name: UnsafeBufferPointer<UInt8>, form: Int, value: Int) {
        for index in fields.indices where names.withUnsafeBufferPointer({ ByteRuns.equal(UnsafeBufferPointer(rebasing: $0[fields[index].name]), name) }) {
            fields[index].forms[form] = value
            return
        }
        var field = Field(name: names.count..<(names.count + name.count))
        names.append(contentsOf: name)
        field.forms[form] = value
        fields.append(field)
    }

    func name(of field: Field) -> String { String(decoding: names[field.name], as: UTF8.self) }

    /// The position in `knownNames` of the known name of `length` bytes, if there is one.
    private static func knownIndex(ofLength length: Int) -> Int? {
        switch length {
        case 15: 0  // expiration_date
        case 22: 1  // original_purchase_date
        case 13: 2  // preorder_date
        case 21: 3  // receipt_creation_date
        case 12: 4  // request_date
        default: nil
        }
    }

    /// The length of the field name and the form that a key is, if any. The last byte tells
    /// which suffixes can end the key (most keys end in none of them).
    @inline(__always)
    private static func form(of key: UnsafeBufferPointer<UInt8>) -> (nameLength: Int, form: Int)? {
        switch key.last {
        case UInt8(ascii: "e"): match(key, form: 1)  // `X`, which ends in `_date`
        case UInt8(ascii: "s"): match(key, form: 0)  // `_ms`
        case UInt8(ascii: "d"): match(key, form: 2)  // `_formatted`
        case UInt8(ascii: "t"): match(key, form: 3) ?? match(key, form: 4)  // `_pst`, `_formatted_pst`
        default: nil
        }
    }

    /// The length of the field name when `key` is the key of `form` of a field (a name ending
    /// in `_date`, then the form's suffix).
    @inline(__always)
    private static func match(_ key: UnsafeBufferPointer<UInt8>, form: Int) -> (nameLength: Int, form: Int)? {
        let suffix = suffix(ofForm: form)
        let nameLength = key.count - suffix.utf8CodeUnitCount
        guard nameLength >= 0, ends(key, at: key.count, with: suffix), ends(key, at: nameLength, with: "_date") else { return nil }
        return (nameLength, form)
    }

    /// What follows the field name in each form's key, in `TimestampForms` order.
    @inline(__always)
    private static func suffix(ofForm form: Int) -> StaticString {
        switch form {
        case 0: "_ms"
        case 1: ""
        case 2: "_formatted"
        case 3: "_pst"
        default: "_formatted_pst"
        }
    }

    /// Whether `key[..<end]` (`end` at most `key.count`) ends in `suffix`.
    @inline(__always)
    private static func ends(_ key: UnsafeBufferPointer<UInt8>, at end: Int, with suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard end >= count, end <= key.count, let base = key.baseAddress else { return count == 0 }
        let start = base + (end - count)
        for offset in 0..<count where start[offset] != suffix.utf8Start[offset] { return false }
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
        var kind: AnomalyKind
        var detail: String
    }

    /// `bad_timestamp` for a present but unreadable field (never for
    /// `original_purchase_date`), `timestamp_mismatch`, `ambiguous_pst`, `invalid_pst`.
    static func kinds(of reading: TimestampFieldReading, field: String) -> [Finding] {
        var found: [Finding] = []
        if reading.isPresent, reading.instant == nil, field != "original_purchase_date" {
            found.append(Finding(kind: .badTimestamp, detail: "\(field): cannot be read"))
        }
        if reading.mismatch {
            found.append(Finding(kind: .timestampMismatch, detail: "\(field): forms disagree by a second or more"))
        }
        if reading.ambiguousPST {
            found.append(Finding(kind: .ambiguousPST, detail: "\(field): the _pst form falls in the repeated hour; the earlier instant is used"))
        }
        if reading.invalidPST {
            found.append(Finding(kind: .invalidPST, detail: "\(field): the _pst form is a wall time skipped by daylight saving"))
        }
        return found
    }
}
