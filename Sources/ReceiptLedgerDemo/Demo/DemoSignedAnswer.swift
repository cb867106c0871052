/// What a signed record holds (SPEC §9's kinds `notification_v2`, `server_api`, `signed_transaction`).
enum DemoSignedBody: Equatable {
    /// Decided from the account at the record's instant: a V2 notification about a purchase or
    /// renewal charged in the hours before, else a Get Transaction History answer.
    case automatic
    /// Get Transaction History: every transaction of the account Apple lists at that instant.
    case history
    /// One V2 notification about one transaction.
    case notification(DemoNotification)
    /// One signed transaction as the whole response: a JSON string, or bare text (`bare`).
    case transaction(Int32, bare: Bool)
}

/// A V2 notification (`responseBodyV2DecodedPayload`) about one transaction.
struct DemoNotification: Equatable {
    var type: String
    var subtype: String?
    var transaction: Int32
    /// Apple's `notificationUUID`; a retried delivery repeats it (and everything else).
    var uuid: String
    var signedAt: Int64
    /// Stored as the decoded payload (an object with `notificationType`) instead of `signedPayload`.
    var decoded = false
}

/// The signed answer of one planned record, resolved from the world: which transactions it
/// shows and how each was signed. The renderer and the order book read the same resolution.
struct DemoSignedAnswer {
    /// A purchase or renewal charged within this span before a server record is announced by a notification.
    static let notificationWindow = 12 * DemoCalendar.hour

    let body: DemoSignedBody
    let plan: DemoRecordPlan
    let account: DemoAppleAccount
    let transactions: [DemoTransaction]

    init(_ plan: DemoRecordPlan, world: DemoWorld) {
        self.plan = plan
        self.account = world.account(of: plan.user)
        self.transactions = world.transactions
        guard case .signed(let body) = plan.body else {
            self.body = .history
            return
        }
        self.body = body == .automatic ? DemoSignedAnswer.resolve(plan, account: account, world: world) : body
    }

    /// The instant Apple signed this answer's payloads (the notification's, else just before the record).
    var signedAt: Int64 {
        if case .notification(let notification) = body { return notification.signedAt }
        return plan.verifiedAt - 700 - Int64(plan.sequence % 300)
    }

    /// Whether the answer shows the transaction at `index`.
    func shows(_ index: Int32) -> Bool {
        switch body {
        case .automatic, .history: return listedInHistory(transactions[Int(index)])
        case .notification(let notification): return notification.transaction == index
        case .transaction(let shown, _): return shown == index
        }
    }

    /// Get Transaction History lists what was bought by then; a consumable only while the app
    /// has not finished it (about an hour) or once it is refunded.
    func listedInHistory(_ transaction: DemoTransaction) -> Bool {
        guard transaction.purchase <= plan.verifiedAt else { return false }
        if transaction.product.isConsumable {
            let refunded = transaction.cancellation.map { $0 <= plan.verifiedAt } ?? false
            return refunded || plan.verifiedAt - transaction.purchase <= DemoVisibility.unfinishedConsumable
        }
        return true
    }

    /// A notification when the record follows a charge by a few hours (the server's endpoint
    /// heard of it first), decoded on about one record in four; a history answer otherwise.
    private static func resolve(_ plan: DemoRecordPlan, account: DemoAppleAccount, world: DemoWorld) -> DemoSignedBody {
        var latest: Int32?
        for index in account.transactions {
            let transaction = world.transactions[Int(index)]
            guard transaction.purchase <= plan.verifiedAt, plan.verifiedAt - transaction.purchase <= notificationWindow else { continue }
            if let current = latest, world.transactions[Int(current)].purchase > transaction.purchase { continue }
            latest = index
        }
        guard let index = latest else { return .history }
        let transaction = world.transactions[Int(index)]
        var random = DemoRandom(seed: world.seed, stream: 0x51_6E00_0000 + UInt64(plan.sequence))
        let type: String
        var subtype: String?
        if !transaction.isSubscription {
            type = "ONE_TIME_CHARGE"
        } else if transaction.transactionID == transaction.originalTransactionID {
            type = "SUBSCRIBED"
            subtype = "INITIAL_BUY"
        } else {
            type = "DID_RENEW"
        }
        let signedAt = max(transaction.purchase, plan.verifiedAt - random.int(DemoCalendar.second...40 * DemoCalendar.second))
        return .notification(
            DemoNotification(
                type: type, subtype: subtype, transaction: index, uuid: DemoSignedAnswer.uuid(&random), signedAt: signedAt,
                decoded: random.chance(2_500)))
    }

    /// A random version-4 UUID in lower case, as Apple writes `notificationUUID`.
    static func uuid(_ random: inout DemoRandom) -> String {
        let high = random.next()
        let low = random.next()
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for (position, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if position == 8 || position == 12 { text.append(UInt8(ascii: "-")) }
            text.append(position == 12 ? UInt8(ascii: "4") : hex[Int((high >> UInt64(shift)) & 0xF)])
        }
        for (position, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if position == 0 || position == 4 { text.append(UInt8(ascii: "-")) }
            text.append(position == 0 ? hex[8 + Int((low >> 62) & 0x3)] : hex[Int((low >> UInt64(shift)) & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
