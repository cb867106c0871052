/// One stored verification result before its JSON is written: who, when, and what kind of
/// answer. The answer's transactions follow from the account's state at `verifiedAt`.
struct DemoRecordPlan {
    var user: Int32
    var verifiedAt: Int64
    /// When the device made the receipt that was sent: `in_app` holds what existed then,
    /// `latest_receipt_info` what exists at `verifiedAt` (so renewals show only there).
    var receiptAt: Int64
    var body: DemoBody = .answer
    var claimed: DemoClaim = .automatic
    var timeForm: DemoTimeForm = .automatic
    var flags: DemoRecordFlags = []
    /// Extra delay before the row is inserted (asynchronous workers store answers late).
    var storeDelay: Int64?
    /// Position in generation order: the tie-breaker that keeps sorting deterministic.
    var sequence: Int32 = 0

    var isSigned: Bool {
        if case .signed = body { return true }
        return false
    }
}

/// What the `response` column holds.
enum DemoBody: Equatable {
    /// A full answer (status 0, or 21006 for an expired old-style receipt).
    case answer
    case expiredAnswer
    /// `{"status":N}`: 21007/21008 redirects and the error statuses.
    case status(Int)
    /// A full answer cut off in the middle.
    case truncated
    case empty
    case null
    case emptyArray
    /// `"status":"abc"`
    case statusNotANumber
    /// An object without `status`.
    case missingStatus
    /// A signed record of SPEC §9: a V2 notification, a Server API answer, a bare JWS.
    case signed(DemoSignedBody)

    /// A whole response that is one signed transaction (a JSON string or bare text), not an object.
    var isSignedTransaction: Bool {
        if case .signed(.transaction) = self { return true }
        return false
    }

    /// Whether the body is meant to be parseable JSON.
    var isJSON: Bool {
        switch self {
        case .truncated, .empty, .null: return false
        case .signed(.transaction(_, let bare)): return !bare
        default: return true
        }
    }
}

/// The `claimed_environment` column.
enum DemoClaim: Equatable {
    /// Decided when the world is finished (NULL before the server stored it, else the truth).
    case automatic
    case value(String)
    case null
}

/// How `verified_at` is stored.
enum DemoTimeForm: Equatable {
    /// Integer ms mostly; text in the months before the server's schema change.
    case automatic
    case millis
    case gmtText
    case isoText
    case digitText
    case text(String)
}

struct DemoRecordFlags: OptionSet {
    var rawValue: UInt8
    /// `"status":"0"` instead of `0`.
    static let statusAsText = DemoRecordFlags(rawValue: 1)
    /// A UTF-8 byte order mark before the body.
    static let byteOrderMark = DemoRecordFlags(rawValue: 2)
    /// `\/` for every slash, as PHP's `json_encode` writes.
    static let escapedSlashes = DemoRecordFlags(rawValue: 4)
    /// In NDJSON, `response` is a string holding the JSON instead of an object.
    static let responseAsString = DemoRecordFlags(rawValue: 8)
    /// In SQLite, `response` is a BLOB instead of TEXT (the same bytes).
    static let storedAsBlob = DemoRecordFlags(rawValue: 16)
}
