import Foundation
@testable import ReceiptLedger

/// One fuzz input: stored records (columns exactly as a source would give them), optional
/// orders and the run's options. Codable, so an input that once failed is kept as a JSON file
/// under `Tests/Fixtures/fuzz/regressions/` and replayed by every test run, independent of the
/// mutator that found it (responses are base64: they may hold any bytes).
struct FuzzCase: Codable {
    /// A column value, as `FieldValue`.
    enum Field: Codable, Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case other(String)

        var value: FieldValue {
            switch self {
            case .null: .null
            case .integer(let value): .integer(value)
            case .real(let value): .real(value)
            case .text(let value): .text(value)
            case .other(let value): .other(value)
            }
        }
    }

    struct Row: Codable {
        var id: Field
        var user: Field
        var verifiedAt: Field
        var claimed: Field
        /// nil is a NULL response.
        var response: Data?
    }

    struct OrderRow: Codable {
        var orderID: Field
        var user: Field
        var productID: Field
        var transactionID: Field
        var deliveredAt: Field
        var revokedAt: Field
    }

    struct Settings: Codable {
        var period = "month"
        var calendar = "gregorian"
        var timeZone = "UTC"
        var refunds = "refund-period"
        var asOf: Int64?
        var bundleIDs: [String] = []
        var graceHours = 24
        /// `dear`: the fuzz catalog at 10^16 minor units a unit (`catalog-dear.csv`): ten units
        /// reach the limit of exact sums, so some inputs are refused as out of range.
        var catalog: String?
    }

    var rows: [Row]
    var orders: [OrderRow]?
    var settings = Settings()

    var catalogPath: String {
        settings.catalog == "dear" ? HostileSupport.dearCatalogPath : HostileSupport.fuzzCatalogPath
    }

    var catalog: Catalog {
        settings.catalog == "dear" ? HostileSupport.dearCatalog : HostileSupport.catalog
    }

    var recordSource: ArrayRecordSource {
        ArrayRecordSource(rows.map { row in
            ArrayRecordSource.Row(id: row.id.value, userID: row.user.value, verifiedAt: row.verifiedAt.value,
                                  claimedEnvironment: row.claimed.value,
                                  response: row.response.map { .bytes([UInt8]($0)) } ?? .null)
        })
    }

    var orderList: [Order]? {
        orders?.map {
            Order(orderID: $0.orderID.value, userID: $0.user.value, productID: $0.productID.value,
                  transactionID: $0.transactionID.value, deliveredAt: $0.deliveredAt.value, revokedAt: $0.revokedAt.value)
        }
    }

    /// The run's options (the input named here is only a label; in-memory runs read no file).
    func options(input: RunOptions.Input = .ndjson(path: "fuzz.ndjson"), output: String = "reports") -> RunOptions {
        var options = RunOptions(input: input)
        options.period = PeriodUnit(rawValue: settings.period) ?? .month
        options.calendar = CalendarKind(rawValue: settings.calendar) ?? .gregorian
        options.timeZone = settings.timeZone
        options.refunds = RefundBooking(rawValue: settings.refunds) ?? .refundPeriod
        options.asOf = settings.asOf.map(UnixMillis.init)
        options.bundleIDs = settings.bundleIDs
        options.revokeGraceHours = GraceHours(hours: settings.graceHours)
        options.outputDirectory = output
        options.templatesDirectory = HostileSupport.templatesPath
        return options
    }

    // MARK: - Files

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }

    static func decode(_ data: Data) throws -> FuzzCase {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(FuzzCase.self, from: data)
    }

    /// The records as NDJSON lines: a response that is one line of JSON is embedded as an
    /// object, any other as a JSON string (invalid UTF-8 becomes U+FFFD on the way).
    func ndjson(embedObjects: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for row in rows {
            out += Array("{\"id\":\(Self.json(row.id)),\"user_id\":\(Self.json(row.user)),\"verified_at\":\(Self.json(row.verifiedAt)),".utf8)
            out += Array("\"claimed_environment\":\(Self.json(row.claimed)),\"response\":".utf8)
            if let response = row.response {
                let bytes = [UInt8](response)
                let oneLine = !bytes.contains(0x0A) && !bytes.contains(0x0D)
                if embedObjects, oneLine, let document = try? JSONDocument(bytes: bytes), document.root.kind == .object {
                    out += bytes
                } else {
                    out += Array(Self.quoted(String(decoding: bytes, as: UTF8.self)).utf8)
                }
            } else {
                out += Array("null".utf8)
            }
            out += Array("}\n".utf8)
        }
        return out
    }

    /// A JSON string literal (RFC 8259 escapes).
    static func quoted(_ text: String) -> String {
        String(JSONOutput.string(text).serialized().dropLast())
    }

    private static func json(_ field: Field) -> String {
        switch field {
        case .null: return "null"
        case .integer(let value): return String(value)
        case .real(let value): return value.isFinite ? String(value) : "null"
        case .text(let value): return quoted(value)
        case .other(let value): return (try? JSONDocument(text: value)) != nil ? value : quoted(value)
        }
    }

    /// The records in a new SQLite file, each column keeping its storage class; responses are
    /// TEXT (bytes as they are) or BLOB.
    func writeSQLite(to path: String, responsesAsBlobs: Bool) throws {
        let db = try SQLiteDatabase(path: path, readOnly: false)
        try db.execute("CREATE TABLE verification_results(id, user_id, verified_at, claimed_environment, response)")
        try db.execute("BEGIN")
        let insert = try db.prepare("INSERT INTO verification_results VALUES (?1, ?2, ?3, ?4, ?5)")
        for row in rows {
            for (index, field) in [row.id, row.user, row.verifiedAt, row.claimed].enumerated() {
                try insert.bind(Self.bindValue(field), at: Int32(index + 1))
            }
            if let response = row.response {
                if responsesAsBlobs {
                    try insert.bind(.blob([UInt8](response)), at: 5)
                } else {
                    try [UInt8](response).withUnsafeBytes { try insert.bindUTF8($0, at: 5) }
                }
            } else {
                try insert.bind(.null, at: 5)
            }
            _ = try insert.step()
            try insert.reset()
        }
        try db.execute("COMMIT")
    }

    private static func bindValue(_ field: Field) -> SQLiteBindValue {
        switch field {
        case .null: .null
        case .integer(let value): .integer(value)
        case .real(let value): .real(value)
        case .text(let value): .text(value)
        case .other(let value): .blob(Array(value.utf8))
        }
    }
}
