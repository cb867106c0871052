/// Orders against transactions (SPEC §7 `reconciliation.csv`, §8 "Orders", "Reconciliation
/// rows"): refunds whose content was never taken back, and deliveries that do not match a
/// paid transaction.
struct Reconciliation: Sendable {
    enum Finding: String, Sendable, CaseIterable {
        case refundNotRevoked = "refund_not_revoked"
        case deliveredOnSandbox = "delivered_on_sandbox"
        case deliveredWithoutTransaction = "delivered_without_transaction"
        case duplicateDelivery = "duplicate_delivery"
        case orderUserMismatch = "order_user_mismatch"
        case transactionWithoutOrder = "transaction_without_order"
        /// Issue 21: an order's non-empty `delivered_at` / `revoked_at` that is no timestamp. The
        /// order is still judged as SPEC §8 says (an unreadable revocation counts as none), and
        /// this row says why, so that a typo is not taken for a refund leak.
        case badDeliveredAt = "bad_delivered_at"
        case badRevokedAt = "bad_revoked_at"

        /// What the finding means, in plain words, for the report's pages.
        var explanation: String {
            switch self {
            case .refundNotRevoked:
                return "The transaction was refunded, but its order was not revoked within the grace period: content kept after the money went back."
            case .deliveredOnSandbox: return "The order was delivered on a transaction found only in Sandbox (test) records."
            case .deliveredWithoutTransaction: return "The order names a transaction that no accepted record holds, or names none."
            case .duplicateDelivery: return "A second order for a transaction that an earlier order already delivered."
            case .orderUserMismatch: return "The order's user is not the user who owns the transaction."
            case .transactionWithoutOrder: return "A paid production sale that no order names: paid, never delivered."
            case .badDeliveredAt:
                return "The order's delivered_at could not be read as a timestamp; it is shown as written, and the delivery counts as made at an unknown time."
            case .badRevokedAt:
                return "The order's revoked_at could not be read as a timestamp; it is shown as written, and the order counts as not revoked, "
                    + "so a refund on it is listed as refund_not_revoked: check the order before treating that as a leak."
            }
        }
    }

    struct Row: Sendable {
        var finding: Finding
        var order: Order?
        var transaction: Transaction?
        /// The id the order names, or the transaction's.
        var transactionID: String
        var leakHundredthsOfDays: Int64?
        var detail: String
    }

    private(set) var rows: [Row] = []

    /// - Parameters:
    ///   - knownTransactionIDs: every id held by an accepted record, booked or not.
    init(orders: [Order], journal: Journal, knownTransactionIDs: HeldTransactionIDs, asOf: UnixMillis?, graceHours: GraceHours) {
        // The journal's index answers by id, without a dictionary of its own: the transaction
        // numbers of an id, which mark a production one as named by some order and lead to the
        // booked transaction it names (production first, as SPEC §8 "Orders" says).
        let index = knownTransactionIDs.index
        let grace = graceHours.milliseconds
        var named = [Bool](repeating: false, count: index.count)

        // Orders per booked transaction number, as positions in `orders`: the first, and any
        // later ones (most transactions have one order, so most need no array).
        var firstOrder = [Int32](repeating: -1, count: index.count)
        var laterOrders: [Int: [Int]] = [:]
        // Orders of ids no booked transaction answers (held by no accepted record, or held but
        // never booked), by id: `duplicate_delivery` is judged for them too (SPEC §8 Revision 2).
        var unbookedOrders: [String: [Int]] = [:]
        // Each order's transaction number, found first (the index numbers fewer than 2^31).
        var numbers = [Int32](repeating: -1, count: orders.count)
        for position in orders.indices {
            let id = ExactString(orders[position].transactionID)
            // Only production transactions can lack an order, so only they are marked; the
            // sandbox one is looked up when there is no production one (one probe, not two,
            // for most orders).
            if let production = index.find(.production, id) {
                named[production] = true
                numbers[position] = Int32(production)
            } else if let sandbox = index.find(.sandbox, id) {
                numbers[position] = Int32(sandbox)
            }
        }
        for position in orders.indices {
            // Fields are read one by one: a copy of the order would retain each of its texts.
            let transactionID = orders[position].transactionID
            if let unreadable = orders[position].unreadable {
                // The transaction it names, when that one was booked, gives the money at stake.
                let known = transactionID.isEmpty || numbers[position] < 0 ? nil : journal.transaction(number: Int(numbers[position]))
                if unreadable.deliveredAt != nil {
                    rows.append(Row(finding: .badDeliveredAt, order: orders[position], transaction: known, transactionID: transactionID.string,
                                    detail: "delivered_at could not be read as a timestamp; the delivery is counted at an unknown time"))
                }
                if unreadable.revokedAt != nil {
                    rows.append(Row(finding: .badRevokedAt, order: orders[position], transaction: known, transactionID: transactionID.string,
                                    detail: "revoked_at could not be read as a timestamp; the order is treated as not revoked"))
                }
            }
            guard !transactionID.isEmpty, numbers[position] >= 0 else {
                rows.append(Row(finding: .deliveredWithoutTransaction, order: orders[position], transaction: nil, transactionID: transactionID.string,
                                detail: transactionID.isEmpty ? "the order names no transaction" : "no accepted record holds this transaction"))
                if !transactionID.isEmpty { unbookedOrders[transactionID.string, default: []].append(position) }
                continue
            }
            // The production transaction when an accepted production record holds the id,
            // booked or not (an unbooked one raises nothing but `duplicate_delivery`: no readable
            // purchase date), else the sandbox one.
            let number = Int(numbers[position])
            guard let t = journal.transaction(number: number) else {
                unbookedOrders[transactionID.string, default: []].append(position)
                continue
            }
            if firstOrder[number] < 0 { firstOrder[number] = Int32(position) } else { laterOrders[number, default: []].append(position) }
            if t.environment == .sandbox {
                rows.append(Row(finding: .deliveredOnSandbox, order: orders[position], transaction: t, transactionID: t.transactionID,
                                detail: "the transaction exists only in Sandbox records"))
            }
            if !orders[position].userID.hasSameUTF8(as: t.userName) {
                let order = orders[position]
                rows.append(Row(finding: .orderUserMismatch, order: order, transaction: t, transactionID: t.transactionID,
                                detail: "order user \(order.userID) vs transaction owner \(t.userName)"))
            }
            if t.environment == .production, t.isRefund, let cancellation = t.cancellation {
                let revokedAt = orders[position].revokedAt
                let revokedInTime = revokedAt.map { $0.rawValue <= cancellation.rawValue + grace } ?? false
                if !revokedInTime {
                    let end = revokedAt ?? asOf ?? cancellation
                    let leak = HalfEven.divide((end.rawValue - cancellation.rawValue) * 100, by: 86_400_000)
                    let detail = revokedAt != nil ? "revoked more than \(graceHours.text) h after the refund"
                        : orders[position].unreadable?.revokedAt != nil ? "refunded; the unreadable revoked_at counts as never revoked"
                        : "refunded but never revoked"
                    rows.append(Row(finding: .refundNotRevoked, order: orders[position], transaction: t, transactionID: t.transactionID,
                                    leakHundredthsOfDays: leak, detail: detail))
                }
            }
        }
        for (number, later) in laterOrders {
            guard let t = journal.transaction(number: number) else { continue }
            let sorted = ([Int(firstOrder[number])] + later).map { orders[$0] }.sorted(by: Reconciliation.deliveryOrder)
            for order in sorted.dropFirst() {
                rows.append(Row(finding: .duplicateDelivery, order: order, transaction: t, transactionID: t.transactionID,
                                detail: "already delivered by order \(sorted[0].orderID)"))
            }
        }
        for (transactionID, positions) in unbookedOrders where positions.count > 1 {
            let sorted = positions.map { orders[$0] }.sorted(by: Reconciliation.deliveryOrder)
            for order in sorted.dropFirst() {
                rows.append(Row(finding: .duplicateDelivery, order: order, transaction: nil, transactionID: transactionID,
                                detail: "already delivered by order \(sorted[0].orderID)"))
            }
        }
        // Every production sale no order names, by transaction number (the file sorts its rows).
        for number in named.indices where !named[number] {
            guard let t = journal.transaction(number: number), t.environment == .production, t.status == .sold else { continue }
            rows.append(Row(finding: .transactionWithoutOrder, order: nil, transaction: t, transactionID: t.transactionID,
                            detail: "paid, never delivered"))
        }
    }

    /// (`delivered_at`, `order_id`) with an unreadable `delivered_at` last.
    static func deliveryOrder(_ lhs: Order, _ rhs: Order) -> Bool {
        switch (lhs.deliveredAt, rhs.deliveredAt) {
        case let (l?, r?) where l != r: return l < r
        case (nil, .some): return false
        case (.some, nil): return true
        default: return orderIDPrecedes(lhs.orderID, rhs.orderID)
        }
    }

    /// Integers first, numerically; then text by code point.
    static func orderIDPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        switch (JSONValue.parseDigits(lhs, allowSign: true), JSONValue.parseDigits(rhs, allowSign: true)) {
        case let (l?, r?): return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
        }
    }
}
