/// `notifications.csv` (SPEC §9): one row per distinct V2 `notificationUUID`, or per record for
/// V1 and for a V2 notification without one; key (`signed_date`, `notification_uuid`, `record_id`).
enum NotificationsFile {
    static let name = "notifications.csv"
    static let columns: [ReportColumn] = [
        .text("record_id"), .text("user_id"), .text("kind"), .text("notification_type"), .text("subtype"),
        .text("notification_uuid"), .instant("signed_date"), .text("environment"), .text("transaction_id"),
        .text("original_transaction_id"),
    ]
    static let header = columns.map(\.name)

    /// The file for `ReportRun`: the rows streamed in key order, each made when it is written
    /// (as a table of cells, a large run's notifications took ten times their own memory).
    static func csv(_ rows: [NotificationRow]) -> ReportCSV {
        let order = keyOrder(rows)
        return .streamed(columns: columns, count: order.count) { range, writer in
            for index in order[range] { appendRow(rows[index], to: &writer) }
        }
    }

    /// Positions of `rows` in key order (see `table`).
    static func keyOrder(_ rows: [NotificationRow]) -> [Int] {
        let signed = rows.map { $0.event.signedDate?.iso8601 ?? "" }
        return rows.indices.sorted { l, r in
            if signed[l] != signed[r] { return signed[l].unicodeScalars.lexicographicallyPrecedes(signed[r].unicodeScalars) }
            let leftUUID = rows[l].event.uuid, rightUUID = rows[r].event.uuid
            if leftUUID != rightUUID { return leftUUID.unicodeScalars.lexicographicallyPrecedes(rightUUID.unicodeScalars) }
            return rows[l].recordID < rows[r].recordID
        }
    }

    static func appendRow(_ n: NotificationRow, to writer: inout CSVRowWriter) {
        let e = n.event
        writer.number(String(n.recordID))
        writer.text(n.user)
        writer.text(e.kind.rawValue)
        writer.text(e.notificationType)
        writer.text(e.subtype)
        writer.text(e.uuid)
        writer.instant(e.signedDate)
        writer.text(e.environment?.rawValue ?? "")
        writer.text(e.transactionIDText)
        writer.text(e.originalTransactionIDText)
        writer.endRow()
    }

    /// The rows in key order as cells (the slow path tests compare with): the ISO text of
    /// `signed_date` (empty first) and the UUID by code point, then `record_id` as a number. No
    /// two rows share a key (a record holds one notification), so the key decides the whole order.
    static func table(_ rows: [NotificationRow]) -> CSVTable {
        let keyed = rows.map { (signed: $0.event.signedDate?.iso8601 ?? "", row: $0) }
        let sorted = keyed.sorted { l, r in
            if l.signed != r.signed { return l.signed.unicodeScalars.lexicographicallyPrecedes(r.signed.unicodeScalars) }
            if l.row.event.uuid != r.row.event.uuid {
                return l.row.event.uuid.unicodeScalars.lexicographicallyPrecedes(r.row.event.uuid.unicodeScalars)
            }
            return l.row.recordID < r.row.recordID
        }
        var table = CSVTable(header: header)
        for (_, n) in sorted {
            let e = n.event
            table.append([.number(String(n.recordID)), .text(n.user), .text(e.kind.rawValue), .text(e.notificationType), .text(e.subtype),
                          .text(e.uuid), .instant(e.signedDate), .text(e.environment?.rawValue ?? ""), .text(e.transactionID),
                          .text(e.originalTransactionID)])
        }
        return table
    }
}
