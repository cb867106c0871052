/// Records held in memory: for tests, the fuzzer and generated data.
struct ArrayRecordSource: RecordSource {
    struct Row: Sendable {
        var id: FieldValue
        var userID: FieldValue
        var verifiedAt: FieldValue
        var claimedEnvironment: FieldValue
        var response: ResponseColumn

        init(id: FieldValue, userID: FieldValue, verifiedAt: FieldValue, claimedEnvironment: FieldValue = .null, response: ResponseColumn) {
            self.id = id
            self.userID = userID
            self.verifiedAt = verifiedAt
            self.claimedEnvironment = claimedEnvironment
            self.response = response
        }

        /// The common case: integer id and ms, text user and a JSON text body.
        init(id: Int64, user: String, verifiedAt: Int64, claimed: String? = nil, json: String) {
            self.init(id: .integer(id), userID: .text(user), verifiedAt: .integer(verifiedAt),
                      claimedEnvironment: claimed.map { .text($0) } ?? .null, response: .bytes(Array(json.utf8)))
        }
    }

    var rows: [Row]
    var label: String { "\(rows.count) records in memory" }

    init(_ rows: [Row]) { self.rows = rows }

    func scanRecords(_ body: (RecordKeys, FieldValue, UnsafeRawBufferPointer?) throws -> Bool) throws {
        for row in rows {
            let keys = RecordKeys(id: row.id, userID: row.userID, verifiedAt: row.verifiedAt)
            let more: Bool
            switch row.response {
            case .null: more = try body(keys, row.claimedEnvironment, nil)
            case .bytes(let bytes): more = try bytes.withUnsafeBytes { try body(keys, row.claimedEnvironment, $0) }
            }
            guard more else { return }
        }
    }
}
