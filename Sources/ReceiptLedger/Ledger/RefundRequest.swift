/// An open refund request (SPEC §9 "Notifications are events too"): a V2 `CONSUMPTION_REQUEST`
/// notification (the customer asked Apple for a refund, Apple asks the app for consumption
/// data) with no `REFUND` or `REFUND_DECLINED` notification for the same transaction at or
/// after it. `refunds.csv` keeps only granted refunds; these are money at stake.
struct OpenRefundRequest: Sendable {
    var notification: NotificationRow
    /// The booked transaction it names, if any (its gross is the money at stake).
    var transaction: Transaction?

    /// The open requests of a journal, in processing order. "At or after" compares `signedDate`
    /// (without one on either side, an answer read after the request counts).
    static func open(in journal: Journal) -> [OpenRefundRequest] {
        let rows = journal.notifications
        var answers: [TransactionKey: [(position: Int, signed: UnixMillis?)]] = [:]
        for (position, row) in rows.enumerated()
        where (row.notificationType == "REFUND" || row.notificationType == "REFUND_DECLINED") && !row.transactionID.isEmpty {
            guard let environment = row.event.environment else { continue }
            answers[TransactionKey(environment, row.transactionID), default: []].append((position, row.event.signedDate))
        }
        var requests: [OpenRefundRequest] = []
        for (position, request) in rows.enumerated() where request.notificationType == "CONSUMPTION_REQUEST" && !request.transactionID.isEmpty {
            let environment = request.event.environment ?? .production
            let key = TransactionKey(environment, request.transactionID)
            let answered = (answers[key] ?? []).contains { answer in
                if let asked = request.event.signedDate, let at = answer.signed { return at >= asked }
                return answer.position > position
            }
            guard !answered else { continue }
            requests.append(OpenRefundRequest(notification: request, transaction: journal.transaction(environment, key.transactionID)))
        }
        return requests
    }
}
