/// One form of a date field as the JSON layer found it.
enum TimestampInput: Equatable, Sendable {
    /// The key is not in the object.
    case absent
    /// A JSON string.
    case text(String)
    /// A JSON integer number.
    case integer(Int64)
    /// Any other JSON value: `true`, `1.5`, an object, an array (`null` is the JSON layer's choice).
    case other
}

/// The up to five forms of one date field `X` of a verifyReceipt answer, in order of preference.
///
/// SPEC §2 and §8 "Timestamps": `X_ms`, `X`, `X_formatted`, `X_pst`, `X_formatted_pst` (the
/// `_formatted` ones are forms of `expires_date` in old answers, which put ms digits in `X`).
struct TimestampForms: Equatable, Sendable {
    var ms: TimestampInput
    var text: TimestampInput
    var formatted: TimestampInput
    var pst: TimestampInput
    var formattedPST: TimestampInput

    init(ms: TimestampInput = .absent, text: TimestampInput = .absent, formatted: TimestampInput = .absent,
         pst: TimestampInput = .absent, formattedPST: TimestampInput = .absent) {
        self.ms = ms
        self.text = text
        self.formatted = formatted
        self.pst = pst
        self.formattedPST = formattedPST
    }

    /// Two readings closer than this agree (SPEC §8: a mismatch is |Δ| ≥ 1000 ms).
    static let mismatchThresholdMillis: Int64 = 1_000

    /// The field's instant and the findings its forms raise.
    ///
    /// - The instant comes from the first form, in order of preference, that has one; a repeated
    ///   Pacific hour gives its earlier instant, a skipped one none.
    /// - `_ms` counts only as an integer or a digit string (surrounding whitespace allowed); anything
    ///   else there is ignored: not sent, no finding. A digit string or integer outside
    ///   `UnixMillis.readableRange` (or beyond `Int64`) was sent but is unreadable, like any other form.
    /// - The other forms read text by `TimestampText` (so digit text is ms too), integers as ms, and
    ///   any other JSON value as sent but unreadable.
    func resolve() -> TimestampFieldReading {
        Self.resolve(ms: Self.readMillisForm(ms), text: Self.read(text), formatted: Self.read(formatted),
                     pst: Self.read(pst), formattedPST: Self.read(formattedPST))
    }

    /// `resolve()` for forms already read, in order of preference; nil is a form that was not
    /// sent (or an ignored `_ms`). The JSON layer reads forms straight from the answer's bytes
    /// and calls this, so that no form becomes a `String` first.
    static func resolve(ms: TimestampReading?, text: TimestampReading?, formatted: TimestampReading?,
                        pst: TimestampReading?, formattedPST: TimestampReading?) -> TimestampFieldReading {
        var result = TimestampFieldReading(instant: nil, isPresent: false, mismatch: false, ambiguousPST: false, invalidPST: false)
        // The instants each readable form allows, for the pairwise mismatch check.
        var candidates = Candidates()
        take(ms, into: &result, candidates: &candidates)
        take(text, into: &result, candidates: &candidates)
        take(formatted, into: &result, candidates: &candidates)
        take(pst, into: &result, candidates: &candidates)
        take(formattedPST, into: &result, candidates: &candidates)
        result.mismatch = candidates.disagree()
        return result
    }

    /// Adds one form's reading to the field's: the first instant wins, and its instants join
    /// the candidates of the mismatch check.
    private static func take(_ reading: TimestampReading?, into result: inout TimestampFieldReading, candidates: inout Candidates) {
        guard let reading else { return }
        result.isPresent = true
        switch reading {
        case .instant(let instant) where result.instant == nil:
            result.instant = instant
        case .ambiguous(let earlier, _) where result.instant == nil:
            result.instant = earlier
            result.ambiguousPST = true
        case .skipped:
            result.invalidPST = true
        default:
            break
        }
        if let allowed = reading.candidates { candidates.append(allowed) }
    }

    /// Up to five forms' instants, held inline (this runs a dozen times per transaction copy, so
    /// no array is allocated for it).
    private struct Candidates {
        private var pairs: ((Int64, Int64), (Int64, Int64), (Int64, Int64), (Int64, Int64), (Int64, Int64)) =
            ((0, 0), (0, 0), (0, 0), (0, 0), (0, 0))
        private var count = 0

        mutating func append(_ pair: (earlier: Int64, later: Int64)) {
            withUnsafeMutableBytes(of: &pairs) { $0.storeBytes(of: (pair.earlier, pair.later), toByteOffset: count * 16, as: (Int64, Int64).self) }
            count += 1
        }

        /// Whether two forms that both have instants are 1 s or more apart; an ambiguous form
        /// agrees with another when either of its instants does.
        func disagree() -> Bool {
            withUnsafeBytes(of: pairs) { raw in
                func pair(_ index: Int) -> (earlier: Int64, later: Int64) {
                    let value = raw.load(fromByteOffset: index * 16, as: (Int64, Int64).self)
                    return (value.0, value.1)
                }
                for first in 0..<count {
                    let lhs = pair(first)
                    for second in (first + 1)..<count {
                        let rhs = pair(second)
                        let agree = TimestampForms.close(lhs.earlier, rhs.earlier) || TimestampForms.close(lhs.earlier, rhs.later)
                            || TimestampForms.close(lhs.later, rhs.earlier) || TimestampForms.close(lhs.later, rhs.later)
                        if !agree { return true }
                    }
                }
                return false
            }
        }
    }

    private static func close(_ lhs: Int64, _ rhs: Int64) -> Bool {
        (lhs - rhs).magnitude < mismatchThresholdMillis.magnitude
    }

    /// `X_ms`: nil (ignored) unless it is an integer or a digit string.
    private static func readMillisForm(_ input: TimestampInput) -> TimestampReading? {
        switch input {
        case .integer(let millis):
            return readable(millis)
        case .text(let text):
            return isDigitString(text) ? TimestampText.parse(text) : nil
        case .absent, .other:
            return nil
        }
    }

    /// `X`, `X_formatted`, `X_pst`, `X_formatted_pst`: nil only when absent.
    private static func read(_ input: TimestampInput) -> TimestampReading? {
        switch input {
        case .absent: return nil
        case .text(let text): return TimestampText.parse(text)
        case .integer(let millis): return readable(millis)
        case .other: return .unreadable
        }
    }

    /// An integer form: its instant when in `UnixMillis.readableRange`, else unreadable.
    static func readable(_ millis: Int64) -> TimestampReading {
        UnixMillis.readableRange.contains(UnixMillis(millis)) ? .instant(UnixMillis(millis)) : .unreadable
    }

    /// ASCII digits only, after trimming ASCII whitespace; at least one digit.
    static func isDigitString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0, end = bytes.count
        while start < end && TimestampText.isWhitespace(bytes[start]) { start += 1 }
        while end > start && TimestampText.isWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return false }
        for index in start..<end where bytes[index] &- UInt8(ascii: "0") >= 10 { return false }
        return true
    }

    /// ASCII digits only, after trimming ASCII whitespace; at least one digit.
    private static func isDigitString(_ text: String) -> Bool {
        let bytes = text.utf8.drop(while: TimestampText.isWhitespace).reversed().drop(while: TimestampText.isWhitespace)
        return !bytes.isEmpty && bytes.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }
}

/// What one date field says, for the caller to book and to raise anomalies from.
struct TimestampFieldReading: Equatable, Sendable {
    /// The instant the preferred readable form gives; nil when none does.
    var instant: UnixMillis?
    /// Some form was sent (an ignored `_ms` does not count). Present without an instant is
    /// unreadable: the caller raises `bad_timestamp`.
    var isPresent: Bool
    /// Two forms with instants disagree by 1 s or more (`timestamp_mismatch`).
    var mismatch: Bool
    /// The form the instant came from is a repeated-hour Pacific time (`ambiguous_pst`).
    var ambiguousPST: Bool
    /// Some form is a Pacific time skipped in spring (`invalid_pst`), even when another form decides.
    var invalidPST: Bool

    var isUnreadable: Bool { isPresent && instant == nil }
}

private extension TimestampReading {
    /// The instants this reading allows (the same one twice unless it is a repeated hour); nil
    /// when it has none.
    var candidates: (earlier: Int64, later: Int64)? {
        switch self {
        case .instant(let instant): return (instant.rawValue, instant.rawValue)
        case .ambiguous(let earlier, let later): return (earlier.rawValue, later.rawValue)
        case .skipped, .unreadable: return nil
        }
    }
}
