@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// Damages verifyReceipt answers the way storage, transport and attackers do, deterministically
/// (xoshiro256** through `DemoRandom`, so a seed replays the same inputs on every machine).
///
/// Byte damage: bit flips, inserted and deleted bytes, duplicated runs, truncation, splices of
/// two answers. JSON-aware damage, at a random value or at a key the pipeline reads: type swaps
/// (string, number, bool, null, array, object), duplicated keys, deep nesting, numbers beyond
/// Int64 and out-of-range instants, huge strings and arrays, hostile text (formulas, markup,
/// NUL, lone surrogates, invalid UTF-8, bidi controls) and odd timestamp texts.
struct AnswerMutator {
    var random: DemoRandom

    init(seed: UInt64, stream: UInt64) {
        random = DemoRandom(seed: seed, stream: stream)
    }

    /// `bytes` after one to three mutations; `donors` are other answers for splices.
    mutating func mutate(_ bytes: [UInt8], donors: [[UInt8]]) -> [UInt8] {
        var result = bytes
        for _ in 0..<random.int(1...3) {
            result = random.chance(7_500) ? mutateStructure(result) : mutateBytes(result, donors: donors)
        }
        return result
    }

    // MARK: - Byte damage

    static let interestingBytes: [UInt8] = [
        0x00, 0xFF, 0xFE, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0xC3, 0x80, 0xBF, 0xED, 0xF4, 0xF5,
        0xC0, 0x0A, 0x0D, 0x09, 0x2D, 0x2B, 0x30, 0x39, 0x65, 0x2E, 0x3D, 0x40, 0x3C, 0x1B,
    ]

    mutating func mutateBytes(_ bytes: [UInt8], donors: [[UInt8]]) -> [UInt8] {
        var b = bytes
        switch random.int(0...7) {
        case 0:  // bit flips
            guard !b.isEmpty else { return [0x7B] }
            for _ in 0..<random.int(1...8) {
                let index = random.int(0...(b.count - 1))
                b[index] ^= UInt8(1) << UInt8(random.int(0...7))
            }
        case 1:  // inserted bytes
            let count = random.int(1...4)
            for _ in 0..<count {
                let byte = random.chance(7_000) ? pick(Self.interestingBytes) : UInt8(truncatingIfNeeded: random.next())
                b.insert(byte, at: random.int(0...b.count))
            }
        case 2:  // deleted run
            guard !b.isEmpty else { return b }
            let start = random.int(0...(b.count - 1))
            let end = min(b.count, start + random.int(1...32))
            b.removeSubrange(start..<end)
        case 3:  // truncation
            b = Array(b.prefix(random.int(0...b.count)))
        case 4:  // splice: a prefix of this answer, a suffix of another
            let donor = donors.isEmpty ? bytes : pick(donors)
            b = Array(b.prefix(random.int(0...b.count))) + Array(donor.suffix(random.int(0...donor.count)))
        case 5:  // duplicated run
            guard !b.isEmpty else { return b }
            let start = random.int(0...(b.count - 1))
            let run = b[start..<min(b.count, start + random.int(1...64))]
            b.insert(contentsOf: run, at: random.int(0...b.count))
        case 6:  // byte-order mark or garbage around the value
            if random.chance(5_000) { b = [0xEF, 0xBB, 0xBF] + b } else { b += Array(pick([" x", "}", ",", "\u{0}", " {}"]).utf8) }
        default:  // one byte replaced with an interesting one
            guard !b.isEmpty else { return b }
            b[random.int(0...(b.count - 1))] = pick(Self.interestingBytes)
        }
        return b
    }

    // MARK: - JSON-aware damage

    /// A value's place in the document: its byte range, and the key it is the value of.
    struct Slot {
        var start: Int
        var end: Int
        var key: String?
        var kind: JSONKind
    }

    /// The keys the pipeline reads; damage aimed at them reaches the rules, not only the parser.
    static let keys = [
        "status", "environment", "receipt", "in_app", "latest_receipt_info", "pending_renewal_info", "transaction_id",
        "original_transaction_id", "product_id", "quantity", "purchase_date_ms", "purchase_date", "purchase_date_pst",
        "original_purchase_date_ms", "expires_date_ms", "expires_date", "expires_date_formatted", "cancellation_date_ms",
        "cancellation_date", "cancellation_date_pst", "cancellation_reason", "is_trial_period", "is_in_intro_offer_period",
        "is_upgraded", "in_app_ownership_type", "receipt_type", "bundle_id", "auto_renew_status", "expiration_intent",
        "is_in_billing_retry_period", "receipt_creation_date_ms", "request_date", "original_purchase_date_pst",
    ]

    mutating func mutateStructure(_ bytes: [UInt8]) -> [UInt8] {
        guard let document = try? JSONDocument(bytes: bytes) else { return mutateBytes(bytes, donors: []) }
        let slots = Self.slots(of: document)
        guard !slots.isEmpty else { return bytes }
        var slot = pick(slots)
        if random.chance(6_000) {
            let key = pick(Self.keys)
            let matching = slots.filter { $0.key == key }
            if let found = pickIfAny(matching) {
                slot = found
            } else if let insertAt = pickIfAny(slots.filter { $0.kind == .object }).map({ $0.start + 1 }) {
                // The key is absent: add it to some object.
                let member = "\"\(key)\": \(replacement(for: key)), "
                return Array(bytes[..<insertAt]) + Array(member.utf8) + Array(bytes[insertAt...])
            }
        }
        switch random.int(0...9) {
        case 0, 1, 2, 3:
            return replace(bytes, slot, with: replacement(for: slot.key))
        case 4:  // duplicated key: the member again, with another value (the last one wins)
            guard let key = slot.key else { return replace(bytes, slot, with: typeSwap()) }
            let member = ", \"\(key)\": \(replacement(for: key))"
            return Array(bytes[..<slot.end]) + Array(member.utf8) + Array(bytes[slot.end...])
        case 5:  // deep nesting in place of the value
            return replace(bytes, slot, with: deepNesting())
        case 6:  // an array grown large, of numbers or of copies of one of its elements
            let element = slot.kind == .object ? String(decoding: bytes[slot.start..<slot.end], as: UTF8.self) : "1"
            let count = element == "1" ? random.int(1...50_000) : random.int(2...300)
            return replace(bytes, slot, with: "[" + Array(repeating: element, count: count).joined(separator: ",") + "]")
        case 7:  // the key renamed (the value is no longer where the reader looks)
            guard let key = slot.key else { return replace(bytes, slot, with: typeSwap()) }
            return Array(String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: "\"\(key)\"", with: "\"\(pick([key.uppercased(), key + " ", "", key + "\\u0000"]))\"").utf8)
        default:
            return replace(bytes, slot, with: typeSwap())
        }
    }

    /// Every value of the document (containers included, the root excluded), found without recursion.
    static func slots(of document: JSONDocument) -> [Slot] {
        var slots: [Slot] = []
        var stack: [JSONValue] = [document.root]
        while let value = stack.popLast() {
            value.forEachMember { key, member in
                slots.append(Slot(start: Int(member.entry.start), end: Int(member.entry.end), key: key.string, kind: member.kind))
                stack.append(member)
            }
            value.forEachElement { element in
                slots.append(Slot(start: Int(element.entry.start), end: Int(element.entry.end), key: nil, kind: element.kind))
                stack.append(element)
            }
        }
        return slots
    }

    private func replace(_ bytes: [UInt8], _ slot: Slot, with text: String) -> [UInt8] {
        Array(bytes[..<slot.start]) + Array(text.utf8) + Array(bytes[slot.end...])
    }

    /// A damaged value suited to the key (dates get date damage, `_ms` numbers number damage).
    mutating func replacement(for key: String?) -> String {
        let key = key ?? ""
        if key.hasSuffix("_ms") || key == "quantity" || key == "status" || key.hasSuffix("_date") && random.chance(3_000) {
            return random.chance(7_000) ? pick(Self.numbers) : typeSwap()
        }
        if key.contains("date") { return random.chance(6_000) ? pick(Self.dateTexts) : typeSwap() }
        if key.hasSuffix("_id") || key == "environment" || key == "receipt_type" || key == "in_app_ownership_type" {
            return random.chance(6_000) ? hostileString() : typeSwap()
        }
        switch random.int(0...3) {
        case 0: return hostileString()
        case 1: return pick(Self.numbers)
        default: return typeSwap()
        }
    }

    static let numbers = [
        "99999999999999999999", "\"99999999999999999999\"", "1e400", "-1e400", "1E3", "-1", "\"-1\"", "-0", "0", "1.0",
        "0.5", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "\"9223372036854775807\"",
        "253402300799999", "253402300800000", "\"253402300800000\"", "-2208988800001", "-2208988800000", "-62135596800000",
        "\"  1704067200000 \"", "\"0001704067200000\"", "1704067200000", "\"1704067200000\"", "1704067200000.5",
        "21007", "21008", "\"21006\"", "21002", "2", "1000001", "1000000", "\"999999\"", "10", "\"3\"",
        "253370764799999", "\"253370764799999\"", "-2208988800000", "\"-2208988799999\"",
    ]

    static let dateTexts = [
        "\"2024-03-10 02:30:00 America/Los_Angeles\"", "\"2024-11-03 01:30:00 America/Los_Angeles\"",
        "\"9999-12-31 23:59:59 Etc/GMT\"", "\"1899-12-31 23:59:59 Etc/GMT\"", "\"2024-02-30 00:00:00 Etc/GMT\"",
        "\"2024-01-01T00:00:00+25:00\"", "\"2024-01-01T00:00:00.999999999999999Z\"", "\"\"", "\"  \"",
        "\"0000-00-00 00:00:00 Etc/GMT\"", "\"2024-13-01T00:00:00Z\"", "\"+002024-01-01T00:00:00Z\"",
        "\"2024-01-01 24:00:00 Etc/GMT\"", "\"2016-12-31 23:59:60 Etc/GMT\"", "\"2024-01-01 00:00:00\"",
        "\"2024-01-01 00:00:00 Mars/Olympus\"", "\"2024-01-01T00:00:00Z\"", "\"1704067200000\"", "\"-1704067200000\"",
        "\"2024-06-01 12:00:00 Etc/GMT\\u0000\"", "\"２０２４-01-01T00:00:00Z\"",
    ]

    static let hostileTexts = [
        "=1+2", "+1", "-1+1", "@SUM(A1)", "\\t=cmd", "\\r=cmd", "=cmd|' /C calc'!A0", "-", "=", "'=x",
        "<script>alert(1)</script>", "<zzfuzz>", "\\\"><img src=x onerror=alert(1)>", "</td></tr></table><script>x</script>",
        "javascript:alert(1)", "{{title}}", "{{{svg}}}", "a\\u0000b", "\\u0000", "\\ud800", "\\udc00x", "\\ud83d\\ude00",
        "\\u202eevil", "e\\u0301", "\\u00e9", ",\\\"\\n\\r", "\\n", "Sandbox", "sandbox", "PRODUCTION", " Production ",
        "FAMILY_SHARED", "family_shared", "true", "yes", "0", "", " ", "ProductionSandbox", "com.example.app",
    ]

    mutating func hostileString() -> String {
        if random.chance(300) {
            let count = random.int(1...200_000)
            return "\"" + String(repeating: pick(["A", "=", "<", "\\u0000", "é", ","]), count: count) + "\""
        }
        if random.chance(500) {
            // Invalid UTF-8 inside a string: not JSON, the record must be rejected.
            return "\"a" + String(decoding: [0xC3], as: UTF8.self) + "\""
        }
        return "\"" + pick(Self.hostileTexts) + "\""
    }

    mutating func typeSwap() -> String {
        pick([
            "\"x\"", "\"\"", "0", "-1", "1.5", "true", "false", "null", "[]", "{}", "[1,\"a\",null]", "{\"a\":1}",
            "[{\"transaction_id\":\"1\"}]", "{\"transaction_id\":{}}", "\"[]\"", "[[[]]]",
        ])
    }

    mutating func deepNesting() -> String {
        let depth = random.chance(300) ? 100_000 : random.int(2...700)
        if random.chance(5_000) {
            return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        return String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[random.int(0...(items.count - 1))]
    }

    mutating func pickIfAny<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[random.int(0...(items.count - 1))]
    }
}
