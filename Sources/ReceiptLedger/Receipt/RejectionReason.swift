/// Why a record is in `rejected.csv`: every reason of SPEC §8 "Records", each spelled once
/// (`code`, the CSV text), so that no site can invent one (`SpecListsTests` checks the list
/// against SPEC). Decided by the row checks (`RecordIndex`) and by the reader (`ResponseReader`).
enum RejectionReason: Hashable, Sendable, CustomStringConvertible, CaseIterable {
    /// A status other than 0, 21006, 21007 and 21008: `status_<code>`.
    case status(Int64)
    case invalidJSON
    /// NULL or blank.
    case emptyResponse
    case notAnObject
    case missingStatus
    /// Not an integer (a digit string is accepted).
    case badStatus
    /// Status 0 or 21006 without a receipt object.
    case missingReceipt
    /// `in_app` or `latest_receipt_info` of a wrong type.
    case malformedReceipt
    case badID
    /// The later of two records with one id, in processing order.
    case duplicateID
    case badUserID
    case badVerifiedAt
    /// `--bundle-id` names other apps.
    case foreignBundle
    /// An object that is no kind of record of SPEC §9.
    case unknownFormat
    /// A JWS that is not three Base64URL parts, or whose payload is not a JSON object (SPEC §9).
    case invalidJWS

    /// One of each; `status(0)` stands for every `status_<code>`.
    static let allCases: [RejectionReason] = [
        .status(0), .invalidJSON, .emptyResponse, .notAnObject, .missingStatus, .badStatus, .missingReceipt,
        .malformedReceipt, .badID, .duplicateID, .badUserID, .badVerifiedAt, .foreignBundle, .unknownFormat, .invalidJWS,
    ]

    /// The text of the `reason` column.
    var code: String {
        switch self {
        case .status(let status): "status_\(status)"
        case .invalidJSON: "invalid_json"
        case .emptyResponse: "empty_response"
        case .notAnObject: "not_an_object"
        case .missingStatus: "missing_status"
        case .badStatus: "bad_status"
        case .missingReceipt: "missing_receipt"
        case .malformedReceipt: "malformed_receipt"
        case .badID: "bad_id"
        case .duplicateID: "duplicate_id"
        case .badUserID: "bad_user_id"
        case .badVerifiedAt: "bad_verified_at"
        case .foreignBundle: "foreign_bundle"
        case .unknownFormat: "unknown_format"
        case .invalidJWS: "invalid_jws"
        }
    }

    /// The reason as SPEC names it: `status_<code>` for every status.
    var specName: String {
        if case .status = self { return "status_<code>" }
        return code
    }

    var description: String { code }
}
